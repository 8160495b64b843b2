import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

function statusView(overrides: { statusSince?: string; lastCutAt?: string; cutsSinceLastGrinding?: number }) {
  return {
    machineId: MACHINE_ID,
    name: 'Schneider 1',
    serialNumber: 'PM-115-0001',
    status: 'RUNNING',
    statusSince: overrides.statusSince ?? minutesAgo(1),
    operator: { id: OPERATOR_ID, displayName: 'Jonas S.' },
    onlineStatus: 'ONLINE',
    lastSeenAt: minutesAgo(0),
    totalCuts: 10_000,
    lastCutAt: overrides.lastCutAt ?? minutesAgo(0),
    knife: {
      rfid: RFID,
      cutsSinceLastGrinding: overrides.cutsSinceLastGrinding ?? 850,
      totalCuts: 9_000,
      knifeSwapInterval: 1_000,
      swapUrgency: 'SWAP_PREFERRED',
    },
    currentJob: null,
  };
}

/** The operator's side of the printing-shop server: selection view, status view, orders, health. */
function fakeTerminalServer(options: { delay: number; view: ReturnType<typeof statusView> }) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const ps = '/api/printing-shop';
    if (url.startsWith('/api/auth/users/self')) return jsonResponse(200, OPERATOR);
    if (url === '/api/health') return jsonResponse(200, { status: 'ok' });
    if (url === `${ps}/cutting-machines/operator-selection-view`)
      return jsonResponse(200, selection(options.delay));
    if (url === `${ps}/cutting-machines/${MACHINE_ID}/status-view`) return jsonResponse(200, options.view);
    if (url.startsWith(`${ps}/cutting-machines/${MACHINE_ID}/orders`)) return jsonResponse(200, []);
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'x' });
  });
}

function signIn() {
  window.localStorage.setItem('bearerToken', 'b');
  window.localStorage.setItem('refreshToken', 'r');
}

const cut = (totalCuts: number, knifeCutsSinceGrinding: number, knifeRfid = RFID) => ({
  machineId: MACHINE_ID,
  cuts: 1,
  totalCuts,
  knifeRfid,
  knifeCutsSinceGrinding,
  lastCutAt: new Date().toISOString(),
});

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

    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut(10_050, 900)));
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Change knife soon')).toBeInTheDocument();
    expect(
      within(notice).getByText('The knife has made 900 cuts since its last grinding.'),
    ).toBeInTheDocument();
    const close = within(notice).getByRole('button', { name: 'Close notice' });
    await userEvent.click(close);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // more cuts at the same urgency: it stays closed
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut(10_090, 940)));
    await waitFor(() => expect(screen.getByTestId('terminal-knife-cuts')).toHaveTextContent('940 of 1,000'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // the urgency rises to SWAP_REQUIRED: it is back
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cut(10_150, 1_000)));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The knife has made 1,000 cuts since its last grinding.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close notice' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the notice at once when the knife is already due, in the terminal language', async () => {
    fakeTerminalServer({
      delay: 10,
      view: {
        ...statusView({}),
        knife: { ...statusView({}).knife, cutsSinceLastGrinding: 1_200, swapUrgency: 'SWAP_REQUIRED' },
      },
    });
    signIn();
    await renderApp({ path: '/operator', locale: 'de' });
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('Messer bald wechseln')).toBeInTheDocument();
    expect(within(notice).getByText(/1\.200/)).toBeInTheDocument();
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
