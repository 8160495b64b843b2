import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundContent } from '../../components/errors';
import { PageSkeleton } from '../../components/layout';
import { AreaShell } from '../shared';
import { TerminalProvider } from './terminal';

const TerminalPage = lazy(() => import('./pages/terminal-page').then((m) => ({ default: m.TerminalPage })));
const OrdersPage = lazy(() => import('./pages/orders-page').then((m) => ({ default: m.OrdersPage })));

export { HOME } from './home-path';

import { HOME } from './home-path';

const page = (element: ReactNode) => <Suspense fallback={<PageSkeleton />}>{element}</Suspense>;

/**
 * spec §2 "Printing-shop operator": the terminal beside the machine, used with gloves — machine
 * selection, then one main screen (knife, current order, status and the operator's buttons) and the
 * order overview. No side navigation: the whole width goes to large targets (DESIGN.md operator).
 */
export function Component() {
  return (
    <AreaShell area="operator" navItems={[]} touch>
      <TerminalProvider>
        <Routes>
          <Route index element={page(<TerminalPage />)} />
          <Route path="orders" element={page(<OrdersPage />)} />
          <Route path="*" element={<NotFoundContent homePath={HOME} />} />
        </Routes>
      </TerminalProvider>
    </AreaShell>
  );
}
