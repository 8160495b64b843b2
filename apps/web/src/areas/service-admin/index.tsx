import { IconMap2, IconUsers } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';

const ServiceAreasPage = lazy(() =>
  import('./pages/service-areas-page').then((m) => ({ default: m.ServiceAreasPage })),
);
const ServiceAreaDetailsPage = lazy(() =>
  import('./pages/service-area-details-page').then((m) => ({ default: m.ServiceAreaDetailsPage })),
);
const EmployeesPage = lazy(() =>
  import('./pages/employees-page').then((m) => ({ default: m.EmployeesPage })),
);

const HOME = '/service-admin';
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/** product.md §2 "Customer-service admin": service areas (with their employees and machines) and the team. */
export function Component() {
  const { t } = useTranslation();
  const navItems: NavItem[] = [
    { to: HOME, label: t('customerService.areas.title'), icon: IconMap2, end: true },
    { to: `${HOME}/employees`, label: t('customerService.employeesTitle'), icon: IconUsers },
  ];
  return (
    <AreaShell area="service-admin" navItems={navItems}>
      <Routes>
        <Route index element={page(<ServiceAreasPage />)} />
        <Route path="service-areas/:id" element={page(<ServiceAreaDetailsPage />)} />
        <Route path="employees" element={page(<EmployeesPage />)} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
