import { IconBlade, IconBuildingFactory2, IconChartBar, IconColumns, IconHome } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { type NavItem, PageSkeleton } from '../../components/layout';
import { AreaHome, AreaShell, SectionPending } from '../shared';

// --- knife pages (knife helper) ---
const KnifeListPage = lazy(() =>
  import('./pages/knife-list-page').then((m) => ({ default: m.KnifeListPage })),
);
const KnifeDetailsPage = lazy(() =>
  import('./pages/knife-details-page').then((m) => ({ default: m.KnifeDetailsPage })),
);
const KnifeComparisonPage = lazy(() =>
  import('./pages/knife-comparison-page').then((m) => ({ default: m.KnifeComparisonPage })),
);
// --- end knife pages ---

const HOME = '/printing-manager';
const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * spec §2 "Printing-shop manager": knives (list, details, comparison) are built; locations and
 * reporting arrive with their own screens and show an honest "coming soon" until then.
 */
export function Component() {
  const { t } = useTranslation();
  const sections: NavItem[] = [
    { to: `${HOME}/locations`, label: t('sections.locations'), icon: IconBuildingFactory2 },
    { to: `${HOME}/knives`, label: t('sections.knives'), icon: IconBlade },
    { to: `${HOME}/knife-comparison`, label: t('sections.knifeComparison'), icon: IconColumns },
    { to: `${HOME}/reports`, label: t('sections.reports'), icon: IconChartBar },
  ];
  const navItems: NavItem[] = [{ to: HOME, label: t('nav.home'), icon: IconHome, end: true }, ...sections];
  return (
    <AreaShell area="printing-manager" navItems={navItems}>
      <Routes>
        <Route index element={<AreaHome area="printing-manager" sections={sections} />} />
        {/* knife pages (knife helper) */}
        <Route path="knives" element={page(<KnifeListPage />)} />
        <Route path="knives/:rfid" element={page(<KnifeDetailsPage />)} />
        <Route path="knife-comparison" element={page(<KnifeComparisonPage />)} />
        {/* end knife pages */}
        <Route
          path="locations"
          element={<SectionPending label={t('sections.locations')} homePath={HOME} />}
        />
        <Route path="reports" element={<SectionPending label={t('sections.reports')} homePath={HOME} />} />
        <Route path="*" element={<NotFoundContent homePath={HOME} />} />
      </Routes>
    </AreaShell>
  );
}
