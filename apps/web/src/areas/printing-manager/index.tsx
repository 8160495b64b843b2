import {
  IconBell,
  IconBlade,
  IconBuildingFactory2,
  IconChartBar,
  IconColumns,
  IconGauge,
  IconTruckDelivery,
  IconUsersGroup,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';

// Each screen loads when first opened; the charts come with the pages that draw them.
const HomePage = lazy(() =>
  import('./pages/manager-home-page').then((m) => ({ default: m.ManagerHomePage })),
);
const LocationsPage = lazy(() =>
  import('./pages/locations-page').then((m) => ({ default: m.ManagerLocationsPage })),
);
const LocationDetailsPage = lazy(() =>
  import('./pages/location-details-page').then((m) => ({ default: m.ManagerLocationDetailsPage })),
);
const MachineDetailsPage = lazy(() =>
  import('./pages/machine-details-page').then((m) => ({ default: m.MachineDetailsPage })),
);
const ReportingPage = lazy(() =>
  import('./pages/reporting-page').then((m) => ({ default: m.ReportingPage })),
);
const KnifeListPage = lazy(() =>
  import('./pages/knife-list-page').then((m) => ({ default: m.KnifeListPage })),
);
const KnifeDetailsPage = lazy(() =>
  import('./pages/knife-details-page').then((m) => ({ default: m.KnifeDetailsPage })),
);
const KnifeComparisonPage = lazy(() =>
  import('./pages/knife-comparison-page').then((m) => ({ default: m.KnifeComparisonPage })),
);
const ShipmentsPage = lazy(() =>
  import('./pages/shipments-page').then((m) => ({ default: m.ShipmentsPage })),
);
const GrindingPartnersPage = lazy(() =>
  import('./pages/grinding-partners-page').then((m) => ({ default: m.GrindingPartnersPage })),
);

export const HOME = '/printing-manager';
const NotificationsPage = lazy(() =>
  import('../shared/pages/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * product.md §2 "Printing-shop manager": the manager lands on the shop floor (their machines live and the
 * last 24 hours), then locations, knives (the knife pages) and reporting.
 */
export function Component() {
  const { t } = useTranslation();
  const navItems: NavItem[] = [
    { to: HOME, label: t('manager.home.title'), icon: IconGauge, end: true },
    { to: `${HOME}/locations`, label: t('sections.locations'), icon: IconBuildingFactory2 },
    { to: `${HOME}/knives`, label: t('sections.knives'), icon: IconBlade, end: true },
    { to: `${HOME}/knife-comparison`, label: t('sections.knifeComparison'), icon: IconColumns },
    { to: `${HOME}/shipments`, label: t('logistics.shipments.title'), icon: IconTruckDelivery },
    { to: `${HOME}/grinding-partners`, label: t('logistics.partnerships.title'), icon: IconUsersGroup },
    { to: `${HOME}/reports`, label: t('manager.reporting.title'), icon: IconChartBar },
    { to: `${HOME}/notifications`, label: t('notifications.title'), icon: IconBell },
  ];
  return (
    <AreaShell area="printing-manager" navItems={navItems} notificationsPath={`${HOME}/notifications`}>
      <Routes>
        <Route index element={page(<HomePage />)} />
        <Route path="locations" element={page(<LocationsPage />)} />
        <Route path="locations/:id" element={page(<LocationDetailsPage />)} />
        <Route path="machines/:id" element={page(<MachineDetailsPage />)} />
        <Route path="reports" element={page(<ReportingPage />)} />
        <Route path="knives" element={page(<KnifeListPage />)} />
        <Route path="knives/:rfid" element={page(<KnifeDetailsPage />)} />
        <Route path="knife-comparison" element={page(<KnifeComparisonPage />)} />
        <Route path="shipments" element={page(<ShipmentsPage />)} />
        <Route path="grinding-partners" element={page(<GrindingPartnersPage />)} />
        <Route path="notifications" element={page(<NotificationsPage reportMails />)} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
