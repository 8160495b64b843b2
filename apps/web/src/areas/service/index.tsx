import { IconBuildingStore, IconFileSpreadsheet, IconHome, IconScissors } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';

const named = <K extends string>(load: () => Promise<Record<K, () => ReactNode>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const HomePage = named(() => import('./pages/service-home-page'), 'ServiceHomePage');
const CustomersPage = named(() => import('./pages/customers-page'), 'CustomersPage');
const CustomerDetailsPage = named(() => import('./pages/customer-details-page'), 'CustomerDetailsPage');
const MachinesPage = named(() => import('./pages/machines-page'), 'MachinesPage');
const MachineDetailsPage = named(() => import('./pages/machine-details-page'), 'MachineDetailsPage');
const ReportsPage = named(() => import('./pages/reports-page'), 'ReportsPage');

export const SERVICE_HOME = '/service';
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * product.md §2 "Customer service": the start page with the search (no customer or machine chosen yet),
 * customers → customer details with its machines, machines → machine details with its connections,
 * and the CSV report.
 */
export function Component() {
  const { t } = useTranslation();
  const navItems: NavItem[] = [
    { to: SERVICE_HOME, label: t('customerService.home'), icon: IconHome, end: true },
    { to: `${SERVICE_HOME}/tenants`, label: t('customerService.customers'), icon: IconBuildingStore },
    { to: `${SERVICE_HOME}/machines`, label: t('customerService.machines'), icon: IconScissors },
    { to: `${SERVICE_HOME}/reports`, label: t('customerService.reports'), icon: IconFileSpreadsheet },
  ];
  return (
    <AreaShell area="service" navItems={navItems}>
      <Routes>
        <Route index element={page(<HomePage />)} />
        <Route path="tenants" element={page(<CustomersPage />)} />
        <Route path="tenants/:id" element={page(<CustomerDetailsPage />)} />
        <Route path="machines" element={page(<MachinesPage />)} />
        <Route path="machines/:serial" element={page(<MachineDetailsPage />)} />
        <Route path="reports" element={page(<ReportsPage />)} />
        <Route path="*" element={<NotFoundContent homePath={SERVICE_HOME} />} />
      </Routes>
    </AreaShell>
  );
}
