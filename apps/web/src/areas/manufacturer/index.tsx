import { IconScissors, IconUsers } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { useSelf } from '../../features/session';
import { AreaShell } from '../shared';

const FleetPage = lazy(() => import('./pages/fleet-page').then((m) => ({ default: m.FleetPage })));
const UsersPage = lazy(() => import('./pages/users-page').then((m) => ({ default: m.UsersPage })));

const HOME = '/manufacturer';
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * product.md §6 "manufacturer": the machines of the own make at the customers who granted access,
 * read-only; the manufacturer admin also manages the manufacturer's users.
 */
export function Component() {
  const { t } = useTranslation();
  const self = useSelf();
  const managesUsers = self.data?.permissions.includes('users:manage') ?? false;
  const navItems: NavItem[] = [
    { to: HOME, label: t('manufacturer.fleetTitle'), icon: IconScissors, end: true },
    ...(managesUsers ? [{ to: `${HOME}/users`, label: t('manufacturer.usersTitle'), icon: IconUsers }] : []),
  ];
  return (
    <AreaShell area="manufacturer" navItems={navItems}>
      <Routes>
        <Route index element={page(<FleetPage />)} />
        {managesUsers && <Route path="users" element={page(<UsersPage />)} />}
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
