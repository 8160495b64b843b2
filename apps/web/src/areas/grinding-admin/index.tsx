import { IconBuildingFactory2, IconUsersGroup } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';

const LocationsPage = lazy(() =>
  import('./pages/locations-page').then((m) => ({ default: m.LocationsPage })),
);
const LocationDetailsPage = lazy(() =>
  import('./pages/location-details-page').then((m) => ({ default: m.LocationDetailsPage })),
);

const PartnersPage = lazy(() =>
  import('../../features/logistics').then((m) => ({ default: m.GrindingShopPartnersPage })),
);

const HOME = '/grinding-admin';
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * product.md §2 "Grinding-shop admin": the locations overview (its start page, also at /locations) and a location's details
 * with the tabs Employees and Machines; the blocks are the printing-shop admin's. The partners page is
 * where the admin accepts a printing shop's invitation (knife logistics, issue 13).
 */
export function Component() {
  const { t } = useTranslation();
  const navItems: NavItem[] = [
    { to: HOME, label: t('sections.locations'), icon: IconBuildingFactory2 },
    { to: `${HOME}/partners`, label: t('logistics.partnerships.grinderTitle'), icon: IconUsersGroup },
  ];
  return (
    <AreaShell area="grinding-admin" navItems={navItems}>
      <Routes>
        <Route index element={page(<LocationsPage />)} />
        <Route path="locations" element={page(<LocationsPage />)} />
        <Route path="locations/:id" element={page(<LocationDetailsPage />)} />
        <Route path="partners" element={page(<PartnersPage />)} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
