import { IconBuildingStore, IconUsers } from '@tabler/icons-react';
import { type AreaSection, PlaceholderArea, TenantsPage } from '../shared';

const SECTIONS: AreaSection[] = [
  { path: 'tenants', label: 'tenants', icon: IconBuildingStore, element: <TenantsPage /> },
  { path: 'employees', label: 'employees', icon: IconUsers },
];

/** System administration: every client of the platform; staff management follows with its issue. */
export function Component() {
  return <PlaceholderArea area="system-admin" sections={SECTIONS} />;
}
