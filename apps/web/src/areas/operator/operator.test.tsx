import {
  type KnifeSwapUrgency,
  type MachineStatus,
  type MachineStatusView,
  statusGroupOf,
} from '@kerf/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { machineView } from '../../test/machine-view';
import { jsonResponse, renderApp, SELF } from '../../test/render';

const MACHINE_ID = '22222222-2222-4222-8222-222222222222';
const OPERATOR_ID = '33333333-3333-4333-8333-333333333333';
const RFID = 'E200-3412-0001';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const OPERATOR = {
  ...SELF,
  id: OPERATOR_ID,
  username: 'operator',
  firstName: 'Jonas',
  lastName: 'Schmidt',
  role: 'PRINTING_SHOP_OPERATOR',
};

const selection = (noCutsPromptDelay: number) => [
  {
    machineId: MACHINE_ID,
    name: 'Schneider 1',
    serialNumber: 'PM-115-0001',
    locationName: 'Werk Nord',
    status: 'RUNNING',
    onlineStatus: 'ONLINE',
    operator: { id: OPERATOR_ID, displayName: 'Jonas S.' },
    isCurrent: true,
    noCutsPromptDelay,
  },
];

function statusView(overrides: {
  statusSince?: string;
  lastCutAt?: string;
  cutsSinceLastGrinding?: number;
}): MachineStatusView {
  return machineView(MACHINE_ID, {
    revision: 100,
    statusSince: overrides.statusSince ?? minutesAgo(1),
    operator: { id: OPERATOR_ID, displayName: 'Jonas S.' },
    lastCutAt: overrides.lastCutAt ?? minutesAgo(0),
    knife: {
      rfid: RFID,
      cutsSinceLastGrinding: overrides.cutsSinceLastGrinding ?? 850,
      totalCuts: 9_000,
      knifeSwapInterval: 1_000,
      swapUrgency: 'SWAP_PREFERRED',
    },
  });
}

/**
 * The operator's side of the printing-shop server: selection view, status view, orders, health,
 * and the status PUT, which answers with the machine's view after the change (a new revision), as
 * the server does. `reachable: false` fails every request like a lost network.
 */
function fakeTerminalServer(options: { delay: number; view: MachineStatusView }) {
  let view = options.view;
  const server = {
    reachable: true,
    /** the status PUTs received, in order */
    statuses: [] as string[],
    fetch: vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
      if (!server.reachable) throw new TypeError('Failed to fetch');
      const url = String(input);
      const ps = '/api/printing-shop';
      if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, OPERATOR);
      if (url === '/api/health') return jsonResponse(200, { status: 'ok' });
      if (url === `${ps}/cutting-machines/operator-selection-view`)
        return jsonResponse(200, selection(options.delay));
      if (url === `${ps}/cutting-machines/${MACHINE_ID}/status-view`) return jsonResponse(200, view);
      if (url === `${ps}/cutting-machines/${MACHINE_ID}/status` && init?.method === 'PUT') {
        const { value, at } = JSON.parse(String(init.body)) as { value: MachineStatus; at: string };
        server.statuses.push(value);
        view = {
          ...view,
          revision: view.revision + 1,
          asOf: new Date().toISOString(),
          status: value,
          statusGroup: statusGroupOf(value),
          statusSince: at,
        };
        return jsonResponse(200, view);
      }
      if (url.startsWith(`${ps}/cutting-machines/${MACHINE_ID}/orders`)) return jsonResponse(200, []);
      return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
    }),
    view: () => view,
    /** the server's machine moves on (e.g. cuts): its view is the one a live event carries */
    setView(next: MachineStatusView) {
      view = next;
      return next;
    },
  };
  return server;
}

const statusViewReads = (server: ReturnType<typeof fakeTerminalServer>) =>
  server.fetch.mock.calls.filter(
    ([input, init]) =>
      String(input) === `/api/printing-shop/cutting-machines/${MACHINE_ID}/status-view` &&
      (init?.method ?? 'GET') === 'GET',
  ).length;

function signIn() {
  window.localStorage.setItem('bearerToken', 'b');
  window.localStorage.setItem('refreshToken', 'r');
}

/** The machine's view after cuts, as MACHINE_CUT carries it: the server rated the knife's urgency. */
const cut = (
  revision: number,
  totalCuts: number,
  knifeCutsSinceGrinding: number,
  swapUrgency: KnifeSwapUrgency,
): MachineStatusView => {
  const before = statusView({});
  return {
    ...before,
    revision,
    totalCuts,
    lastCutAt: new Date().toISOString(),
    // the knife counts its cuts in both counters: its grinding cycle (total − since grinding) stays
    knife: {
      ...before.knife!,
      cutsSinceLastGrinding: knifeCutsSinceGrinding,
      totalCuts: before.knife!.totalCuts - before.knife!.cutsSinceLastGrinding + knifeCutsSinceGrinding,
      swapUrgency,
    },
  };
};

beforeAll(() => {
  configure({ asyncUtilTimeout: 15_000 });
  vi.setConfig({ testTimeout: 60_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});
afterEach(() => window.localStorage.clear());

describe('operator terminal: change knife soon', () => {
  it('appears at SWAP_SOON, closes, and comes back only when the urgency changes', async () => {
    fakeTerminalServer({ delay: 10, view: statusView({ cutsSinceLastGrinding: 850 }) });
    signIn();
    const { live } = await renderApp({ path: '/operator' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Schneider 1' })).toBeInTheDocument();
    // 85 % of the interval: preferred, no notice yet
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(live.subscriptions()).toContain(`MACHINE_CUT/${MACHINE_ID}`));

    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut(101, 10_050, 900, 'SWAP_SOON')));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Change the knife soon: 900 of 1,000 cuts');
    const close = within(notice).getByRole('button', { name: 'Close notice' });
    await userEvent.click(close);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // more cuts at the same urgency: it stays closed
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut(102, 10_090, 940, 'SWAP_SOON')));
    await waitFor(() => expect(screen.getByTestId('terminal-knife-cuts')).toHaveTextContent('940 of 1,000'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // the urgency rises to SWAP_REQUIRED: it is back, with the figures
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut(103, 10_150, 1_000, 'SWAP_REQUIRED')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Knife change required: 1,000 of 1,000 cuts');
    await userEvent.click(screen.getByRole('button', { name: 'Close notice' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // from 110 % of the interval it is overdue: back once more
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut(104, 10_250, 1_100, 'SWAP_REQUIRED')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Knife change overdue: 1,100 of 1,000 cuts');
    await userEvent.click(screen.getByRole('button', { name: 'Close notice' }));
    // closed for this knife and grinding cycle, not for this page load: kept on the terminal, with
    // the cuts since grinding at that moment (a grinding sets them back: the next cycle shows again)
    expect(window.localStorage.getItem('kerf.operator.knifeNotice.dismissed')).toContain(
      `${RFID}:overdue@1100`,
    );
  });

  it('shows the notice at once when the knife is already due, in the terminal language', async () => {
    fakeTerminalServer({
      delay: 10,
      view: {
        ...statusView({}),
        knife: { ...statusView({}).knife!, cutsSinceLastGrinding: 1_200, swapUrgency: 'SWAP_REQUIRED' },
      },
    });
    signIn();
    await renderApp({ path: '/operator', locale: 'de' });
    // 1,200 of 1,000 cuts: past 110 % of the interval, overdue
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Messerwechsel überfällig: 1.200 von 1.000 Schnitten');
  });
});

describe('operator terminal: no cuts while running', () => {
  it('asks for support time or interruption after the delay the admin set for the machine', async () => {
    fakeTerminalServer({
      delay: 1,
      view: statusView({ statusSince: minutesAgo(3), lastCutAt: minutesAgo(2) }),
    });
    signIn();
    await renderApp({ path: '/operator' });
    const prompt = await screen.findByRole('dialog', { name: 'No cuts for a while' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Support time' }));
    expect(await screen.findByRole('dialog', { name: 'Which support work?' })).toBeInTheDocument();
    // the delivered delay is kept on the terminal for a reload while offline
    expect(window.localStorage.getItem('kerf.operator.noCutsPromptDelay')).toBe('1');
  });

  it('does not ask before that delay has passed', async () => {
    fakeTerminalServer({
      delay: 10,
      view: statusView({ statusSince: minutesAgo(30), lastCutAt: minutesAgo(7) }),
    });
    signIn();
    await renderApp({ path: '/operator' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Schneider 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Running'));
    expect(screen.queryByRole('dialog', { name: 'No cuts for a while' })).not.toBeInTheDocument();
  });
});

describe('operator terminal: one view of the machine, from the server', () => {
  it("puts the status PUT's answer on screen, without reading the view again", async () => {
    const server = fakeTerminalServer({ delay: 10, view: statusView({}) });
    signIn();
    const { live, queryClient } = await renderApp({ path: '/operator' });
    await waitFor(() => expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Running'));
    await waitFor(() => expect(live.subscriptions()).toContain(`MACHINE_STATUS/${MACHINE_ID}`));
    await userEvent.click(screen.getByRole('button', { name: 'Break' }));
    await waitFor(() => expect(server.statuses).toEqual(['BREAK']));
    // the answer (revision 101) is the cached view now
    await waitFor(() =>
      expect(queryClient.getQueryData(['machines', 'status-view', MACHINE_ID])).toEqual(server.view()),
    );
    expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Break');
    expect(statusViewReads(server)).toBe(1);
    // a live view older than the answer (published before it) leaves the screen as it is
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut(100, 10_001, 851, 'SWAP_PREFERRED')));
    expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Break');
    expect(screen.getByTestId('terminal-knife-cuts')).toHaveTextContent('850 of 1,000');
    // a newer one replaces it whole
    act(() =>
      live.publish('MACHINE_CUT', MACHINE_ID, {
        ...server.view(),
        revision: 102,
        knife: { ...server.view().knife!, cutsSinceLastGrinding: 852 },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('terminal-knife-cuts')).toHaveTextContent('852 of 1,000'));
    expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Break');
  });

  it('shows inputs made offline at once, over live views, and replays them in order when back', async () => {
    const server = fakeTerminalServer({ delay: 10, view: statusView({}) });
    signIn();
    const { live, queryClient } = await renderApp({ path: '/operator' });
    await waitFor(() => expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Running'));
    await waitFor(() => expect(live.subscriptions()).toContain(`MACHINE_CUT/${MACHINE_ID}`));
    server.reachable = false;
    await userEvent.click(screen.getByRole('button', { name: 'Knife change' }));
    expect(await screen.findByTestId('offline-banner')).toBeInTheDocument();
    expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Knife change');
    // a live view from the server (which has not heard of the input yet) does not undo it on screen
    act(() =>
      live.publish('MACHINE_CUT', MACHINE_ID, server.setView(cut(101, 10_010, 860, 'SWAP_PREFERRED'))),
    );
    await waitFor(() => expect(screen.getByTestId('terminal-knife-cuts')).toHaveTextContent('860 of 1,000'));
    expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Knife change');
    // the cache keeps the server's view: the input is only laid over it
    expect(queryClient.getQueryData<MachineStatusView>(['machines', 'status-view', MACHINE_ID])?.status).toBe(
      'RUNNING',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Resume production' }));
    expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Running');

    server.reachable = true;
    await waitFor(() => expect(server.statuses).toEqual(['KNIFE_SWAP', 'RUNNING']), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument());
    // the last answer is the cached view, and what the terminal shows
    await waitFor(() =>
      expect(
        queryClient.getQueryData<MachineStatusView>(['machines', 'status-view', MACHINE_ID]),
      ).toMatchObject({
        revision: server.view().revision,
        status: 'RUNNING',
      }),
    );
    expect(screen.getByTestId('terminal-status-label')).toHaveTextContent('Running');
    expect(statusViewReads(server)).toBe(1);
  });
});
