import { IconClipboardList, IconScissors } from '@tabler/icons-react';
import { type AreaSection, PlaceholderArea } from '../shared';

const SECTIONS: AreaSection[] = [
  { path: 'machines', label: 'machines', icon: IconScissors },
  { path: 'orders', label: 'orders', icon: IconClipboardList },
];

/** spec §2 "Printing-shop operator": the screens arrive with their own issue; until then the frame and start page. */
export function Component() {
  return <PlaceholderArea area="operator" sections={SECTIONS} touch />;
}
