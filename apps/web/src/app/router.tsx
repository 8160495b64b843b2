import type { Area } from '@kerf/contracts';
import { Container } from '@mantine/core';
import type { ComponentType } from 'react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { WEBSITE_PAGES } from '../areas/website';
// the file, not the folder's index: the index also holds the error alert and with it the API client
import { NotFoundContent } from '../components/errors/not-found-page';
import { PageSkeleton, PublicLayout, usePageTitle } from '../components/layout';
import { RootLayout } from './root-layout';

type LazyArea = () => Promise<{ Component: ComponentType }>;

/**
 * One lazily loaded bundle per role area (product.md §2), keyed by the contract's `Area`, so a new role in
 * contracts cannot lack its area. Paths are stable: later issues fill the areas, not move them.
 */
const AREA_MODULES: Record<Area, LazyArea> = {
  'printing-admin': () => import('../areas/printing-admin'),
  'printing-manager': () => import('../areas/printing-manager'),
  operator: () => import('../areas/operator'),
  'grinding-admin': () => import('../areas/grinding-admin'),
  grinder: () => import('../areas/grinder'),
  'service-admin': () => import('../areas/service-admin'),
  service: () => import('../areas/service'),
  'system-admin': () => import('../areas/system-admin'),
  manufacturer: () => import('../areas/manufacturer'),
};

/** Shown while the first page's code loads. */
function FirstLoad() {
  return (
    <Container size="lg" py="xl">
      <PageSkeleton />
    </Container>
  );
}

function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <PublicLayout>
      <NotFoundContent />
    </PublicLayout>
  );
}

const RouteErrorPage = lazy(async () => ({ default: (await import('../components/errors')).RouteErrorPage }));

function RouteError() {
  return (
    <PublicLayout>
      <Suspense fallback={<PageSkeleton />}>
        <RouteErrorPage />
      </Suspense>
    </PublicLayout>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FirstLoad,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: WEBSITE_PAGES.home },
      { path: 'printing-shops', lazy: WEBSITE_PAGES.printingShops },
      { path: 'grinding-shops', lazy: WEBSITE_PAGES.grindingShops },
      { path: 'features', lazy: WEBSITE_PAGES.features },
      { path: 'machines', lazy: WEBSITE_PAGES.machines },
      { path: 'licence-order', lazy: WEBSITE_PAGES.licenceOrder },
      { path: 'contact', lazy: WEBSITE_PAGES.contact },
      { path: 'imprint', lazy: WEBSITE_PAGES.imprint },
      { path: 'terms', lazy: WEBSITE_PAGES.terms },
      { path: 'privacy', lazy: WEBSITE_PAGES.privacy },
      { path: 'login', lazy: () => import('../areas/auth') },
      { path: 'register', lazy: () => import('../areas/registration') },
      // the shop-floor board of a location (issue 36): a wall screen opened with a board link, no sign-in
      { path: 'board', lazy: () => import('../areas/board') },
      ...Object.entries(AREA_MODULES).map(([area, load]) => ({ path: `${area}/*`, lazy: load })),
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the code of the routes `pathname` matches, ahead of the router: a router created afterwards
 * starts with the page itself instead of its `HydrateFallback`, as the prerendered HTML of the public
 * pages shows it (app/prerender.tsx), so the browser can hydrate that HTML.
 */
export async function loadMatchedRoutes(pathname: string) {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
