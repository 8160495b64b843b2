import { IconScissors } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';

const FleetPage = lazy(() => import('./pages/fleet-page').then((m) => ({ default: m.FleetPage })));

const HOME = '/manufacturer';
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/** spec §6 "manufacturer": the machines of the own make at the customers who granted access, read-only. */
export function Component() {
  const { t } = useTranslation();
  const navItems: NavItem[] = [
    { to: HOME, label: t('manufacturer.fleetTitle'), icon: IconScissors, end: true },
  ];
  return (
    <AreaShell area="manufacturer" navItems={navItems}>
      <Routes>
        <Route index element={page(<FleetPage />)} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
