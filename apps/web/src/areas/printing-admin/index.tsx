import {
  IconBell,
  IconBuildingFactory2,
  IconGauge,
  IconPlugConnected,
  IconServer,
  IconShieldCheck,
  IconStethoscope,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';

// The screens (and the phone-number metadata they carry) load when first opened, not with the start page.
const DashboardPage = lazy(() =>
  import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const LocationsPage = lazy(() =>
  import('./pages/locations-page').then((m) => ({ default: m.LocationsPage })),
);
const LocationDetailsPage = lazy(() =>
  import('./pages/location-details-page').then((m) => ({
    default: m.LocationDetailsPage,
  })),
);

const MachineOrderPage = lazy(() =>
  import('./pages/machine-order-page').then((m) => ({ default: m.MachineOrderPage })),
);
const SetupAssistantPage = lazy(() =>
  import('./pages/setup-assistant-page').then((m) => ({ default: m.SetupAssistantPage })),
);
const SetupReportPage = lazy(() =>
  import('./pages/setup-report-page').then((m) => ({ default: m.SetupReportPage })),
);
const SystemPage = lazy(() => import('./pages/system-page').then((m) => ({ default: m.SystemPage })));
const AccessPage = lazy(() => import('./pages/access-page').then((m) => ({ default: m.AccessPage })));
const IntegrationsPage = lazy(() =>
  import('./pages/integrations-page').then((m) => ({ default: m.IntegrationsPage })),
);

const HOME = '/printing-admin';
const NotificationsPage = lazy(() =>
  import('../shared/pages/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * product.md §2 "Printing-shop admin": dashboard (machines, licensing, network admin) and locations with
 * details. The admin lands on the dashboard, their work, not on an identity card (who is signed in
 * shows in the header's user menu); `/machines`, its earlier address, leads there too.
 */
export function Component() {
  const { t } = useTranslation();
  const navItems: NavItem[] = [
    { to: HOME, label: t('printingAdmin.dashboard.title'), icon: IconGauge, end: true },
    { to: `${HOME}/locations`, label: t('sections.locations'), icon: IconBuildingFactory2 },
    { to: `${HOME}/setup`, label: t('setup.title'), icon: IconStethoscope },
    { to: `${HOME}/system`, label: t('setup.system.title'), icon: IconServer },
    { to: `${HOME}/access`, label: t('customerService.accessLog.nav'), icon: IconShieldCheck },
    { to: `${HOME}/integrations`, label: t('integrations.nav'), icon: IconPlugConnected },
    { to: `${HOME}/notifications`, label: t('notifications.title'), icon: IconBell },
  ];
  return (
    <AreaShell area="printing-admin" navItems={navItems} notificationsPath={`${HOME}/notifications`}>
      <Routes>
        <Route index element={page(<DashboardPage />)} />
        <Route path="machines" element={<Navigate to={HOME} replace />} />
        <Route path="machines/order" element={page(<MachineOrderPage />)} />
        <Route path="locations" element={page(<LocationsPage />)} />
        <Route path="locations/:id" element={page(<LocationDetailsPage />)} />
        <Route path="setup" element={page(<SetupAssistantPage />)} />
        <Route path="setup/:machineId" element={page(<SetupAssistantPage />)} />
        <Route path="setup/:machineId/report/:runId" element={page(<SetupReportPage />)} />
        <Route path="system" element={page(<SystemPage />)} />
        <Route path="access" element={page(<AccessPage />)} />
        <Route path="integrations" element={page(<IntegrationsPage />)} />
        <Route path="notifications" element={page(<NotificationsPage settings />)} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
