import type { Board } from '@kerf/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { machineView } from '../../test/machine-view';
import { jsonResponse, renderApp } from '../../test/render';
import { boardLocale } from './board-page';

/** The shop-floor board (issue 36): its states as the wall screen shows them. */
const SECRET = `kb_${'0'.repeat(32)}_${'A'.repeat(43)}`;
const PATH = `/board#${SECRET}`;
const FIRST_RENDER = { timeout: 20_000 };
const RUNNING = '00000000-0000-4000-8000-0000000000a1';
const SILENT = '00000000-0000-4000-8000-0000000000a2';

function board(overrides: Partial<Board> = {}): Board {
  const now = new Date();
  const start = new Date(now.getTime() - 2 * 3_600_000);
  return {
    location: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Werk Nord' },
    timeZone: 'Europe/Berlin',
    now: now.toISOString(),
    hasCalendar: true,
    shift: {
      name: 'Early shift',
      start: start.toISOString(),
      end: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
      plannedSecondsElapsed: 7200,
      plannedSeconds: 27_000,
    },
    nextShift: null,
    tiles: [
      {
        view: machineView(RUNNING, {
          name: 'Schneider 1',
          operator: { id: '00000000-0000-4000-8000-0000000000c1', displayName: 'Jonas S.' },
          knife: {
            rfid: 'E200',
            cutsSinceLastGrinding: 900,
            totalCuts: 5000,
            knifeSwapInterval: 1000,
            swapUrgency: 'SWAP_SOON',
          },
        }),
        shiftCuts: 1234,
        plannedCuts: 1500,
        idealCutsPerHour: 750,
        idealCutsPerHourSource: 'CONFIGURED',
      },
      {
        view: machineView(SILENT, {
          name: 'Schneider 2',
          serialNumber: 'PM-115-0002',
          // the last status reported before the machine went silent: never shown as current
          status: 'RUNNING',
          onlineStatus: 'OFFLINE',
          lastSeenAt: new Date(now.getTime() - 30 * 60_000).toISOString(),
        }),
        shiftCuts: 10,
        plannedCuts: null,
        idealCutsPerHour: null,
        idealCutsPerHourSource: 'NONE',
      },
    ],
    ...overrides,
  };
}

function boardServer(answer: () => Promise<Response> | Response) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === '/api/printing-shop/board') {
      expect(new Headers(init?.headers).get('authorization')).toBe(`Board ${SECRET}`);
      return answer();
    }
    return jsonResponse(404, { code: 'common.NOT_FOUND', message: 'not found' });
  });
}

describe('shop-floor board', { timeout: 60_000 }, () => {
  it('says it is loading until the board arrives', async () => {
    boardServer(() => new Promise<Response>(() => {}));
    await renderApp({ path: PATH });
    expect(await screen.findByText('Loading the board…', {}, FIRST_RENDER)).toBeInTheDocument();
  });

  it('shows a tile per machine: status, operator, knife, cuts against plan; a silent machine as offline', async () => {
    boardServer(() => jsonResponse(200, board()));
    await renderApp({ path: PATH });
    await screen.findByRole('heading', { name: 'Werk Nord' }, FIRST_RENDER);
    expect(screen.getByTestId('board-shift')).toHaveTextContent('Early shift');
    const running = screen.getByRole('region', { name: 'Schneider 1' });
    expect(within(running).getByTestId('board-status')).toHaveTextContent('Running');
    expect(within(running).getByText('Jonas S.')).toBeInTheDocument();
    expect(within(running).getByTestId('board-shift-cuts')).toHaveTextContent('1,234');
    expect(running).toHaveTextContent('of 1,500 planned');
    expect(running).toHaveTextContent('Swap soon');
    const silent = screen.getByRole('region', { name: 'Schneider 2' });
    expect(silent).toHaveAttribute('data-status', 'OFFLINE');
    expect(within(silent).getByTestId('board-status')).not.toHaveTextContent('Running');
    expect(within(silent).getByTestId('board-signal')).toHaveTextContent(/^Offline since \d\d:\d\d$/);
    expect(silent).toHaveTextContent('plan unknown');
  });

  it('outside a shift and without a calendar says so instead of a plan', async () => {
    boardServer(() =>
      jsonResponse(
        200,
        board({
          shift: null,
          nextShift: { name: 'Late shift', start: new Date(Date.now() + 3_600_000).toISOString() },
          tiles: board().tiles.map((tile) => ({ ...tile, shiftCuts: null, plannedCuts: null })),
        }),
      ),
    );
    const { unmount } = await renderApp({ path: PATH });
    expect(await screen.findByTestId('board-shift', {}, FIRST_RENDER)).toHaveTextContent(
      /No shift now · next: Late shift/,
    );
    expect(screen.getAllByText('No shift now').length).toBeGreaterThan(0);
    unmount();
    vi.restoreAllMocks();
    boardServer(() => jsonResponse(200, board({ hasCalendar: false, shift: null })));
    await renderApp({ path: PATH });
    expect(
      await screen.findByText(
        'Planned time is not set: this location has no shift calendar',
        {},
        FIRST_RENDER,
      ),
    ).toBeInTheDocument();
  });

  it('shows that the link was revoked when the server refuses it, not an error', async () => {
    boardServer(() =>
      jsonResponse(401, { code: 'authentication.UNAUTHENTICATED', message: 'Sign-in required.' }),
    );
    await renderApp({ path: PATH });
    expect(
      await screen.findByRole('heading', { name: 'This board link was revoked' }, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it('says when the address holds no board link', async () => {
    const fetch = boardServer(() => jsonResponse(200, board()));
    await renderApp({ path: '/board#not-a-link' });
    expect(
      await screen.findByRole('heading', { name: 'This is not a valid board link' }, FIRST_RENDER),
    ).toBeInTheDocument();
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
  });

  it('takes its language from ?lang=, else from the browser when Kerf speaks it', () => {
    expect(boardLocale('?lang=ar', ['de-DE'])).toBe('ar');
    expect(boardLocale('?lang=xx', ['pl-PL'])).toBe('pl');
    expect(boardLocale('', ['ru'])).toBe('ru');
    expect(boardLocale('', ['ja-JP', 'de'])).toBe('en');
  });
});
