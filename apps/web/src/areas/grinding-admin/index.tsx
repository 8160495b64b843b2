import { IconBuildingFactory2, IconUsers } from '@tabler/icons-react';
import { type AreaSection, PlaceholderArea } from '../shared';

const SECTIONS: AreaSection[] = [
  { path: 'locations', label: 'locations', icon: IconBuildingFactory2 },
  { path: 'employees', label: 'employees', icon: IconUsers },
];

/** spec §2 "Grinding-shop admin": the screens arrive with their own issue; until then the frame and start page. */
export function Component() {
  return <PlaceholderArea area="grinding-admin" sections={SECTIONS} />;
}
