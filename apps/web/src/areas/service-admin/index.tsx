import { IconMap2, IconUsers } from '@tabler/icons-react';
import { type AreaSection, PlaceholderArea } from '../shared';

const SECTIONS: AreaSection[] = [
  { path: 'service-areas', label: 'serviceAreas', icon: IconMap2 },
  { path: 'employees', label: 'employees', icon: IconUsers },
];

/** spec §2 "Customer-service admin": the screens arrive with their own issue; until then the frame and start page. */
export function Component() {
  return <PlaceholderArea area="service-admin" sections={SECTIONS} />;
}
