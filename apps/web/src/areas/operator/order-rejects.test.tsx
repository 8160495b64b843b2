import type { Order } from '@kerf/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { machineView } from '../../test/machine-view';
import { jsonResponse, renderApp, SELF } from '../../test/render';

/** Closing an order on the terminal with the rejected cuts the operator counted (issue 36, OEE's quality). */
const MACHINE_ID = '22222222-2222-4222-8222-222222222222';
const OPERATOR_ID = '33333333-3333-4333-8333-333333333333';
const ORDER_ID = '44444444-4444-4444-8444-444444444444';

const OPERATOR = { ...SELF, id: OPERATOR_ID, username: 'operator', role: 'PRINTING_SHOP_OPERATOR' };

const ORDER: Order = {
  id: ORDER_ID,
  machineId: MACHINE_ID,
  name: 'Flyer A5',
  orderNumber: 'A-2026-117',
  programNumber: null,
  state: 'OPEN',
  parentJobId: null,
  startDate: '2026-11-21T07:00:00.000Z',
  endDate: null,
  cuts: 120,
  processingSeconds: 3600,
  downtimeSeconds: 0,
  supportSeconds: 0,
  createdBy: null,
  externalOrderNumber: null,
  plannedQuantity: null,
  dueDate: null,
  startupRejects: null,
  productionRejects: null,
};

/** The terminal's side of the printing-shop server; `reachable: false` fails every request like a lost network. */
function fakeTerminalServer() {
  // the server's copy of the order: closed (with its rejects) once a close arrived
  let order = ORDER;
  const server = {
    reachable: true,
    /** the bodies of the close PUTs received */
    closes: [] as unknown[],
    fetch: vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      if (!server.reachable) throw new TypeError('Failed to fetch');
      const url = String(input);
      const ps = '/api/printing-shop';
      if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, OPERATOR);
      if (url === '/api/health') return jsonResponse(200, { status: 'ok' });
      if (url === `${ps}/cutting-machines/operator-selection-view`)
        return jsonResponse(200, [
          {
            machineId: MACHINE_ID,
            name: 'Schneider 1',
            serialNumber: 'PM-115-0001',
            locationName: 'Werk Nord',
            status: 'RUNNING',
            onlineStatus: 'ONLINE',
            operator: { id: OPERATOR_ID, displayName: 'Jonas S.' },
            isCurrent: true,
            noCutsPromptDelay: 10,
          },
        ]);
      if (url === `${ps}/cutting-machines/${MACHINE_ID}/status-view`)
        return jsonResponse(
          200,
          machineView(MACHINE_ID, {
            currentJob: {
              id: ORDER_ID,
              name: ORDER.name,
              orderNumber: ORDER.orderNumber,
              programNumber: null,
              parentJobId: null,
              startDate: ORDER.startDate,
              cuts: ORDER.cuts,
            },
          }),
        );
      if (url.startsWith(`${ps}/cutting-machines/${MACHINE_ID}/orders`)) return jsonResponse(200, [order]);
      if (url === `${ps}/orders/${ORDER_ID}/close` && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { rejects?: { startup: number; production: number } };
        server.closes.push(body);
        order = {
          ...ORDER,
          state: 'CLOSED',
          endDate: new Date().toISOString(),
          startupRejects: body.rejects?.startup ?? null,
          productionRejects: body.rejects?.production ?? null,
        };
        return jsonResponse(200, order);
      }
      return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
    }),
  };
  return server;
}

function signIn() {
  window.localStorage.setItem('bearerToken', 'b');
  window.localStorage.setItem('refreshToken', 'r');
}

async function openClose() {
  const card = await screen.findByTestId('order-card');
  await userEvent.click(within(card).getByRole('button', { name: 'Close order' }));
  return screen.findByRole('dialog', { name: "Close order 'Flyer A5'?" });
}

beforeAll(() => {
  configure({ asyncUtilTimeout: 15_000 });
  vi.setConfig({ testTimeout: 60_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});
afterEach(() => window.localStorage.clear());

describe('operator terminal: rejects at order close', () => {
  it('closes without rejects in the same two taps as before', async () => {
    const server = fakeTerminalServer();
    signIn();
    await renderApp({ path: '/operator/orders' });
    const dialog = await openClose();
    // the counts stay folded away until asked for
    expect(within(dialog).getByRole('button', { name: 'Record rejects' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(server.closes).toHaveLength(1));
    expect(server.closes[0]).not.toHaveProperty('rejects');
    expect(await screen.findByText('Closed')).toBeInTheDocument();
  });

  it('refuses more rejects than the order has cuts at the field, then sends both counts', async () => {
    const server = fakeTerminalServer();
    signIn();
    await renderApp({ path: '/operator/orders' });
    const dialog = await openClose();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record rejects' }));
    const startup = within(dialog).getByLabelText('Rejects while setting up');
    const production = within(dialog).getByLabelText('Rejects in production');
    // glove-sized fields (docs/design.md: at least 64 px)
    expect(startup.closest('[style*="--input-height"]')).toHaveStyle('--input-height: 64px');
    expect(
      within(dialog).getByText(
        'Optional: the rejected cuts of this order, for the quality figure. The order has 120 cuts.',
      ),
    ).toBeInTheDocument();
    await userEvent.type(startup, '20');
    await userEvent.type(production, '101');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close order' }));
    expect(
      await within(dialog).findByText('More rejected cuts than the order has cuts.'),
    ).toBeInTheDocument();
    expect(production).toHaveAttribute('aria-invalid', 'true');
    expect(server.closes).toHaveLength(0);

    await userEvent.clear(production);
    await userEvent.type(production, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close order' }));
    await waitFor(() => expect(server.closes).toHaveLength(1));
    expect(server.closes[0]).toMatchObject({ rejects: { startup: 20, production: 5 } });
    expect(await screen.findByText(/Rejects: 20 setting up, 5 in production/)).toBeInTheDocument();
  });

  it('keeps a close with rejects while offline and sends it with them when the server is back', async () => {
    const server = fakeTerminalServer();
    signIn();
    await renderApp({ path: '/operator/orders' });
    await screen.findByTestId('order-card');
    server.reachable = false;
    const dialog = await openClose();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record rejects' }));
    await userEvent.type(within(dialog).getByLabelText('Rejects in production'), '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close order' }));
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent('Waiting: 1');
    // the queued close carries the counts (an empty one counts as none rejected)
    const queued = JSON.parse(window.localStorage.getItem(`kerf.operator.outbox.${OPERATOR_ID}`) ?? '{}') as {
      items: { kind: string; rejects?: unknown }[];
    };
    expect(queued.items).toMatchObject([{ kind: 'closeOrder', rejects: { startup: 0, production: 7 } }]);
    server.reachable = true;
    await waitFor(() => expect(server.closes).toHaveLength(1), { timeout: 10_000 });
    expect(server.closes[0]).toMatchObject({ rejects: { startup: 0, production: 7 } });
  });
});
