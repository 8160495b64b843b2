import type { KnifeSwapUrgency, MachineStatusView } from '@kerf/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render';
import {
  fakeManagerServer,
  LOCATION_ID,
  last24h,
  MACHINE_ID,
  RFID,
  requests,
  STATUS_VIEW,
  signIn,
} from './test-server';

function atDesktopWidth() {
  const phone = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      ...phone(query),
      matches: query.trim() === '' || /min-width/.test(query),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = phone;
  });
}

/** The machine's view after cuts, as the server publishes it with MACHINE_CUT: whole, never a delta. */
const afterCuts = (
  revision: number,
  cuts: { total: number; today: number; knife: number; job: number },
  swapUrgency: KnifeSwapUrgency = 'OK',
): MachineStatusView => ({
  ...STATUS_VIEW,
  revision,
  asOf: new Date().toISOString(),
  totalCuts: cuts.total,
  cutsToday: cuts.today,
  lastCutAt: new Date().toISOString(),
  knife: { ...STATUS_VIEW.knife!, cutsSinceLastGrinding: cuts.knife, swapUrgency },
  currentJob: { ...STATUS_VIEW.currentJob!, cuts: cuts.job },
});

// These screens load several lazy chunks and reports; on a shared, busy 2-core runner that takes a while.
beforeAll(() => {
  configure({ asyncUtilTimeout: 15_000 });
  vi.setConfig({ testTimeout: 60_000 });
});
afterAll(() => {
  configure({ asyncUtilTimeout: 5000 });
  vi.resetConfig();
});

describe('printing-manager: shop floor (start page)', () => {
  it('shows the machines of the own locations live: state, 24 hours, cuts and knife urgency', async () => {
    const fetch = fakeManagerServer();
    signIn();
    const { live } = await renderApp({ path: '/printing-manager' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop floor' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Schneider 1' });
    expect(await within(card).findByText('Running')).toBeInTheDocument();
    expect(within(card).getByText('OK')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: RFID })).toHaveAttribute(
      'href',
      `/printing-manager/knives/${RFID}`,
    );
    expect(within(card).getByRole('link', { name: 'Schneider 1' })).toHaveAttribute(
      'href',
      `/printing-manager/machines/${MACHINE_ID}`,
    );
    await waitFor(() => expect(within(card).getByTestId('cuts-24h')).toHaveTextContent('240'));
    // the 24-hour strip says in words what its colours show
    expect(within(card).getByRole('img')).toHaveAccessibleName(/Producing 19 hr, interruption 1 hr/);
    // the figures of the last 24 hours
    expect(screen.getByTestId('total-cuts-24h')).toHaveTextContent('240');
    expect(screen.getByTestId('interruptions-24h')).toHaveTextContent('1 hr');
    const uptime = requests(fetch, '/api/report/reports/cutting-machines/uptime-last-24h?')[0] ?? '';
    expect(uptime).toContain(`machineIds=${MACHINE_ID}`);
    expect(uptime).toMatch(/timeZone=[\w%]+/);

    await waitFor(() =>
      expect(
        live
          .subscriptions()
          .filter((s) => !s.startsWith('NOTIFICATION/'))
          .sort(),
      ).toEqual([
        `MACHINE_CUT/${MACHINE_ID}`,
        `MACHINE_ONLINE_STATUS/${MACHINE_ID}`,
        `MACHINE_STATUS/${MACHINE_ID}`,
        `OPERATOR_MACHINE_USE/${MACHINE_ID}`,
      ]),
    );
    expect(within(card).getByTestId('cuts-today')).toHaveTextContent('Today: 180');
    // cuts arrive: the server's view replaces the card's; the knife passed 90 % by the server's rating
    const cuts = afterCuts(41, { total: 10_005, today: 185, knife: 3_200, job: 245 }, 'SWAP_SOON');
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cuts));
    await waitFor(() => expect(within(card).getByTestId('cuts-today')).toHaveTextContent('Today: 185'));
    expect(within(card).getByText('Swap soon')).toBeInTheDocument();
    expect(screen.getByTestId('knives-due')).toHaveTextContent('1');
    // the 24 hours are the report's (read again every few minutes), not a sum kept in the browser
    expect(within(card).getByTestId('cuts-24h')).toHaveTextContent('240');
    // the same view again, and an older one arriving late, change nothing
    act(() => live.publish('MACHINE_CUT', MACHINE_ID, cuts));
    act(() => live.publish('OPERATOR_MACHINE_USE', MACHINE_ID, { ...STATUS_VIEW, status: 'BREAK' }));
    expect(within(card).getByTestId('cuts-today')).toHaveTextContent('Today: 185');
    expect(within(card).getByText('Running')).toBeInTheDocument();
    act(() =>
      live.publish('MACHINE_STATUS', MACHINE_ID, {
        ...cuts,
        revision: 42,
        status: 'INTERRUPTION_PRINTING_MATERIAL_FAULTY',
        statusGroup: 'INTERRUPTION',
        statusSince: new Date().toISOString(),
      }),
    );
    expect(await within(card).findByText('Faulty material')).toBeInTheDocument();
    expect(within(card).getByTestId('cuts-today')).toHaveTextContent('Today: 185');
    expect(requests(fetch, `/api/printing-shop/cutting-machines/${MACHINE_ID}/status-view`)).toHaveLength(1);
  });
});

describe('printing-manager: machine details', () => {
  atDesktopWidth();

  it('counts cuts live, names the knife, the order and the operator, and draws the 24 hours', async () => {
    fakeManagerServer();
    signIn();
    const { live } = await renderApp({ path: `/printing-manager/machines/${MACHINE_ID}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Schneider 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('machine-total-cuts')).toHaveTextContent('10,000'));
    expect(screen.getByText('Jonas S.')).toBeInTheDocument();
    expect(await screen.findByText('Flyer Stadtfest')).toBeInTheDocument();
    expect(screen.getByTestId('knife-cuts')).toHaveTextContent('2,000 of 3,500 cuts until the swap');
    expect(screen.getAllByRole('link', { name: RFID })[0]).toHaveAttribute(
      'href',
      `/printing-manager/knives/${RFID}`,
    );
    const timeline = await screen.findByRole('region', { name: 'Uptime, last 24 hours' });
    expect(within(timeline).getAllByText(/Producing 19 hr/).length).toBeGreaterThan(0);
    expect(timeline.querySelectorAll('[data-segment]')).toHaveLength(4);
    // the chart's numbers as a table, one click away
    await userEvent.click(within(timeline).getByRole('button', { name: 'Show as table' }));
    const table = within(timeline).getByRole('table', { name: 'Uptime, last 24 hours' });
    expect(within(table).getByText('Missing material')).toBeInTheDocument();
    expect(within(table).getByText('No data')).toBeInTheDocument();
    const knives = screen.getByRole('region', { name: 'Knives used (24 h)' });
    expect(within(knives).getByText('Knives used: 2')).toBeInTheDocument();

    expect(screen.getByTestId('machine-cuts-today')).toHaveTextContent('Today: 180');
    // shop and browser share the zone here: no note on whose day it is
    expect(screen.queryByTestId('machine-cuts-today-shop-day')).not.toBeInTheDocument();

    await waitFor(() => expect(live.subscriptions()).toContain(`MACHINE_CUT/${MACHINE_ID}`));
    act(() =>
      live.publish(
        'MACHINE_CUT',
        MACHINE_ID,
        afterCuts(41, { total: 10_003, today: 183, knife: 2_003, job: 243 }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('machine-total-cuts')).toHaveTextContent('10,003'));
    expect(screen.getByTestId('machine-cuts-today')).toHaveTextContent('Today: 183');
    expect(screen.getByTestId('knife-cuts')).toHaveTextContent('2,003 of 3,500');
    expect(screen.getByTestId('job-cuts')).toHaveTextContent('243');
    expect(screen.getByTestId('machine-cuts-24h')).toHaveTextContent('240 in the last 24 hours');
    expect(screen.queryByTestId('last-status')).not.toBeInTheDocument();
    // the agent went silent after the operator chose a break: the badge says offline, the status stays readable
    act(() =>
      live.publish('MACHINE_ONLINE_STATUS', MACHINE_ID, {
        ...afterCuts(42, { total: 10_003, today: 183, knife: 2_003, job: 243 }),
        status: 'BREAK',
        statusGroup: 'IDLE',
        onlineStatus: 'OFFLINE',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('machine-status')).toHaveTextContent('Offline'));
    expect(screen.getByTestId('last-status')).toHaveTextContent('Last status: Break');
  });

  it('reads the 24-hour report again once the live view moved, at most every half minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      const fetch = fakeManagerServer((url) => {
        if (!url.startsWith('/api/report/reports/cutting-machines/uptime-last-24h?')) return undefined;
        reads += 1;
        // the report server counted the three new cuts into the last hour by the second read
        const [report] = last24h();
        const cutsPerHour = report!.cutsPerHour.map((bucket, i, all) =>
          reads > 1 && i === all.length - 1 ? { ...bucket, cuts: bucket.cuts + 3 } : bucket,
        );
        return jsonResponse(200, [{ ...report, cutsPerHour }]);
      });
      signIn();
      const { live } = await renderApp({ path: `/printing-manager/machines/${MACHINE_ID}` });
      await waitFor(() =>
        expect(screen.getByTestId('machine-cuts-24h')).toHaveTextContent('240 in the last'),
      );
      await waitFor(() => expect(live.subscriptions()).toContain(`MACHINE_CUT/${MACHINE_ID}`));
      act(() =>
        live.publish(
          'MACHINE_CUT',
          MACHINE_ID,
          afterCuts(41, { total: 10_003, today: 183, knife: 2_003, job: 243 }),
        ),
      );
      await waitFor(() => expect(screen.getByTestId('machine-total-cuts')).toHaveTextContent('10,003'));
      const uptimeReads = () =>
        requests(fetch, '/api/report/reports/cutting-machines/uptime-last-24h?').length;
      expect(uptimeReads()).toBe(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(31_000);
      });
      await waitFor(() =>
        expect(screen.getByTestId('machine-cuts-24h')).toHaveTextContent('243 in the last'),
      );
      expect(uptimeReads()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says that today is the shop's day when the shop's zone is not the browser's, and how old a view is when not live", async () => {
    // the shop's midnight lies six hours before the browser's
    const shopMidnight = new Date(Date.parse(STATUS_VIEW.dayStartedAt) - 6 * 3_600_000).toISOString();
    fakeManagerServer((url) =>
      url === `/api/printing-shop/cutting-machines/${MACHINE_ID}/status-view`
        ? jsonResponse(200, { ...STATUS_VIEW, dayStartedAt: shopMidnight })
        : undefined,
    );
    signIn();
    const { live } = await renderApp({ path: `/printing-manager/machines/${MACHINE_ID}` });
    const note = await screen.findByTestId('machine-cuts-today-shop-day');
    expect(note).toHaveTextContent("Shop's day since");
    expect(note.querySelector('time')).toHaveAttribute('datetime', shopMidnight);
    await waitFor(() => expect(screen.getByTestId('live-state')).toHaveAttribute('data-live', 'true'));
    expect(within(screen.getByTestId('live-state')).queryByTestId('age')).not.toBeInTheDocument();
    act(() => live.drop());
    await waitFor(() => expect(screen.getByTestId('live-state')).toHaveAttribute('data-live', 'false'));
    // the view was read at 09:00 on 21 November 2026: the dot says how long ago that is
    expect(within(screen.getByTestId('live-state')).getByTestId('age')).toHaveTextContent(/ago/);
    expect(within(screen.getByTestId('live-state')).getByTestId('age')).toHaveAttribute(
      'datetime',
      STATUS_VIEW.asOf,
    );
  });
});

describe('printing-manager: reporting', () => {
  atDesktopWidth();

  it('asks for the last 24 hours in the browser zone, then for the chosen location, and resets', async () => {
    const fetch = fakeManagerServer();
    signIn();
    await renderApp({ path: '/printing-manager/reports' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reporting' })).toBeInTheDocument();
    const status = await screen.findByRole('region', { name: 'Time by status per machine' });
    expect(await within(status).findByText('1 machines, producing 77% of the time.')).toBeInTheDocument();
    const first = new URL(
      requests(fetch, '/api/report/reports/cutting-machines/total-uptime?')[0] ?? '',
      'http://x',
    );
    const start = Date.parse(first.searchParams.get('startDate') ?? '');
    const end = Date.parse(first.searchParams.get('endDate') ?? '');
    expect(end - start).toBe(24 * 3_600_000);
    expect(first.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(first.searchParams.get('locations')).toBeNull();
    // the Pareto names the largest interruption first
    const pareto = screen.getByRole('region', { name: 'Interruptions by reason' });
    expect(within(pareto).getByTestId('chart-summary')).toHaveTextContent(
      'Most downtime: Missing material, 1 hr (75% of all interruptions).',
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Locations' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Werk Nord', hidden: true }));
    await waitFor(() =>
      expect(requests(fetch, '/api/report/reports/cutting-machines/total-uptime?').at(-1)).toContain(
        `locations=${LOCATION_ID}`,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(requests(fetch, '/api/report/reports/cutting-machines/total-uptime?').at(-1)).not.toContain(
        'locations=',
      ),
    );
  });

  it('says how far behind the figures are when the reports read from a lagging replica', async () => {
    const readSource = { source: 'REPLICA', lagSeconds: 42, checkedAt: '2026-11-21T09:00:00.000Z' };
    fakeManagerServer((url) =>
      url === '/api/report/reports/read-source' ? jsonResponse(200, readSource) : undefined,
    );
    signIn();
    await renderApp({ path: '/printing-manager/reports' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reporting' })).toBeInTheDocument();
    expect(await screen.findByTestId('replica-lag')).toHaveTextContent(
      'These figures come from a copy of the database that is 42 seconds behind',
    );
  });

  it('shows no notice while the reports read from the primary or a replica that keeps up', async () => {
    const fetch = fakeManagerServer((url) =>
      url === '/api/report/reports/read-source'
        ? jsonResponse(200, { source: 'REPLICA', lagSeconds: 1, checkedAt: '2026-11-21T09:00:00.000Z' })
        : undefined,
    );
    signIn();
    await renderApp({ path: '/printing-manager/reports' });
    await screen.findByRole('region', { name: 'Time by status per machine' });
    await waitFor(() => expect(requests(fetch, '/api/report/reports/read-source')).not.toHaveLength(0));
    expect(screen.queryByTestId('replica-lag')).toBeNull();
  });

  it('a chosen period covers whole local days; each section reads its reports and shows pseudonyms', async () => {
    const fetch = fakeManagerServer();
    signIn();
    const { router } = await renderApp({ path: '/printing-manager/reports?section=employees' });
    const perEmployee = await screen.findByRole('region', { name: 'Cuts per employee' });
    expect(await within(perEmployee).findByText('Most cuts: Jonas S. with 240.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Chosen period' }));
    const picker = await screen.findByRole('button', { name: 'Days' });
    await userEvent.click(picker);
    const days = await screen.findAllByRole('button', { name: /^1 /, hidden: true });
    await userEvent.click(days[0] as HTMLElement);
    await userEvent.click(days[0] as HTMLElement);
    await waitFor(() => {
      const last = new URL(
        requests(fetch, '/api/report/reports/employees/cuts-chart?').at(-1) ?? '',
        'http://x',
      );
      expect(
        Date.parse(last.searchParams.get('endDate') ?? '') -
          Date.parse(last.searchParams.get('startDate') ?? ''),
      ).toBeGreaterThanOrEqual(23 * 3_600_000);
      expect(new Date(last.searchParams.get('startDate') ?? '').getMinutes() % 15).toBe(0);
    });

    await router.navigate('/printing-manager/reports?section=knives');
    const life = await screen.findByRole('region', {
      name: 'Knife service life: average cuts per grinding cycle',
    });
    expect(
      await within(life).findByText(/^Longest service life: E200-3412-0001 with 3,200 cuts per cycle/),
    ).toBeInTheDocument();
    await router.navigate('/printing-manager/reports?section=orders');
    const orders = await screen.findByRole('table', { name: 'Orders' });
    expect(within(orders).getByText('Flyer Stadtfest')).toBeInTheDocument();
    expect(within(orders).getByText('Open')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'Flyer');
    await waitFor(() => {
      const last = requests(fetch, '/api/report/reports/cutting-jobs?').at(-1) ?? '';
      expect(last).toContain('cuttingJobNameFilter=Flyer');
      expect(last).toContain('page=0');
      expect(last).toContain('page_size=25');
    });
  });
});

describe('printing-manager: locations', () => {
  atDesktopWidth();

  it('location details show machines and employees read-only, a knife tab, and the interval editor', async () => {
    fakeManagerServer();
    signIn();
    const { router } = await renderApp({ path: `/printing-manager/locations/${LOCATION_ID}` });
    const machines = await screen.findByRole('table', { name: 'Machines' });
    expect(within(machines).getByRole('link', { name: 'Schneider 1' })).toHaveAttribute(
      'href',
      `/printing-manager/machines/${MACHINE_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Add machine' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit “Schneider 1”' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete “Schneider 1”' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Settings of “Schneider 1”' })).toBeInTheDocument();
    await router.navigate(`/printing-manager/locations/${LOCATION_ID}?tab=knives`);
    expect(await screen.findByTestId('knife-table-slot')).toBeInTheDocument();
    await router.navigate(`/printing-manager/locations/${LOCATION_ID}?tab=employees`);
    const employees = await screen.findByRole('table', { name: 'Employees' });
    expect(within(employees).getByText('Jonas Schmidt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add employee' })).toBeNull();
  });
});
