import { IconScissors } from '@tabler/icons-react';
import { type AreaSection, PlaceholderArea } from '../shared';

const SECTIONS: AreaSection[] = [{ path: 'machines', label: 'machines', icon: IconScissors }];

/** spec §6 "manufacturer": the screens arrive with their own issue; until then the frame and start page. */
export function Component() {
  return <PlaceholderArea area="manufacturer" sections={SECTIONS} />;
}
