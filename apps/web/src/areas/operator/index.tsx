import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary, NotFoundContent } from '../../components/errors';
import { PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';
import { useOfflineShell } from './offline-shell';
import { OfflineBanner } from './pages/offline-banner';
import { TerminalProvider, useKeptSelf } from './terminal';

const TerminalPage = lazy(() => import('./pages/terminal-page').then((m) => ({ default: m.TerminalPage })));
const OrdersPage = lazy(() => import('./pages/orders-page').then((m) => ({ default: m.OrdersPage })));

export { HOME } from './home-path';

import { HOME } from './home-path';

const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/** The pages under the offline banner: a page that fails shows its error below the banner, never instead of it. */
function TerminalPages() {
  const location = useLocation();
  return (
    <>
      <OfflineBanner />
      <ErrorBoundary key={location.pathname}>
        <Routes>
          <Route index element={page(<TerminalPage />)} />
          <Route path="orders" element={page(<OrdersPage />)} />
          <Route path="*" element={<NotFoundContent homePath={HOME} />} />
        </Routes>
      </ErrorBoundary>
    </>
  );
}

/**
 * product.md §2 "Printing-shop operator": the terminal beside the machine, used with gloves — machine
 * selection, then one main screen (knife, current order, status and the operator's buttons) and the
 * order overview. No side navigation: the whole width goes to large targets (docs/design.md operator).
 * It opens, reloads and moves between its pages without a network (ADR 0024).
 */
export function Component() {
  useOfflineShell();
  useKeptSelf();
  return (
    <AreaShell area="operator" navItems={[]} touch>
      <TerminalProvider>
        <TerminalPages />
      </TerminalProvider>
    </AreaShell>
  );
}
