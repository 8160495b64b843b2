import { IconBuildingFactory2, IconScissors } from '@tabler/icons-react';
import { type AreaSection, PlaceholderArea } from '../../features/session';

const SECTIONS: AreaSection[] = [
  { path: 'locations', label: 'locations', icon: IconBuildingFactory2 },
  { path: 'machines', label: 'machines', icon: IconScissors },
];

/** spec §2 "Printing-shop admin": the screens arrive with their own issue; until then the frame and start page. */
export function Component() {
  return <PlaceholderArea area="printing-admin" sections={SECTIONS} />;
}
