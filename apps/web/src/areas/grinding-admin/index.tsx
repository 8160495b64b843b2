import { IconBuildingFactory2 } from '@tabler/icons-react';
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

const HOME = '/grinding-admin';
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * spec §2 "Grinding-shop admin": the locations overview (its start page, also at /locations) and a location's details
 * with the tabs Employees and Machines; the blocks are the printing-shop admin's.
 */
export function Component() {
  const { t } = useTranslation();
  const navItems: NavItem[] = [{ to: HOME, label: t('sections.locations'), icon: IconBuildingFactory2 }];
  return (
    <AreaShell area="grinding-admin" navItems={navItems}>
      <Routes>
        <Route index element={page(<LocationsPage />)} />
        <Route path="locations" element={page(<LocationsPage />)} />
        <Route path="locations/:id" element={page(<LocationDetailsPage />)} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
