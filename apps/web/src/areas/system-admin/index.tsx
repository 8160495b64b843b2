import { IconActivity, IconBuildingStore, IconListSearch, IconMail, IconUsers } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';

const SystemTenantsPage = lazy(() =>
  import('./pages/tenants-page').then((m) => ({ default: m.SystemTenantsPage })),
);
const SystemUsersPage = lazy(() =>
  import('./pages/users-page').then((m) => ({ default: m.SystemUsersPage })),
);
const MailOutboxPage = lazy(() => import('./pages/mails-page').then((m) => ({ default: m.MailOutboxPage })));
const AuditLogPage = lazy(() => import('./pages/audit-page').then((m) => ({ default: m.AuditLogPage })));
const OperationsPage = lazy(() =>
  import('./pages/operations-page').then((m) => ({ default: m.OperationsPage })),
);

const HOME = '/system-admin';
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * System administration (issue 18): the tenants are the landing page (create, disable, enable), then
 * users across tenants, the mail outbox, the audit log of every tenant, and operations (ingest
 * health, background jobs).
 */
export function Component() {
  const { t } = useTranslation();
  const navItems: NavItem[] = [
    { to: HOME, label: t('systemAdmin.tenants.title'), icon: IconBuildingStore, end: true },
    { to: `${HOME}/users`, label: t('systemAdmin.users.title'), icon: IconUsers },
    { to: `${HOME}/mails`, label: t('systemAdmin.mails.title'), icon: IconMail },
    { to: `${HOME}/audit`, label: t('systemAdmin.audit.title'), icon: IconListSearch },
    { to: `${HOME}/operations`, label: t('systemAdmin.operations.title'), icon: IconActivity },
  ];
  return (
    <AreaShell area="system-admin" navItems={navItems}>
      <Routes>
        <Route index element={page(<SystemTenantsPage />)} />
        {/* the clients list was at /tenants before it became the landing page */}
        <Route path="tenants" element={<Navigate to={HOME} replace />} />
        <Route path="users" element={page(<SystemUsersPage />)} />
        <Route path="mails" element={page(<MailOutboxPage />)} />
        <Route path="audit" element={page(<AuditLogPage />)} />
        <Route path="operations" element={page(<OperationsPage />)} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
