import { randomUUID } from 'node:crypto';
import type { MachineStatus, TelemetryEvent, TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { queryRows } from '../../db/client';

/**
 * Reports over many days read the daily aggregates (ADR 0019) for the whole UTC days and finer rows
 * at the edges; late telemetry (a machine's buffer replayed after an outage) must move exactly the
 * days it touches. Machine PM-115-0002, every status booked to Jonas (operator), knife K1:
 *
 *   status, in the order sent (UTC)                   cuts, in the order sent (UTC)
 *   1  01 Jun 10:00  RUNNING                           31 May 21:59:59 (before both periods below)
 *   2  03 Jun 20:00  PAUSED                            01 Jun 10:30, 23:59:30; 02 Jun 00:00:00
 *   3  05 Jun 08:00  RUNNING (still open)              04 Jun 12:00; 07 Jun 21:59:59, 22:00:00
 *   late:                                              late: 02 Jun 12:10, 03 Jun 05:00
 *   4  02 Jun 12:00  INTERRUPTION_…_MISSING                   (and 02 Jun 12:10 once more: a re-send)
 *   5  02 Jun 13:30  RUNNING
 *   6  31 May 21:00  PAUSED (before everything)
 *
 * The week 1–7 June in Europe/Berlin (CEST): 31 May 22:00 UTC to 7 Jun 22:00 UTC, 604,800 s.
 *   PAUSED  22:00–10:00 (12 h) + 3 Jun 20:00–5 Jun 08:00 (36 h)                 = 172,800 s
 *   RUNNING 1 Jun 10:00–2 Jun 12:00 (26 h) + 2 Jun 13:30–3 Jun 20:00 (30.5 h)
 *           + 5 Jun 08:00–7 Jun 22:00 (62 h, the open interval)                  = 426,600 s
 *   INTERRUPTION_PRINTING_MATERIAL_MISSING 12:00–13:30                             =   5,400 s
 *   cuts: 10:30, 23:59:30, 00:00, 12:10, 05:00, 4 Jun 12:00, 7 Jun 21:59:59        = 7
 *   cuts per local day: 1, 3 (23:59:30Z is 01:59 local), 1, 1, 0, 0, 1
 * The same week in Asia/Kolkata (UTC+05:30): 31 May 18:30 UTC to 7 Jun 18:30 UTC.
 *   NO_DATA 18:30–21:00 (nothing reported yet)                                     =   9,000 s
 *   PAUSED  21:00–10:00 (13 h) + 36 h                                              = 176,400 s
 *   RUNNING 26 h + 30.5 h + 5 Jun 08:00–7 Jun 18:30 (58.5 h)                       = 414,000 s
 *   INTERRUPTION_PRINTING_MATERIAL_MISSING                                         =   5,400 s
 *   cuts: 31 May 21:59:59, 10:30, 23:59:30, 00:00, 12:10, 05:00, 4 Jun 12:00       = 7
 *   cuts per local day: 2, 3, 1, 1, 0, 0, 0
 */
let t: TestApp;
let manager: TokenPair;
let tenantId: string;
let jonas: string;
const A = 'PM-115-0002';
const K1 = 'E280116000000099';
const boot = randomUUID();
let seq = 0;

type Unsequenced = TelemetryEvent extends infer E
  ? E extends TelemetryEvent
    ? Omit<E, 'seq'>
    : never
  : never;
async function send(events: Unsequenced[], operatorId?: string, at?: number) {
  await t.app.kerf.telemetry.record(tenantId, [
    {
      serial: A,
      boot,
      events: events.map(
        (event, i) => ({ ...event, seq: at !== undefined ? at + i : ++seq }) as TelemetryEvent,
      ),
      ...(operatorId ? { source: 'OPERATOR' as const, operatorId } : {}),
    },
  ]);
}
const status = (at: string, value: MachineStatus) => ({ type: 'status' as const, at, status: value });
const cut = (at: string) => ({ type: 'cut' as const, at, knifeRfid: K1 });
const query = <T>(statement: ReturnType<typeof sql>, tenant = tenantId) =>
  t.app.kerf.transactions.withTenant(tenant, (tx) => queryRows<T>(tx, statement));

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.login('demo', 'admin');
  manager = await t.login('demo', 'manager');
  tenantId = JSON.parse(Buffer.from(admin.bearerToken.split('.')[1]!, 'base64url').toString()).tid;
  [{ id: jonas }] = (await query<{ id: string }>(sql`SELECT id FROM users WHERE username = 'operator'`)) as [
    { id: string },
  ];
  await send([status('2026-06-01T10:00:00Z', 'RUNNING')], jonas);
  await send([status('2026-06-03T20:00:00Z', 'PAUSED')], jonas);
  await send([status('2026-06-05T08:00:00Z', 'RUNNING')], jonas);
  await send(
    [
      '2026-05-31T21:59:59Z',
      '2026-06-01T10:30:00Z',
      '2026-06-01T23:59:30Z',
      '2026-06-02T00:00:00Z',
      '2026-06-04T12:00:00Z',
      '2026-06-07T21:59:59Z',
      '2026-06-07T22:00:00Z',
    ].map(cut),
  );
  // the buffer of an outage, replayed late
  await send([status('2026-06-02T12:00:00Z', 'INTERRUPTION_PRINTING_MATERIAL_MISSING')], jonas);
  await send([status('2026-06-02T13:30:00Z', 'RUNNING')], jonas);
  await send([status('2026-05-31T21:00:00Z', 'PAUSED')], jonas);
  const late = ++seq;
  seq += 1;
  await send([cut('2026-06-02T12:10:00Z'), cut('2026-06-03T05:00:00Z')], undefined, late);
  await send([cut('2026-06-02T12:10:00Z')], undefined, late); // the same event again: counted once
});
afterAll(() => t.close());

async function totalUptime(period: Record<string, string>) {
  const response = await t.request({
    method: 'GET',
    url: `/api/report/reports/cutting-machines/total-uptime?${new URLSearchParams(period)}`,
    headers: bearer(manager),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().find((row: { machine: { serialNumber: string } }) => row.machine.serialNumber === A);
}

describe('a week with late telemetry', () => {
  it('Europe/Berlin: every status and cut of the week, the open interval until the end', async () => {
    const row = await totalUptime({
      startDate: '2026-05-31T22:00:00Z',
      endDate: '2026-06-07T22:00:00Z',
      timeZone: 'Europe/Berlin',
    });
    expect(row.statuses).toEqual([
      { status: 'RUNNING', seconds: 426_600 },
      { status: 'PAUSED', seconds: 172_800 },
      { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', seconds: 5_400 },
    ]);
    expect(row.cuts).toBe(7);
  });

  it('Asia/Kolkata: the same week half an hour off the hour, NO_DATA before the first status', async () => {
    const row = await totalUptime({
      startDate: '2026-05-31T18:30:00Z',
      endDate: '2026-06-07T18:30:00Z',
      timeZone: 'Asia/Kolkata',
    });
    expect(row.statuses).toEqual([
      { status: 'RUNNING', seconds: 414_000 },
      { status: 'PAUSED', seconds: 176_400 },
      { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', seconds: 5_400 },
      { status: 'NO_DATA', seconds: 9_000 },
    ]);
    expect(row.cuts).toBe(7);
  });

  it('employees and knives read the same days: Jonas’ times, K1’s cuts', async () => {
    const period = new URLSearchParams({
      startDate: '2026-05-31T22:00:00Z',
      endDate: '2026-06-07T22:00:00Z',
      timeZone: 'Europe/Berlin',
    });
    const times = await t.request({
      method: 'GET',
      url: `/api/report/reports/employees/times-chart-for-range?${period}`,
      headers: bearer(manager),
    });
    const own = times.json().find((row: { employee: { id: string | null } }) => row.employee.id === jonas);
    expect(own.statuses).toEqual([
      { status: 'RUNNING', seconds: 426_600 },
      { status: 'PAUSED', seconds: 172_800 },
      { status: 'INTERRUPTION_PRINTING_MATERIAL_MISSING', seconds: 5_400 },
    ]);
    const knives = await t.request({
      method: 'GET',
      url: `/api/report/reports/knives/cuts-total?${period}`,
      headers: bearer(manager),
    });
    expect(knives.json().find((row: { rfid: string }) => row.rfid === K1)).toMatchObject({ cuts: 7 });
  });

  it('cuts per local day read from the daily rollups match the hours they cover', async () => {
    const perDay = async (period: Record<string, string>) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/report/reports/employees/cuts-per-hour-chart?${new URLSearchParams(period)}`,
        headers: bearer(manager),
      });
      const chart = response.json();
      expect(chart.bucketSize).toBe('DAY');
      const sums = new Map<string, number>();
      for (const series of chart.series)
        for (const bucket of series.buckets)
          sums.set(bucket.start, (sums.get(bucket.start) ?? 0) + bucket.cuts);
      return [...sums];
    };
    // Berlin (UTC+2): 23:59:30Z on the 1st is 01:59 on the 2nd; 21:59:59Z on the 7th is 23:59:59 local
    expect(
      await perDay({
        startDate: '2026-05-31T22:00:00Z',
        endDate: '2026-06-07T22:00:00Z',
        timeZone: 'Europe/Berlin',
      }),
    ).toEqual(
      [1, 3, 1, 1, 0, 0, 1].map((cuts, i) => [new Date(Date.UTC(2026, 4, 31 + i, 22)).toISOString(), cuts]),
    );
    // Kolkata (UTC+05:30): 21:59:59Z on 31 May is 03:29 on 1 June (a raw cut at the period's edge)
    expect(
      await perDay({
        startDate: '2026-05-31T18:30:00Z',
        endDate: '2026-06-07T18:30:00Z',
        timeZone: 'Asia/Kolkata',
      }),
    ).toEqual(
      [2, 3, 1, 1, 0, 0, 0].map((cuts, i) => [
        new Date(Date.UTC(2026, 4, 31 + i, 18, 30)).toISOString(),
        cuts,
      ]),
    );
  });

  it('the daily aggregates equal the raw rows recomputed, day by day', async () => {
    const micros = (rows: { day: string; status: string; micros: number }[]) =>
      rows.map((row) => `${new Date(row.day).toISOString()} ${row.status} ${row.micros}`).sort();
    const stored = await query<{ day: string; status: string; micros: number }>(
      sql`SELECT day, status, micros::float8 AS micros FROM status_times_daily WHERE micros <> 0`,
    );
    const recomputed = await query<{ day: string; status: string; micros: number }>(sql`
      SELECT d.day, i.status, sum((extract(epoch FROM least(i.ended_at, d.day + interval '24 hours'))
                                  - extract(epoch FROM greatest(i.started_at, d.day))) * 1000000)::float8 AS micros
      FROM machine_status_intervals i
      CROSS JOIN LATERAL generate_series(date_trunc('day', i.started_at, 'UTC'), i.ended_at - interval '1 microsecond',
                                         interval '24 hours') AS d(day)
      WHERE i.ended_at > i.started_at GROUP BY 1, 2`);
    expect(micros(stored)).toEqual(micros(recomputed));
    expect(stored.length).toBeGreaterThan(5);
    const cuts = (rows: { day: string; cuts: number }[]) =>
      rows.map((row) => `${new Date(row.day).toISOString()} ${row.cuts}`).sort();
    expect(
      cuts(await query(sql`SELECT day, cuts::float8 AS cuts FROM cut_rollups_daily WHERE cuts <> 0`)),
    ).toEqual(
      cuts(
        await query(
          sql`SELECT date_trunc('day', at, 'UTC') AS day, count(*)::float8 AS cuts FROM cuts GROUP BY 1`,
        ),
      ),
    );
  });

  it('another tenant sees none of the daily rows', async () => {
    const [other] = await t.app.kerf.transactions.withPlatform(
      { actor: { tenantId, userId: null }, action: 'test.tenant' },
      (tx) => queryRows<{ id: string }>(tx, sql`SELECT id FROM tenants WHERE slug = 'demo-grind'`),
    );
    for (const table of ['status_times_daily', 'cut_rollups_daily'])
      expect(
        await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`, other!.id),
      ).toEqual([{ n: 0 }]);
    expect(
      (await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM status_times_daily`))[0]!.n,
    ).toBeGreaterThan(0);
  });
});
