import { randomUUID } from 'node:crypto';
import { MACHINE_STATUSES, type MachineStatus, type TokenPair } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../test/harness';
import { queryRows } from '../db/client';
import { writeDemoHistory } from './history';

let t: TestApp;
let admin: TokenPair;
let tenantId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
  tenantId = JSON.parse(Buffer.from(admin.bearerToken.split('.')[1]!, 'base64url').toString()).tid;
});
afterAll(() => t.close());

const query = <T>(statement: ReturnType<typeof sql>) =>
  t.app.kerf.transactions.withTenant(tenantId, (tx) => queryRows<T>(tx, statement));

const uptime = async () => {
  const response = await t.request({
    method: 'GET',
    url: '/api/printing-shop/printing-shops?view=WITH_UPTIME',
    headers: bearer(admin),
  });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(
    response
      .json()
      .items.map((item: { name: string; uptimeLast24h: number }) => [item.name, item.uptimeLast24h]),
  );
};

describe('uptime over 24 h', () => {
  it('is the share of reported time spent RUNNING, counting the open current status until now', async () => {
    const hour = 3600_000;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour).toISOString();
    const status = (serial: string, events: [number, MachineStatus][]) =>
      t.app.kerf.telemetry.record(tenantId, [
        {
          serial,
          boot: randomUUID(),
          events: events.map(([hoursAgo, value], index) => ({
            type: 'status' as const,
            seq: index + 1,
            at: at(hoursAgo),
            status: value,
          })),
        },
      ]);
    // Werk Nord: the three machines were switched on two hours ago and have run since.
    for (const serial of ['PM-115-0001', 'PM-115-0002', 'PM-137-0003'])
      await status(serial, [[2, 'RUNNING']]);
    // Werk Süd: one machine ran for two hours, then an hour of interruption; the other ran 30 h ago for 2 h.
    await status('PM-92-0004', [
      [3, 'RUNNING'],
      [1, 'INTERRUPTION_PRINTING_MATERIAL_MISSING'],
    ]);
    await status('PM-137-0005', [
      [30, 'RUNNING'],
      [28, 'PAUSED'],
    ]);
    const shares = await uptime();
    expect(shares['Werk Nord']).toBeGreaterThan(0.99);
    // 2 h RUNNING of (3 h + 24 h PAUSED) reported
    expect(shares['Werk Süd']).toBeCloseTo(2 / 27, 2);
  });
});

describe('demo history', () => {
  // A Wednesday noon: the week before holds five shifts of each kind and a weekend.
  const now = Date.UTC(2026, 2, 4, 12, 0);

  it('writes a week of every status, knife swaps and operators through the telemetry write path', async () => {
    const before = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM cuts`);
    const result = await writeDemoHistory(t.app.kerf, { days: 7, now });
    expect(result.machines).toBe(5);
    expect(result.cuts).toBeGreaterThan(5 * 5 * 2000); // five machines, five working days

    const statuses = await query<{ status: string }>(
      sql`SELECT DISTINCT status FROM machine_status_intervals WHERE started_at <= ${new Date(now).toISOString()}`,
    );
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(MACHINE_STATUSES));

    const [cuts] = await query<{ n: number; withOperator: number; rollup: number }>(
      sql`SELECT count(*)::int AS n, count(operator_id)::int AS "withOperator",
                 (SELECT sum(cuts)::int FROM cut_rollups_hourly) AS rollup FROM cuts`,
    );
    expect(cuts!.n - before[0]!.n).toBe(result.cuts);
    expect(cuts!.rollup).toBe(cuts!.n);
    // cuts are booked to the shift's operator (a few seconds past a shift's end: to nobody)
    expect(cuts!.withOperator / cuts!.n).toBeGreaterThan(0.999);
    // the bulk load leaves statistics behind: the planner knows how many intervals and cuts there are
    const analyzed = await query<{ table: string; rows: number }>(
      sql`SELECT relname AS table, reltuples::float8 AS rows FROM pg_class
          WHERE relname IN ('machine_status_intervals', 'cuts') AND relkind IN ('r', 'p') ORDER BY relname`,
    );
    expect(analyzed.map((row) => row.table)).toEqual(['cuts', 'machine_status_intervals']);
    expect(analyzed[0]!.rows).toBeGreaterThan(cuts!.n * 0.9);
    expect(analyzed[1]!.rows).toBeGreaterThan(0);

    const swaps = await query<{ machines: number; removed: number }>(
      sql`SELECT count(DISTINCT machine_id)::int AS machines, count(*)::int AS removed
          FROM knife_scans WHERE kind = 'REMOVED'`,
    );
    expect(swaps[0]!.machines).toBe(5);

    // Orders: every working shift books its cuts to one to four orders; some continue as partial
    // jobs in the next shift, a few are cancelled, and each machine's last one is still open.
    const [jobs] = await query<{
      open: number;
      closed: number;
      cancelled: number;
      partial: number;
      cuts: number;
      booked: number;
      processing: number;
    }>(
      sql`SELECT count(*) FILTER (WHERE state = 'OPEN')::int AS open,
                 count(*) FILTER (WHERE state = 'CLOSED')::int AS closed,
                 count(*) FILTER (WHERE state = 'CANCELLED')::int AS cancelled,
                 count(parent_job_id)::int AS partial, sum(cuts)::int AS cuts,
                 (SELECT count(job_id)::int FROM cuts) AS booked,
                 sum(processing_seconds)::int AS processing
          FROM cutting_jobs`,
    );
    expect(jobs!.open).toBe(5);
    expect(jobs!.closed).toBeGreaterThan(5 * 5 * 2); // five machines, ten shifts, at least one order each
    expect(jobs!.cancelled).toBeGreaterThan(0);
    expect(jobs!.partial).toBeGreaterThan(0);
    expect(jobs!.cuts).toBe(jobs!.booked);
    expect(jobs!.booked / cuts!.n).toBeGreaterThan(0.99);
    expect(jobs!.processing).toBeGreaterThan(0);

    // Knives taken out were reground: cuts since grinding stay within one stint (≤ 5,000).
    const knives = await query<{ rfid: string; since: number; total: number }>(
      sql`SELECT rfid, cuts_since_last_grinding::int AS since, total_cuts::int AS total FROM knives
          WHERE rfid IN (SELECT rfid FROM knife_scans)`,
    );
    expect(knives.length).toBe(12);
    for (const knife of knives) expect(knife.since).toBeLessThanOrEqual(5000);
    expect(knives.some((knife) => knife.total > knife.since)).toBe(true);
    // ... and each stint that ended with the knife taken out is followed by a grinding cycle
    const [unground] = await query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM knife_scans r
          WHERE r.kind = 'REMOVED' AND NOT EXISTS (
            SELECT 1 FROM grinding_cycles g WHERE g.rfid = r.rfid AND g.sharpened_at > r.at
              AND g.sharpened_at <= r.at + interval '2 days')`,
    );
    expect(unground!.n).toBe(0);
  }, 120_000); // five machines' week of shifts and orders: 20–40 s, more on a busy machine

  it('is idempotent: a second start adds nothing', async () => {
    const count = () => query<{ n: number }>(sql`SELECT count(*)::int AS n FROM cuts`);
    const before = await count();
    const again = await writeDemoHistory(t.app.kerf, { days: 7, now });
    expect(again).toEqual({ machines: 0, events: 0, cuts: 0 });
    expect(await count()).toEqual(before);
  });
});
