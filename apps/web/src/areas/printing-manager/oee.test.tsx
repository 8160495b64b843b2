import type { OeeFigures, OeeReport } from '@kerf/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatPercent } from '../../lib/format';
import { jsonResponse, renderApp } from '../../test/render';
import { pseudoLocale, untranslatedTexts } from '../../test/untranslated-text';
import { fakeManagerServer, LOCATION_ID, MACHINE_ID, requests, signIn } from './test-server';

/** The manager's OEE section of the reports (issue 36). */
const PATH = '/printing-manager/reports?section=oee';
const OEE = '/api/report/reports/oee?';
/** The first render loads the area's and the page's chunks: slow on a busy two-core runner. */
const FIRST_RENDER = { timeout: 20_000 };

const figures = (overrides: Partial<OeeFigures> = {}): OeeFigures => ({
  plannedSeconds: 8 * 3600,
  runSeconds: 6 * 3600,
  noDataSeconds: 1800,
  cuts: 900,
  measuredCuts: 400,
  startupRejects: 12,
  productionRejects: 8,
  availability: 0.75,
  performance: 0.8,
  quality: 0.95,
  oee: 0.57,
  losses: [
    { loss: 'BREAKDOWNS', amount: 1800 },
    { loss: 'SETUP_AND_ADJUSTMENTS', amount: 2700 },
    { loss: 'SMALL_STOPS', amount: 900 },
    { loss: 'REDUCED_SPEED', amount: 4320 },
    { loss: 'STARTUP_REJECTS', amount: 12 },
    { loss: 'PRODUCTION_REJECTS', amount: 8 },
  ],
  ...overrides,
});

const MACHINE = {
  id: MACHINE_ID,
  name: 'Schneider 1',
  serialNumber: 'PM-115-0001',
  locationId: LOCATION_ID,
  locationName: 'Werk Nord',
};

const REPORT: OeeReport = {
  machines: [
    {
      machine: MACHINE,
      idealCutsPerHour: 200,
      idealCutsPerHourSource: 'BEST_HOUR_30_DAYS',
      figures: figures(),
    },
    {
      machine: {
        ...MACHINE,
        id: '55555555-5555-4555-8555-555555555555',
        name: 'Schneider 2',
        serialNumber: 'PM-115-0002',
      },
      idealCutsPerHour: null,
      idealCutsPerHourSource: 'NONE',
      figures: figures({ performance: null, oee: null, quality: null }),
    },
  ],
  locations: [{ locationId: LOCATION_ID, locationName: 'Werk Nord', hasCalendar: true, figures: figures() }],
  shifts: [
    { locationId: LOCATION_ID, locationName: 'Werk Nord', shift: 'Früh', figures: figures({ oee: 0.61 }) },
    { locationId: LOCATION_ID, locationName: 'Werk Nord', shift: 'Spät', figures: figures({ oee: 0.52 }) },
  ],
  days: [
    { date: '2026-11-19', figures: figures({ oee: 0.5 }) },
    { date: '2026-11-20', figures: figures({ oee: 0.6 }) },
    {
      date: '2026-11-21',
      figures: figures({
        plannedSeconds: 0,
        availability: null,
        performance: null,
        quality: null,
        oee: null,
      }),
    },
  ],
  total: figures({ quality: null, oee: null, measuredCuts: 0, startupRejects: 0, productionRejects: 0 }),
};

const oeeServer = (answer: () => Response) =>
  fakeManagerServer((url) => (url.startsWith(OEE) ? answer() : undefined));

/** Desktop width: the tables show every column. */
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

describe('printing-manager: OEE report', { timeout: 60_000 }, () => {
  atDesktopWidth();

  it('shows the scope’s figures, "not measured" with its reason, the trend, the losses and the machines', async () => {
    const fetch = oeeServer(() => jsonResponse(200, REPORT));
    signIn();
    await renderApp({ path: PATH });
    const availability = await screen.findByTestId('oee-tile-availability', {}, FIRST_RENDER);
    expect(within(availability).getByTestId('oee-figure')).toHaveTextContent('75%');
    expect(availability).toHaveTextContent('Running 6 hr of 8 hr planned');
    expect(within(screen.getByTestId('oee-tile-performance')).getByTestId('oee-figure')).toHaveTextContent(
      '80%',
    );
    // quality and so OEE cannot be known: said so, never 100 %
    const quality = screen.getByTestId('oee-tile-quality');
    expect(within(quality).getByTestId('oee-figure')).toHaveTextContent('not measured');
    expect(
      within(quality).getByRole('img', { name: 'No order was closed with rejects recorded.' }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('oee-tile-oee')).getByTestId('oee-figure')).toHaveTextContent(
      'not measured',
    );

    // the report asked for the filter's period in the browser's zone
    const asked = new URL(requests(fetch, OEE)[0] ?? '', 'http://x');
    expect(asked.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(asked.searchParams.get('startDate')).toBeTruthy();

    // the trend: four lines, and the same numbers as a table
    const trend = screen.getByRole('region', { name: 'OEE per day' });
    expect(within(trend).getByTestId('chart-summary')).toHaveTextContent(
      '2 days with planned time; OEE over the period: not measured.',
    );
    expect(trend.querySelectorAll('[data-chart="lines"] polyline[data-series="oee"]').length).toBeGreaterThan(
      0,
    );
    await userEvent.click(within(trend).getByRole('button', { name: 'Show as table' }));
    const days = within(trend).getByRole('table', { name: 'OEE per day' });
    expect(within(days).getAllByRole('row')).toHaveLength(4);
    expect(within(days).getAllByText('not measured').length).toBeGreaterThan(0);

    // the six big losses: time as durations, rejects as cuts
    const losses = screen.getByRole('region', { name: 'The six big losses' });
    expect(within(losses).getByTestId('chart-summary')).toHaveTextContent(
      'Largest time loss: Reduced speed (1 hr 12 min).',
    );
    expect(within(losses).getByTestId('oee-loss-SETUP_AND_ADJUSTMENTS')).toHaveTextContent(
      'Setup and adjustments45 min',
    );
    expect(within(losses).getByTestId('oee-loss-STARTUP_REJECTS')).toHaveTextContent(
      'Rejects while setting up12',
    );
    expect(within(losses).getByTestId('oee-loss-NO_DATA')).toHaveTextContent('30 min');

    // per machine: its ideal rate and where it comes from, sortable
    const machines = screen.getByRole('table', { name: 'OEE per machine' });
    const first = within(machines).getByRole('row', { name: /Schneider 1/ });
    expect(first).toHaveTextContent('200 cuts/h');
    expect(first).toHaveTextContent('best hour, last 30 days');
    expect(within(machines).getByRole('row', { name: /Schneider 2/ })).toHaveTextContent('none');
    const names = () =>
      within(machines)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names()).toEqual(['Schneider 1Werk Nord', 'Schneider 2Werk Nord']);
    await userEvent.click(within(machines).getByRole('columnheader', { name: /Performance/ }));
    await userEvent.click(within(machines).getByRole('columnheader', { name: /Performance/ }));
    // descending; "not measured" stays last either way
    expect(names()).toEqual(['Schneider 1Werk Nord', 'Schneider 2Werk Nord']);

    expect(screen.getByRole('table', { name: 'OEE per location' })).toHaveTextContent('Werk Nord');
    const shifts = screen.getByRole('table', { name: 'OEE per shift' });
    expect(within(shifts).getByRole('row', { name: /Früh/ })).toHaveTextContent('61%');
    expect(screen.getByRole('button', { name: 'Download OEE as CSV' })).toBeInTheDocument();
  });

  it('says where the planned times are set when no location in scope has a shift calendar', async () => {
    oeeServer(() =>
      jsonResponse(200, {
        ...REPORT,
        locations: [{ ...REPORT.locations[0], hasCalendar: false }],
      }),
    );
    signIn();
    await renderApp({ path: PATH });
    const empty = await screen.findByTestId('oee-no-calendar', {}, FIRST_RENDER);
    expect(empty).toHaveTextContent('No shift calendar: set planned times for this location');
    expect(empty).toHaveTextContent('Locations → the location → Shift calendar');
    expect(screen.queryByTestId('oee-tile-oee')).not.toBeInTheDocument();
  });

  it('says when the report could not be loaded, and loads it again on retry', async () => {
    let fail = true;
    const fetch = oeeServer(() =>
      fail ? jsonResponse(500, { code: 'common.INTERNAL_ERROR', message: 'x' }) : jsonResponse(200, REPORT),
    );
    signIn();
    await renderApp({ path: PATH });
    expect(await screen.findByText('The report could not be loaded.', {}, FIRST_RENDER)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requests(fetch, OEE).length).toBeGreaterThan(1));
    expect(await screen.findByTestId('oee-tile-availability')).toHaveTextContent('75%');
  });

  it('writes the figures in the user’s locale, right to left in Arabic', async () => {
    oeeServer(() => jsonResponse(200, REPORT));
    signIn();
    await renderApp({ path: PATH, locale: 'ar' });
    const availability = await screen.findByTestId('oee-tile-availability', {}, FIRST_RENDER);
    expect(within(availability).getByTestId('oee-figure')).toHaveTextContent(formatPercent(0.75, 'ar'));
    expect(within(screen.getByTestId('oee-tile-quality')).getByTestId('oee-figure')).toHaveTextContent(
      'غير مقيس',
    );
    expect(screen.getByRole('tab', { name: 'الفعالية الكلية (OEE)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

describe('printing-manager: OEE report has no raw strings', { timeout: 60_000 }, () => {
  atDesktopWidth();
  const options = pseudoLocale();

  it('figures, trend as table, losses and tables', async () => {
    oeeServer(() => jsonResponse(200, REPORT));
    signIn();
    await renderApp(options(PATH));
    const trend = await screen.findByRole('region', { name: '⟦OEE per day⟧' }, FIRST_RENDER);
    await userEvent.click(within(trend).getByRole('button', { name: '⟦Show as table⟧' }));
    await screen.findAllByText('Schneider 1');
    expect(untranslatedTexts()).toEqual([]);
  });
});
