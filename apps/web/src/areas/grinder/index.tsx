import { IconTool, IconUsersGroup } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';

const WorkbenchPage = lazy(() =>
  import('./pages/workbench-page').then((m) => ({ default: m.WorkbenchPage })),
);
const GrinderKnifePage = lazy(() =>
  import('./pages/grinder-knife-page').then((m) => ({ default: m.GrinderKnifePage })),
);
const PartnersPage = lazy(() =>
  import('../../features/logistics').then((m) => ({ default: m.GrindingShopPartnersPage })),
);

export const HOME = '/grinder';
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * product.md §6 "grinder" (issue 13): the workbench. Knives arrive from partner printing shops, are
 * received by their RFID, ground (measurements recorded), shipped back or scrapped.
 */
export function Component() {
  const { t } = useTranslation();
  const navItems: NavItem[] = [
    { to: HOME, label: t('grinder.workbench.title'), icon: IconTool, end: true },
    { to: `${HOME}/partners`, label: t('logistics.partnerships.grinderTitle'), icon: IconUsersGroup },
  ];
  return (
    <AreaShell area="grinder" navItems={navItems}>
      <Routes>
        <Route index element={page(<WorkbenchPage />)} />
        {/* a knife is its owner and its RFID (issue 31) */}
        <Route path="owners/:owner/knives/:rfid" element={page(<GrinderKnifePage />)} />
        <Route path="partners" element={page(<PartnersPage />)} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
