import { IconBuildingStore, IconChartBar, IconScissors } from '@tabler/icons-react';
import { type AreaSection, PlaceholderArea, TenantsPage } from '../shared';

const SECTIONS: AreaSection[] = [
  { path: 'tenants', label: 'tenants', icon: IconBuildingStore, element: <TenantsPage /> },
  { path: 'machines', label: 'machines', icon: IconScissors },
  { path: 'reports', label: 'reports', icon: IconChartBar },
];

/** spec §2 "Customer service": the clients list is real; machines and reports follow with their issue. */
export function Component() {
  return <PlaceholderArea area="service" sections={SECTIONS} />;
}
