import { randomUUID } from 'node:crypto';
import {
  type MachineStatus,
  OEE_LOSSES,
  type OeeFigures,
  type OeeReport,
  type Order,
  type TelemetryEvent,
  type TokenPair,
} from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { tenantOf } from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';
import { exportTexts } from '../../lib/csv-export';
import { parseCsv } from '../../lib/csv-parse';
import { closeCuttingJob, idealCutsPerHour, openCuttingJob } from './index';

/**
 * OEE in the reports (issue 36 item 2), checked by hand. Werk Süd gets a calendar in Europe/Berlin:
 * "Früh" Monday to Friday 06:00–14:00 with a break 10:00–10:30, "Nacht" on Thursday and Saturday
 * 22:00–06:00, Wednesday 21 October a holiday. The week is Monday 19 to Sunday 25 October 2026 in
 * Berlin — 18 Oct 22:00 UTC to 25 Oct 23:00 UTC (169 hours): the clocks go back from 03:00 CEST to
 * 02:00 CET at 01:00 UTC on Sunday 25th, so Saturday's night shift lasts 9 hours.
 *
 * Planned intervals (UTC; CEST = UTC+2, CET = UTC+1)                              planned (s)
 *   Früh  19 Oct  04:00–08:00, 08:30–12:00                                            27,000
 *   Früh  20 Oct  the same                                                             27,000
 *         21 Oct  holiday: no Früh
 *   Früh  22 Oct  the same                                                             27,000
 *   Nacht 22 Oct  22 Oct 20:00 – 23 Oct 04:00 (8 h)                                    28,800
 *   Früh  23 Oct  04:00–08:00, 08:30–12:00 (begins where Nacht ends: a shift change)   27,000
 *   Nacht 24 Oct  24 Oct 20:00 – 25 Oct 05:00 (9 h, over the change of the clocks)     32,400
 *   per machine                                                                       169,200
 *
 * Machine M (PM-92-0004, Schneider 4), its ideal rate configured to 1 cut an hour (3,600 s a cut),
 * statuses (UTC; nothing before Tue 06:00, so Monday's Früh and Tuesday 04:00–06:00 have no data):
 *   Tue 20  06:00 RUNNING, 07:00 KNIFE_SWAP, 07:20 RUNNING, 11:00 BREAK, 11:15 RUNNING, 13:00 PAUSED
 *   Thu 22  05:00 RUNNING, 09:00 SUPPORT_CUTTING_MACHINE_MAINTENANCE, 10:00 RUNNING, 12:00 PAUSED,
 *           21:00 RUNNING
 *   Fri 23  03:00 INTERRUPTION_PRINTING_MATERIAL_MISSING (across the shift change at 04:00),
 *           05:00 RUNNING, 12:30 PAUSED
 *   Sat 24  20:30 RUNNING; Sun 25 00:30 KNIFE_CALIBRATION, 01:30 RUNNING, 05:00 PAUSED (open)
 * cuts (UTC), * = inside planned time:
 *   Tue 20  06:10* 06:20* 07:59:59* 08:00 08:15 (break) 08:30* 08:45* 12:00 12:20 (after Früh)
 *   Thu 22  05:30* 10:30* 21:30*; Fri 23 02:00* 04:00* (Früh's first instant) 06:00*
 *   Sat 24  19:59 (before Nacht) 21:00*; Sun 25 00:45* (02:45 CEST) 01:45* (02:45 CET) 05:00 (Nacht's end)
 * orders: O1 Tue 06:00–11:50 (in Früh 20), cuts 06:10…08:45 = 7, rejects 1 startup + 1 production;
 *         O2 Thu 05:00–12:10 (closed after Früh, before Nacht: no shift), cuts 05:30 10:30 = 2,
 *            rejects 0 + 1; O3 Thu 21:00 – Fri 05:30, 3 cuts, closed without rejects.
 *
 * Per shift occurrence of M                run     breakdowns setup  small stops  no data  cuts
 *   Früh 19  nothing                           0                                  27,000     0
 *   Früh 20  RUNNING 06:00–07:00 3,600, 07:20–08:00 2,400, 08:30–11:00 9,000, 11:15–12:00 2,700
 *            = 17,700; KNIFE_SWAP 1,200; BREAK 900; no data 04:00–06:00 7,200              5
 *   Früh 22  PAUSED 04:00–05:00 3,600 (small stop); RUNNING 05:00–08:00 + 08:30–09:00 = 12,600,
 *            10:00–12:00 7,200 = 19,800; maintenance 3,600                                   2
 *   Nacht 22 PAUSED 20:00–21:00 3,600; RUNNING 21:00–03:00 21,600; interruption 03:00–04:00 3,600   2
 *   Früh 23  interruption 04:00–05:00 3,600; RUNNING 05:00–08:00 + 08:30–12:00 = 23,400            2
 *   Nacht 24 PAUSED 20:00–20:30 1,800; RUNNING 20:30–00:30 14,400 + 01:30–05:00 12,600 = 27,000;
 *            KNIFE_CALIBRATION 3,600                                                                3
 *   M: run 109,500; breakdowns 3,600; setup 4,800; small stops 17,100; no data 34,200; cuts 14;
 *      measured cuts 7 + 2 = 9, rejects 1 + 2 = 3 → quality 6/9; ideal 14 × 3,600 = 50,400 s →
 *      performance 50,400/109,500, REDUCED_SPEED 59,100.
 * Machine N (PM-137-0005) reports nothing: 169,200 s planned, all no data; no rate (NONE).
 */
let t: TestApp;
let admin: TokenPair;
let manager: TokenPair;
let tenantId: string;
const ids: Record<string, string> = {};
const M = 'PM-92-0004';
const N = 'PM-137-0005';
const boot = randomUUID();
let seq = 0;

type Unsequenced = TelemetryEvent extends infer E
  ? E extends TelemetryEvent
    ? Omit<E, 'seq'>
    : never
  : never;
async function send(events: Unsequenced[], serial = M, tenant = () => tenantId) {
  await t.app.kerf.telemetry.record(tenant(), [
    { serial, boot, events: events.map((event) => ({ ...event, seq: ++seq }) as TelemetryEvent) },
  ]);
}
const status = (at: string, value: MachineStatus) => ({ type: 'status' as const, at, status: value });
const cut = (at: string) => ({ type: 'cut' as const, at, knifeRfid: null });
const query = <T>(statement: ReturnType<typeof sql>, tenant = tenantId) =>
  t.app.kerf.transactions.withTenant(tenant, (tx) => queryRows<T>(tx, statement));
const inTenant = <T>(fn: Parameters<TestApp['app']['kerf']['transactions']['withTenant']>[1]) =>
  t.app.kerf.transactions.withTenant(tenantId, fn) as Promise<T>;

const open = (name: string, startedAt: string) =>
  inTenant<string>((tx) => openCuttingJob(tx, tenantId, { machineId: ids[M]!, name, startedAt }));
const close = (id: string, endedAt: string, rejects?: { startup: number; production: number }) =>
  inTenant<void>((tx) => closeCuttingJob(tx, id, { state: 'CLOSED', endedAt, rejects }));

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, tokens: TokenPair, payload?: object) =>
  t.request({ method, url, headers: bearer(tokens), ...(payload === undefined ? {} : { payload }) });
const rateUrl = (machineId: string) => `/api/report/cutting-machines/${machineId}/ideal-cut-rate`;

const WEEK = () => ({
  startDate: '2026-10-18T22:00:00Z',
  endDate: '2026-10-25T23:00:00Z',
  timeZone: 'Europe/Berlin',
  locations: ids['Werk Süd']!,
});

async function report(params: Record<string, string> = WEEK(), tokens = manager): Promise<OeeReport> {
  const response = await call('GET', `/api/report/reports/oee?${new URLSearchParams(params)}`, tokens);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The figures of hand-computed sums, by the contract's definitions. */
function figures(hand: {
  planned: number;
  run?: number;
  noData: number;
  cuts?: number;
  breakdowns?: number;
  setup?: number;
  small?: number;
  /** run time of the machines with a rate and their cuts at the rate, in seconds */
  rated?: { run: number; ideal: number };
  measured?: number;
  startup?: number;
  production?: number;
}): OeeFigures {
  const run = hand.run ?? 0;
  const measured = hand.measured ?? 0;
  const startup = hand.startup ?? 0;
  const production = hand.production ?? 0;
  const availability = hand.planned > 0 ? run / hand.planned : null;
  const performance = hand.rated && hand.rated.run > 0 ? hand.rated.ideal / hand.rated.run : null;
  const quality = measured > 0 ? (measured - startup - production) / measured : null;
  const amounts = {
    BREAKDOWNS: hand.breakdowns ?? 0,
    SETUP_AND_ADJUSTMENTS: hand.setup ?? 0,
    SMALL_STOPS: hand.small ?? 0,
    REDUCED_SPEED: hand.rated && hand.rated.run > 0 ? Math.max(0, hand.rated.run - hand.rated.ideal) : 0,
    STARTUP_REJECTS: startup,
    PRODUCTION_REJECTS: production,
  };
  return {
    plannedSeconds: hand.planned,
    runSeconds: run,
    noDataSeconds: hand.noData,
    cuts: hand.cuts ?? 0,
    measuredCuts: measured,
    startupRejects: startup,
    productionRejects: production,
    availability,
    performance,
    quality,
    oee:
      availability === null || performance === null || quality === null
        ? null
        : availability * performance * quality,
    losses: OEE_LOSSES.map((loss) => ({ loss, amount: amounts[loss] })),
  };
}

const NOTHING = { planned: 0, noData: 0 };
/** Machine M over the week (see above). */
const M_WEEK = {
  planned: 169_200,
  run: 109_500,
  noData: 34_200,
  cuts: 14,
  breakdowns: 3_600,
  setup: 4_800,
  small: 17_100,
  rated: { run: 109_500, ideal: 14 * 3_600 },
  measured: 9,
  startup: 1,
  production: 2,
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
  manager = await t.login('demo', 'manager');
  tenantId = tenantOf(admin);
  for (const row of await query<{ key: string; id: string }>(
    sql`SELECT serial_number AS key, id FROM cutting_machines UNION ALL SELECT name, id FROM locations`,
  ))
    ids[row.key] = row.id;

  const calendar = await call(
    'PUT',
    `/api/printing-shop/printing-shops/${ids['Werk Süd']}/shift-calendar`,
    admin,
    {
      timeZone: 'Europe/Berlin',
      shifts: [
        ...[1, 2, 3, 4, 5].map((weekday) => ({
          weekday,
          name: 'Früh',
          start: '06:00',
          end: '14:00',
          breaks: [{ start: '10:00', minutes: 30 }],
        })),
        ...[4, 6].map((weekday) => ({ weekday, name: 'Nacht', start: '22:00', end: '06:00', breaks: [] })),
      ],
      holidays: [{ date: '2026-10-21', name: 'Betriebsversammlung' }],
    },
  );
  expect(calendar.statusCode, calendar.body).toBe(200);
  const rate = await call('PUT', rateUrl(ids[M]!), admin, { cutsPerHour: 1 });
  expect(rate.statusCode, rate.body).toBe(200);

  // Tuesday
  await send([status('2026-10-20T06:00:00Z', 'RUNNING')]);
  const o1 = await open('O1', '2026-10-20T06:00:00Z');
  await send([
    status('2026-10-20T07:00:00Z', 'KNIFE_SWAP'),
    status('2026-10-20T07:20:00Z', 'RUNNING'),
    status('2026-10-20T11:00:00Z', 'BREAK'),
    status('2026-10-20T11:15:00Z', 'RUNNING'),
  ]);
  await send(
    ['06:10:00', '06:20:00', '07:59:59', '08:00:00', '08:15:00', '08:30:00', '08:45:00'].map((hms) =>
      cut(`2026-10-20T${hms}Z`),
    ),
  );
  await close(o1, '2026-10-20T11:50:00Z', { startup: 1, production: 1 });
  await send([
    cut('2026-10-20T12:00:00Z'),
    cut('2026-10-20T12:20:00Z'),
    status('2026-10-20T13:00:00Z', 'PAUSED'),
  ]);
  // Thursday and the night to Friday
  await send([status('2026-10-22T05:00:00Z', 'RUNNING')]);
  const o2 = await open('O2', '2026-10-22T05:00:00Z');
  await send([
    cut('2026-10-22T05:30:00Z'),
    status('2026-10-22T09:00:00Z', 'SUPPORT_CUTTING_MACHINE_MAINTENANCE'),
    status('2026-10-22T10:00:00Z', 'RUNNING'),
    cut('2026-10-22T10:30:00Z'),
    status('2026-10-22T12:00:00Z', 'PAUSED'),
  ]);
  await close(o2, '2026-10-22T12:10:00Z', { startup: 0, production: 1 });
  await send([status('2026-10-22T21:00:00Z', 'RUNNING')]);
  const o3 = await open('O3', '2026-10-22T21:00:00Z');
  await send([
    cut('2026-10-22T21:30:00Z'),
    cut('2026-10-23T02:00:00Z'),
    status('2026-10-23T03:00:00Z', 'INTERRUPTION_PRINTING_MATERIAL_MISSING'),
    cut('2026-10-23T04:00:00Z'),
    status('2026-10-23T05:00:00Z', 'RUNNING'),
  ]);
  await close(o3, '2026-10-23T05:30:00Z');
  await send([cut('2026-10-23T06:00:00Z'), status('2026-10-23T12:30:00Z', 'PAUSED')]);
  // Saturday night, over the change of the clocks
  await send([
    cut('2026-10-24T19:59:00Z'),
    status('2026-10-24T20:30:00Z', 'RUNNING'),
    cut('2026-10-24T21:00:00Z'),
    status('2026-10-25T00:30:00Z', 'KNIFE_CALIBRATION'),
    cut('2026-10-25T00:45:00Z'),
    status('2026-10-25T01:30:00Z', 'RUNNING'),
    cut('2026-10-25T01:45:00Z'),
    status('2026-10-25T05:00:00Z', 'PAUSED'),
    cut('2026-10-25T05:00:00Z'),
  ]);
});
afterAll(() => t.close());

describe('OEE of a hand-computed week in Europe/Berlin (DST change, holiday, night shifts)', () => {
  it('per machine: every second, cut, loss and ratio', async () => {
    const oee = await report();
    expect(oee.machines.map((row) => row.machine.serialNumber)).toEqual([M, N]);
    const [m, n] = oee.machines;
    expect(m).toMatchObject({ idealCutsPerHour: 1, idealCutsPerHourSource: 'CONFIGURED' });
    expect(m!.figures).toEqual(figures(M_WEEK));
    // availability 109,500/169,200, performance 50,400/109,500, quality 6/9
    expect(m!.figures.oee).toBeCloseTo((50_400 / 169_200) * (2 / 3), 12);
    // nothing reported: no data all along, availability 0 (measured), the rest not measured
    expect(n).toMatchObject({ idealCutsPerHour: null, idealCutsPerHourSource: 'NONE' });
    expect(n!.figures).toEqual(figures({ planned: 169_200, noData: 169_200 }));
    expect(n!.figures).toMatchObject({ availability: 0, performance: null, quality: null, oee: null });
  });

  it('per location and in total: the machines summed, ratios from the sums', async () => {
    const oee = await report();
    const location = figures({
      ...M_WEEK,
      planned: 2 * 169_200,
      noData: 34_200 + 169_200,
    });
    expect(oee.locations).toEqual([
      { locationId: ids['Werk Süd'], locationName: 'Werk Süd', hasCalendar: true, figures: location },
    ]);
    expect(oee.total).toEqual(location);
  });

  it('per shift: Früh and Nacht of the location', async () => {
    const oee = await report();
    expect(oee.shifts).toEqual([
      {
        locationId: ids['Werk Süd'],
        locationName: 'Werk Süd',
        shift: 'Früh',
        // M: 4 × 27,000 planned, run 17,700 + 19,800 + 23,400, no data 34,200, cuts 5 + 2 + 2, O1;
        // N: 108,000 planned, no data
        figures: figures({
          planned: 216_000,
          run: 60_900,
          noData: 34_200 + 108_000,
          cuts: 9,
          breakdowns: 3_600,
          setup: 1_200,
          small: 900 + 3_600 + 3_600,
          rated: { run: 60_900, ideal: 9 * 3_600 },
          measured: 7,
          startup: 1,
          production: 1,
        }),
      },
      {
        locationId: ids['Werk Süd'],
        locationName: 'Werk Süd',
        shift: 'Nacht',
        // M: 28,800 + 32,400 planned, run 21,600 + 27,000, cuts 2 + 3, no order closed inside
        figures: figures({
          planned: 122_400,
          run: 48_600,
          noData: 61_200,
          cuts: 5,
          setup: 3_600,
          small: 7_200 + 1_800,
          rated: { run: 48_600, ideal: 5 * 3_600 },
        }),
      },
    ]);
  });

  it('per local date: the shift occurrence’s date (a night shift counts on the day it begins)', async () => {
    const oee = await report();
    expect(oee.days).toEqual([
      {
        date: '2026-10-19',
        figures: figures({ planned: 54_000, noData: 54_000, rated: { run: 0, ideal: 0 } }),
      },
      {
        date: '2026-10-20',
        // 5 cuts at 3,600 s each is more than the 17,700 s run: performance above 1, no reduced speed
        figures: figures({
          planned: 54_000,
          run: 17_700,
          noData: 7_200 + 27_000,
          cuts: 5,
          setup: 1_200,
          small: 900,
          rated: { run: 17_700, ideal: 18_000 },
          measured: 7,
          startup: 1,
          production: 1,
        }),
      },
      { date: '2026-10-21', figures: figures(NOTHING) },
      {
        date: '2026-10-22',
        // Früh and Nacht of Thursday; O2 closed between them counts for no date
        figures: figures({
          planned: 2 * 55_800,
          run: 41_400,
          noData: 55_800,
          cuts: 4,
          breakdowns: 3_600,
          small: 3_600 + 7_200,
          rated: { run: 41_400, ideal: 4 * 3_600 },
        }),
      },
      {
        date: '2026-10-23',
        figures: figures({
          planned: 54_000,
          run: 23_400,
          noData: 27_000,
          cuts: 2,
          small: 3_600,
          rated: { run: 23_400, ideal: 2 * 3_600 },
        }),
      },
      {
        date: '2026-10-24',
        figures: figures({
          planned: 64_800,
          run: 27_000,
          noData: 32_400,
          cuts: 3,
          setup: 3_600,
          small: 1_800,
          rated: { run: 27_000, ideal: 3 * 3_600 },
        }),
      },
      { date: '2026-10-25', figures: figures(NOTHING) },
    ]);
    expect(oee.days[1]!.figures.performance).toBe(18_000 / 17_700);
    expect(oee.days[1]!.figures.losses.find((l) => l.loss === 'REDUCED_SPEED')!.amount).toBe(0);
  });

  it('a location without a calendar plans nothing: its machines are not measured', async () => {
    await query(sql`DELETE FROM location_calendars WHERE location_id = ${ids['Werk Nord']!}`);
    const oee = await report({ ...WEEK(), locations: ids['Werk Nord']! });
    expect(oee.machines).toHaveLength(3);
    for (const row of oee.machines) expect(row.figures).toEqual(figures(NOTHING));
    expect(oee.locations).toEqual([
      {
        locationId: ids['Werk Nord'],
        locationName: 'Werk Nord',
        hasCalendar: false,
        figures: figures(NOTHING),
      },
    ]);
    expect(oee.shifts).toEqual([]);
    expect(oee.days.map((day) => day.date)).toHaveLength(7);
  });

  it('the CSV: a row per machine, location, shift, date and the total, in German', async () => {
    const response = await call(
      'GET',
      `/api/report/reports/oee/csv-exports?${new URLSearchParams({ ...WEEK(), lang: 'GERMAN' })}`,
      manager,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/oee-demo-2026-10-19--2026-10-25\.csv/);
    const [header, ...rows] = parseCsv(response.body).map((record) => record.cells);
    expect(response.body.split('\r\n')[0]).toContain(';');
    const texts = exportTexts('GERMAN');
    const title = (key: string) => texts.column(key);
    const column = (name: string) => {
      const index = header!.indexOf(name);
      expect(index, name).toBeGreaterThanOrEqual(0);
      return index;
    };
    const cells = (row: string[], ...names: string[]) => names.map((name) => row[column(name)]);
    expect(rows.map((row) => row[0])).toEqual([
      'MACHINE',
      'MACHINE',
      'LOCATION',
      'SHIFT',
      'SHIFT',
      ...Array(7).fill('DAY'),
      'TOTAL',
    ]);
    const m = rows[0]!;
    expect(cells(m, 'Schneidemaschine', 'Seriennummer', 'Standort')).toEqual(['Schneider 4', M, 'Werk Süd']);
    // planned 169,200 s = 1 day 23 h; availability 64.716 %, performance 46.027 %, quality 66.667 %
    expect(
      cells(m, `${title('plannedTime')} (s)`, `${title('plannedTime')} (DD:HH:MM)`, title('availability')),
    ).toEqual(['169200', '01:23:00', '64,7']);
    expect(
      cells(m, title('performance'), title('quality'), title('oee'), title('idealCutsPerHourSource')),
    ).toEqual(['46', '66,7', '19,9', 'CONFIGURED']);
    expect(
      cells(
        m,
        `${title('reducedSpeed')} (s)`,
        title('startupRejects'),
        title('productionRejects'),
        'Schnitte',
      ),
    ).toEqual(['59100', '1', '2', '14']);
    // not measured: empty
    expect(
      cells(rows[1]!, title('performance'), title('quality'), title('oee'), title('availability')),
    ).toEqual(['', '', '', '0']);
    expect(cells(rows[2]!, 'Standort', `${title('noDataTime')} (s)`)).toEqual(['Werk Süd', '203400']);
    expect(cells(rows[3]!, title('shift'))).toEqual(['Früh']);
    expect(cells(rows[5]!, title('date'))).toEqual(['2026-10-19']);
    // the total (Werk Süd): M's OEE halved by N's planned time
    expect(cells(rows[12]!, title('oee'), 'Schnitte')).toEqual(['9,9', '14']);
  });
});

describe('the ideal cut rate', () => {
  it('without a configured rate: the most cuts of one clock hour in the 30 days before the period ends', async () => {
    const removed = await call('PUT', rateUrl(ids[M]!), admin, { cutsPerHour: null });
    expect(removed.statusCode, removed.body).toBe(200);
    // now (late November): no cut in the 30 days before
    expect(removed.json()).toEqual({
      machineId: ids[M],
      configuredCutsPerHour: null,
      cutsPerHour: null,
      source: 'NONE',
    });
    // the week's end: the best hour is Tue 08:00–09:00 UTC (08:00 08:15 08:30 08:45)
    const [m] = (await report()).machines;
    expect(m).toMatchObject({ idealCutsPerHour: 4, idealCutsPerHourSource: 'BEST_HOUR_30_DAYS' });
    // performance against 4 cuts an hour (900 s a cut)
    expect(m!.figures).toEqual(figures({ ...M_WEEK, rated: { run: 109_500, ideal: 14 * 900 } }));
    const at = (now: string) =>
      inTenant<Map<string, unknown>>((tx) => idealCutsPerHour(tx, [ids[M]!, ids[N]!], new Date(now)));
    // hours before `now` only: before 08:00 the best is 06:00–07:00 (2 cuts)
    expect(await at('2026-10-20T08:00:00Z')).toEqual(
      new Map([
        [ids[M], { cutsPerHour: 2, source: 'BEST_HOUR_30_DAYS' }],
        [ids[N], { cutsPerHour: null, source: 'NONE' }],
      ]),
    );
    // 30 days back from 19 Nov 09:00: the hour of 20 Oct 08:00 is out, 12:00 (2 cuts) is the best left
    expect((await at('2026-11-19T09:00:00Z')).get(ids[M]!)).toEqual({
      cutsPerHour: 2,
      source: 'BEST_HOUR_30_DAYS',
    });
    expect((await at('2026-11-26T00:00:00Z')).get(ids[M]!)).toEqual({ cutsPerHour: null, source: 'NONE' });
  });

  it('GET and PUT: the admin sets it (audited), the manager reads it, bad input gives field errors', async () => {
    const put = await call('PUT', rateUrl(ids[M]!), admin, { cutsPerHour: 240 });
    expect(put.statusCode, put.body).toBe(200);
    const configured = {
      machineId: ids[M],
      configuredCutsPerHour: 240,
      cutsPerHour: 240,
      source: 'CONFIGURED',
    };
    expect(put.json()).toEqual(configured);
    expect((await call('GET', rateUrl(ids[M]!), manager)).json()).toEqual(configured);
    // the admin reads it back too (its machine settings show it)
    expect((await call('GET', rateUrl(ids[M]!), admin)).json()).toEqual(configured);
    expect(
      await query(
        sql`SELECT action, target_id AS "targetId", details FROM audit_log
            WHERE action = 'machine.ideal-cut-rate.changed' ORDER BY id DESC LIMIT 1`,
      ),
    ).toEqual([
      { action: 'machine.ideal-cut-rate.changed', targetId: ids[M], details: { cutsPerHour: 240 } },
    ]);

    const refused = await call('PUT', rateUrl(ids[M]!), manager, { cutsPerHour: 10 });
    expect(refused.statusCode).toBe(403);
    for (const payload of [
      { cutsPerHour: 0 },
      { cutsPerHour: 3601 },
      { cutsPerHour: 1.5 },
      { cutsPerHour: '10' },
      {},
    ]) {
      const bad = await call('PUT', rateUrl(ids[M]!), admin, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'validation.INVALID_INPUT',
        details: { fields: [expect.objectContaining({ field: 'cutsPerHour', in: 'body' })] },
      });
    }
    const extra = await call('PUT', rateUrl(ids[M]!), admin, { cutsPerHour: 10, machineId: ids[N] });
    expect(extra.statusCode).toBe(400);
    expect((await call('GET', rateUrl(ids[M]!), manager)).json()).toEqual(configured);
    for (const method of ['GET', 'PUT'] as const) {
      const missing = await call(
        method,
        rateUrl(randomUUID()),
        admin,
        method === 'PUT' ? { cutsPerHour: 5 } : undefined,
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'service.printing-shops.MACHINE_NOT_FOUND' });
    }
  });
});

describe('closing an order with rejects (the operator terminal)', () => {
  let operator: TokenPair;
  let machineId: string;
  const ps = (path: string) => `/api/printing-shop${path}`;
  const cutsNow = async (count: number) => {
    const serial = Object.entries(ids).find(([, id]) => id === machineId)![0];
    await send(
      Array.from({ length: count }, (_, i) => cut(new Date(Date.now() - (count - i) * 1000).toISOString())),
      serial,
    );
  };
  const openOrder = async () => {
    const id = randomUUID();
    const created = await t.request({
      method: 'POST',
      url: ps('/orders'),
      headers: bearer(operator),
      payload: { id, machineId, name: 'Broschüre A4' },
    });
    expect(created.statusCode, created.body).toBe(201);
    return id;
  };
  const closeOrder = (id: string, payload?: object) =>
    t.request({
      method: 'PUT',
      url: ps(`/orders/${id}/close`),
      headers: bearer(operator),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    operator = await t.login('demo', 'operator');
    const view = await t.request({
      method: 'GET',
      url: ps('/cutting-machines/operator-selection-view'),
      headers: bearer(operator),
    });
    machineId = (view.json() as { machineId: string }[])[0]!.machineId;
    await t.request({
      method: 'PUT',
      url: ps('/users/self/current-machine'),
      headers: bearer(operator),
      payload: { machineId },
    });
  });

  it('stores them; more rejects than cuts are refused and the order stays open; a replay changes nothing', async () => {
    const id = await openOrder();
    await cutsNow(4);
    const tooMany = await closeOrder(id, { rejects: { startup: 3, production: 2 } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'validation.INVALID_INPUT',
      details: { fields: [{ field: 'rejects.production', in: 'body', code: 'REJECTS_EXCEED_CUTS' }] },
    });
    const orders = await t.request({
      method: 'GET',
      url: ps(`/cutting-machines/${machineId}/orders`),
      headers: bearer(operator),
    });
    expect((orders.json() as Order[]).find((order) => order.id === id)).toMatchObject({
      state: 'OPEN',
      startupRejects: null,
      productionRejects: null,
    });

    const closed = await closeOrder(id, { rejects: { startup: 1, production: 3 } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      id,
      state: 'CLOSED',
      cuts: 4,
      startupRejects: 1,
      productionRejects: 3,
    });
    // the terminal's queued close arrives again, even with other numbers: nothing changes
    const replay = await closeOrder(id, { rejects: { startup: 0, production: 0 } });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ state: 'CLOSED', startupRejects: 1, productionRejects: 3 });
    expect(
      await query(
        sql`SELECT startup_rejects AS s, production_rejects AS p FROM cutting_jobs WHERE id = ${id}`,
      ),
    ).toEqual([{ s: 1, p: 3 }]);
  });

  it('closed at `at`: rejects are checked against the cuts it keeps', async () => {
    const id = await openOrder();
    await cutsNow(2);
    const at = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await send([cut(new Date().toISOString())], Object.entries(ids).find(([, v]) => v === machineId)![0]);
    const refused = await closeOrder(id, { at, rejects: { startup: 0, production: 3 } });
    expect(refused.json()).toMatchObject({ details: { fields: [{ code: 'REJECTS_EXCEED_CUTS' }] } });
    const closed = await closeOrder(id, { at, rejects: { startup: 0, production: 2 } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ cuts: 2, startupRejects: 0, productionRejects: 2, endDate: at });
  });

  it('without rejects: not recorded (null); malformed rejects are field errors', async () => {
    const id = await openOrder();
    for (const rejects of [
      { startup: -1, production: 0 },
      { startup: 1 },
      { startup: 0, production: 0, other: 1 },
    ]) {
      const bad = await closeOrder(id, { rejects });
      expect(bad.statusCode, JSON.stringify(rejects)).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation.INVALID_INPUT' });
    }
    const closed = await closeOrder(id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ state: 'CLOSED', startupRejects: null, productionRejects: null });
  });
});

describe('tenant isolation', () => {
  it('another tenant’s machines, data and rates never appear; its machine ids are not found', async () => {
    const [other] = await t.app.kerf.transactions.withPlatform(
      { actor: { tenantId, userId: null }, action: 'test.tenant' },
      (tx) => queryRows<{ id: string }>(tx, sql`SELECT id FROM tenants WHERE slug = 'demo-at'`),
    );
    const otherId = other!.id;
    const [foreign] = await query<{ id: string; serial: string }>(
      sql`SELECT id, serial_number AS serial FROM cutting_machines WHERE deleted_at IS NULL ORDER BY serial_number LIMIT 1`,
      otherId,
    );
    // the other tenant's machine runs and cuts in the same week, with a configured rate of its own
    await send(
      [status('2026-10-20T04:00:00Z', 'RUNNING'), cut('2026-10-20T05:00:00Z'), cut('2026-10-20T05:10:00Z')],
      foreign!.serial,
      () => otherId,
    );
    await t.app.kerf.transactions.withTenant(otherId, (tx) =>
      tx.execute(
        sql`INSERT INTO machine_ideal_cut_rates (tenant_id, machine_id, cuts_per_hour) VALUES (${otherId}, ${foreign!.id}, 77)`,
      ),
    );
    const otherUsers = await t.addUsers(otherId, [
      { username: 'oee-admin', role: 'ADMIN_PRINTING_SHOP' },
      { username: 'oee-manager', role: 'PRINTING_SHOP_MANAGER' },
    ]);
    const otherAdmin = await t.login('demo-at', 'oee-admin');
    const otherLocations = await query<{ id: string }>(sql`SELECT id FROM locations`, otherId);
    const assigned = await call(
      'PUT',
      `/api/printing-shop/users/${otherUsers['oee-manager']}/printing-shops`,
      otherAdmin,
      { printingShopIds: otherLocations.map((row) => row.id) },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    const otherManager = await t.login('demo-at', 'oee-manager');

    // demo's report: the same numbers as before, none of the other machine
    const { locations: _, ...whole } = WEEK();
    const mine = await report(whole);
    expect(mine.machines.map((row) => row.machine.id)).not.toContain(foreign!.id);
    expect(mine.machines.find((row) => row.machine.serialNumber === N)!.figures).toEqual(
      figures({ planned: 169_200, noData: 169_200 }),
    );
    const foreignOnly = await report({ ...whole, machineIds: foreign!.id });
    expect(foreignOnly.machines).toEqual([]);
    expect(foreignOnly.total).toEqual(figures(NOTHING));
    // the other tenant's report: its machine only, with its own rate and its two cuts (Vienna, Early shift)
    const theirs = await report(whole, otherManager);
    expect(theirs.machines.map((row) => row.machine.id)).not.toContain(ids[M]);
    expect(theirs.machines.find((row) => row.machine.id === foreign!.id)).toMatchObject({
      idealCutsPerHour: 77,
      idealCutsPerHourSource: 'CONFIGURED',
      figures: { cuts: 2 },
    });
    expect(theirs.total.cuts).toBe(2);
    // ideal rates across tenants: not found, and not read
    for (const [tokens, machineId] of [
      [otherAdmin, ids[M]!],
      [admin, foreign!.id],
    ] as const) {
      expect((await call('GET', rateUrl(machineId), tokens)).statusCode).toBe(404);
      expect((await call('PUT', rateUrl(machineId), tokens, { cutsPerHour: 9 })).statusCode).toBe(404);
    }
    expect(
      (await inTenant<Map<string, unknown>>((tx) => idealCutsPerHour(tx, [foreign!.id], new Date()))).get(
        foreign!.id,
      ),
    ).toEqual({
      cutsPerHour: null,
      source: 'NONE',
    });
  });
});
