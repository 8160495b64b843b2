import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { parseConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { insertTenant, insertUser } from '../../apps/server/src/modules/auth/index';
import { argument, freePort, REPO_ROOT } from './common';

/**
 * bench/reports (docs/architecture.md "Quality targets", issue 11): reports over 1 year × 100 machines on PostgreSQL.
 *
 *   npm run bench:reports -- --db postgres [--smoke] [--json file]
 *     [--tenants 10 --machines 10 --days 365 --cuts-per-minute 1 --seconds 15 --users 10]
 *
 * 1. Generates the history set-based (one INSERT … SELECT per table; generating it through the
 *    telemetry write path would take hours), in the shape the ingest writes it:
 *    - status intervals per machine: two shifts on working days (06–14, 14–22 UTC) in half-hour
 *      intervals, RUNNING mostly, with a break, interruptions and support times with every reason,
 *      knife swaps and calibrations, each booked to the shift's operator; PAUSED between shifts —
 *      contiguous, each ending where the next begins, as `insertStatusInterval` keeps them;
 *    - raw cuts while RUNNING (`--cuts-per-minute`), each with the machine's knife of the week, the
 *      interval's operator and the half-shift's order, in the partitioned `cuts` table;
 *    - the hourly rollups computed FROM those cuts with the ingest's own grouping
 *      (date_trunc('hour', at, 'UTC'), machine, coalesce(knife, ''), coalesce(operator, nil),
 *      coalesce(job, nil), count(*)), so rollups and raw rows agree exactly (checked below);
 *    - the daily aggregates (ADR 0019) from the hourly rollups and the closed status intervals, as
 *      the ingest keeps them (the per-machine numbers below are compared with the raw cuts);
 *    - orders (two per shift) with their cuts, and knife scans at every weekly knife change;
 *    - for OEE (issue 36): every location a shift calendar (early and late shift Monday to Friday,
 *      06–14 and 14–22 with a 30-minute break each at 10:00 and 18:00, a few holidays) in the zone
 *      `--calendar-zone` (UTC by default: the generated machines work 06–22 UTC and stand in their
 *      break at 10:00 UTC, as a shop's machines follow its calendar; Europe/Berlin puts the planned
 *      breaks where the machines run, the costlier case for reading raw cuts), rejects on most
 *      closed orders, a configured ideal cut rate on every other machine (the others use their best
 *      hour) — added to a reused database too when it has none.
 *    The dataset: 10 printing shops (tenants) × 10 machines.
 * 2. Starts the real server (this process, listening on loopback) and signs in one manager per shop.
 * 3. 10 concurrent users (one manager per shop, closed loop) run every report section's JSON
 *    endpoints for the last 24 hours, then for the last year (Europe/Berlin): p50/p95/p99.
 * 4. The same reports' cut numbers computed from the raw `cuts` rows, with the same 10 concurrent
 *    users (one connection each, straight SQL — the same query shape as the report's rollup query,
 *    grouped per machine and per operator and local day), against the rollup query: p95 of each and
 *    the ratio. The raw numbers are compared with the rollups' for equality.
 * `--smoke` runs it all in seconds (2 shops × 2 machines × 14 days, 1 s per measurement).
 * `--keep-db` keeps the generated database (its name is printed); `--reuse-db <name>` measures on
 * one kept before, without generating again.
 */
const smoke = process.argv.includes('--smoke');
const kind = argument('db', 'postgres');
if (kind !== 'postgres') {
  console.error('bench/reports runs on PostgreSQL only (--db postgres): PGlite serves one connection.');
  process.exit(2);
}
const TENANTS = Number(argument('tenants', smoke ? '2' : '10'));
const MACHINES = Number(argument('machines', smoke ? '2' : '10'));
const DAYS = Number(argument('days', smoke ? '14' : '365'));
const CUTS_PER_MINUTE = Number(argument('cuts-per-minute', '1'));
const SECONDS = Number(argument('seconds', smoke ? '1' : '15'));
const USERS = Number(argument('users', smoke ? '2' : '10'));
const JSON_OUT = argument('json', join(REPO_ROOT, '.tmp', `bench-reports${smoke ? '-smoke' : ''}.json`));
const TIME_ZONE = 'Europe/Berlin';
const CALENDAR_ZONE = argument('calendar-zone', 'UTC');
const PASSWORD = 'Kerf-bench-2026';
const NIL = '00000000-0000-0000-0000-000000000000';

const log = (...parts: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...parts);

// ---- database and server ----------------------------------------------------------------------
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reuse = argument('reuse-db', '');
const keep = process.argv.includes('--keep-db') || reuse !== '';
const dbName = reuse || `kerf_bench_reports_${randomBytes(4).toString('hex')}`;
if (!reuse) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
}
const dbUrl = new URL(base);
dbUrl.pathname = `/${dbName}`;
const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), poolSize: 10 });
const config = parseConfig({
  PORT: '0',
  MQTT_PORT: String(await freePort()),
  LOG_LEVEL: 'warn',
  DEMO: '0',
  JWT_SECRET: randomBytes(32).toString('hex'),
  DATA_DIR: mkdtempSync(join(tmpdir(), 'kerf-bench-reports-')),
  DATABASE_URL: dbUrl.toString(),
});
const app = await buildApp(config, { database });
const superuser = new pg.Client({ connectionString: dbUrl.toString() });
await superuser.connect();

async function cleanup() {
  await app.close().catch(() => undefined);
  await database.close().catch(() => undefined);
  await superuser.end().catch(() => undefined);
  if (keep) {
    console.log(`  database kept: ${dbName} (--reuse-db ${dbName})`);
    return;
  }
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

try {
  const generationStarted = performance.now();
  const shops: { tenantId: string; slug: string }[] = [];
  const q = (text: string, values: unknown[] = []) => superuser.query(text, values);
  const end = new Date(Math.floor(Date.now() / 3600_000) * 3600_000);
  if (reuse) {
    const rows = (
      await q(`SELECT id AS "tenantId", slug FROM tenants WHERE slug LIKE 'bench-%' ORDER BY slug`)
    ).rows;
    shops.push(...rows);
  } else {
    await generate();
  }
  const tenantIds = shops.map((s) => s.tenantId);
  await prepareOee();
  /** The shift calendars, rejects and ideal rates OEE reads (idempotent: a reused database gets them once). */
  async function prepareOee() {
    const ids = shops.map((shop) => shop.tenantId);
    const added = await q(
      `INSERT INTO location_calendars (tenant_id, location_id, time_zone)
       SELECT tenant_id, id, $2 FROM locations WHERE tenant_id = ANY($1::uuid[])
       ON CONFLICT DO NOTHING`,
      [ids, CALENDAR_ZONE],
    );
    if (added.rowCount === 0) {
      // a reused database: its calendars in the zone asked for this run
      await q(
        'UPDATE location_calendars SET time_zone = $2 WHERE tenant_id = ANY($1::uuid[]) AND time_zone <> $2',
        [ids, CALENDAR_ZONE],
      );
      return;
    }
    await q(
      `INSERT INTO location_shifts (tenant_id, location_id, position, weekday, name, start_time, end_time)
       SELECT c.tenant_id, c.location_id, (w - 1) * 2 + s, w, (ARRAY['Frühschicht', 'Spätschicht'])[s + 1],
              make_time(6 + 8 * s, 0, 0), make_time(14 + 8 * s, 0, 0)
       FROM location_calendars c, generate_series(1, 5) w, generate_series(0, 1) s
       WHERE c.tenant_id = ANY($1::uuid[]) ON CONFLICT DO NOTHING`,
      [ids],
    );
    await q(
      `INSERT INTO location_shift_breaks (tenant_id, location_id, shift_position, position, start_time, minutes)
       SELECT tenant_id, location_id, position, 0, start_time + interval '4 hours', 30 FROM location_shifts
       WHERE tenant_id = ANY($1::uuid[]) ON CONFLICT DO NOTHING`,
      [ids],
    );
    await q(
      `INSERT INTO location_holidays (tenant_id, location_id, day, name)
       SELECT c.tenant_id, c.location_id, h.day, 'Feiertag'
       FROM location_calendars c, unnest($2::date[]) h(day)
       WHERE c.tenant_id = ANY($1::uuid[]) ON CONFLICT DO NOTHING`,
      [
        ids,
        ['2025-12-25', '2025-12-26', '2026-01-01', '2026-05-01', '2026-10-03', '2026-12-25', '2026-12-26'],
      ],
    );
    // rejects on about 85 % of the closed orders, 0.4 % startup and 1 % production
    await q(
      `UPDATE cutting_jobs SET startup_rejects = floor(cuts * 0.004)::int, production_rejects = floor(cuts * 0.01)::int
       WHERE tenant_id = ANY($1::uuid[]) AND state = 'CLOSED' AND startup_rejects IS NULL
         AND ('x' || left(md5(id::text), 4))::bit(16)::int % 100 < 85`,
      [ids],
    );
    await q(
      `INSERT INTO machine_ideal_cut_rates (tenant_id, machine_id, cuts_per_hour)
       SELECT tenant_id, id, 75 FROM (
         SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id ORDER BY serial_number) AS n
         FROM cutting_machines WHERE tenant_id = ANY($1::uuid[])) m
       WHERE n % 2 = 1 ON CONFLICT DO NOTHING`,
      [ids],
    );
    await q(
      'VACUUM (ANALYZE) cutting_jobs, location_calendars, location_shifts, location_shift_breaks, location_holidays, machine_ideal_cut_rates',
    );
  }
  /** One INSERT … SELECT per table (see the header). */
  async function generate() {
    // ---- shops, people, machines, knives ----------------------------------------------------------
    const passwordHash = await app.kerf.hasher.hash(PASSWORD);
    for (let t = 0; t < TENANTS; t++) {
      const slug = `bench-${String(t + 1).padStart(2, '0')}`;
      const tenant = await app.kerf.transactions.withPlatform(
        { actor: { tenantId: NIL, userId: null }, action: 'bench.tenant' },
        (tx) => insertTenant(tx, { slug, name: `Druckerei ${slug}`, kind: 'PRINTING_SHOP' }),
      );
      await app.kerf.transactions.withTenant(tenant.id, async (tx) => {
        const person = (
          username: string,
          role: 'PRINTING_SHOP_MANAGER' | 'PRINTING_SHOP_OPERATOR',
          i: number,
        ) =>
          insertUser(tx, tenant.id, {
            username,
            passwordHash,
            email: null,
            firstName: ['Jonas', 'Lea', 'Emre', 'Marta', 'Paul', 'Sven'][i % 6]!,
            lastName: ['Schmidt', 'Wagner', 'Yilmaz', 'Nowak', 'Becker', 'Krause'][i % 6]!,
            displayName: i % 2 === 0 ? `Bediener ${i + 1}` : null,
            personnelNumber: String(1000 + i),
            role,
            language: 'GERMAN',
            active: true,
          });
        await person('manager', 'PRINTING_SHOP_MANAGER', 5);
        for (let i = 0; i < 5; i++) await person(`operator-${i + 1}`, 'PRINTING_SHOP_OPERATOR', i);
      });
      shops.push({ tenantId: tenant.id, slug });
    }
    const tenantIds = shops.map((shop) => shop.tenantId);
    await q(
      `INSERT INTO locations (tenant_id, name, country, knife_swap_interval)
       SELECT t, 'Werk ' || n, 'DE', 3500 FROM unnest($1::uuid[]) t, generate_series(1, 2) n`,
      [tenantIds],
    );
    await q(
      `INSERT INTO user_locations (tenant_id, user_id, location_id)
       SELECT u.tenant_id, u.id, l.id FROM users u JOIN locations l ON l.tenant_id = u.tenant_id
       WHERE u.tenant_id = ANY($1::uuid[])`,
      [tenantIds],
    );
    await q(
      `INSERT INTO cutting_machines (tenant_id, location_id, name, serial_number, knife_swap_interval)
       SELECT l.tenant_id, l.id, 'Schneider ' || m, 'BM-' || left(l.tenant_id::text, 8) || '-' || lpad(m::text, 4, '0'), NULL
       FROM (SELECT tenant_id, id, row_number() OVER (PARTITION BY tenant_id ORDER BY name) AS n FROM locations
             WHERE tenant_id = ANY($1::uuid[])) l
       CROSS JOIN generate_series(1, $2::int) m
       WHERE (m % 2) + 1 = l.n`,
      [tenantIds, MACHINES],
    );
    // three knives per machine, one in it each week (the others spare or at the grinder)
    await q(
      `CREATE TEMP TABLE bench_machines AS
       WITH m AS (
         SELECT tenant_id, id, location_id, row_number() OVER (ORDER BY tenant_id, serial_number)::int AS idx
         FROM cutting_machines WHERE tenant_id = ANY($1::uuid[]))
       SELECT m.tenant_id, m.id, m.location_id, m.idx,
              ARRAY(SELECT 'B' || upper(lpad(to_hex(m.idx), 6, '0')) || k FROM generate_series(1, 3) k) AS knives,
              (SELECT array_agg(u.id ORDER BY u.username) FROM users u
                WHERE u.tenant_id = m.tenant_id AND u.role = 'PRINTING_SHOP_OPERATOR') AS operators
       FROM m`,
      [tenantIds],
    );
    await q(
      `INSERT INTO knives (tenant_id, rfid, article_number, knife_class_name, latest_scan_location_id, latest_scan_machine_id)
       SELECT b.tenant_id, k, 'PM-K-1150', 'HSS standard', b.location_id, b.id FROM bench_machines b, unnest(b.knives) k`,
    );

    const start = new Date(end.getTime() - DAYS * 86_400_000);
    const boot = '0b0b0b0b-0000-4000-8000-000000000001';
    // status intervals: half-hour intervals of the working shifts …
    await q(
      `INSERT INTO machine_status_intervals (tenant_id, machine_id, status, operator_id, started_at, ended_at, source, boot_id, seq)
       SELECT b.tenant_id, b.id,
         CASE WHEN k = 8 THEN 'BREAK'
              WHEN r < 0.06 THEN (ARRAY['INTERRUPTION_PRINTING_MATERIAL_FAULTY','INTERRUPTION_PRINTING_MATERIAL_MISPRINT',
                                        'INTERRUPTION_PRINTING_MATERIAL_MISSING','INTERRUPTION_PRINTING_WASTE_DISPOSAL'])[1 + floor(r * 66)::int % 4]
              WHEN r < 0.10 THEN (ARRAY['SUPPORT_CUTTING_MACHINE_CLEANING','SUPPORT_CUTTING_MACHINE_MAINTENANCE',
                                        'SUPPORT_PRINTING_MATERIAL_DISPOSAL','SUPPORT_PRINTING_MATERIAL_LOGISTICS'])[1 + floor(r * 100)::int % 4]
              WHEN r < 0.12 THEN 'KNIFE_SWAP'
              WHEN r < 0.13 THEN 'KNIFE_CALIBRATION'
              ELSE 'RUNNING' END,
         b.operators[1 + ((d.day_ts::date - DATE '2000-01-01') * 2 + s + b.idx) % cardinality(b.operators)],
         day + make_interval(hours => 6 + 8 * s) + k * interval '30 minutes',
         day + make_interval(hours => 6 + 8 * s) + (k + 1) * interval '30 minutes',
         'MACHINE', $1::uuid,
         extract(epoch FROM day + make_interval(hours => 6 + 8 * s) + k * interval '30 minutes')::bigint
       FROM bench_machines b
       CROSS JOIN generate_series($2::date, $3::date, interval '1 day') AS d(day_ts)
       CROSS JOIN LATERAL (SELECT d.day_ts::date::timestamp AT TIME ZONE 'UTC' AS day) dd
       CROSS JOIN generate_series(0, 1) s
       CROSS JOIN generate_series(0, 15) k
       CROSS JOIN LATERAL (SELECT random() AS r) rr
       WHERE extract(isodow FROM d.day_ts) < 6
         AND day + make_interval(hours => 6 + 8 * s) + (k + 1) * interval '30 minutes' <= $4::timestamptz
         AND day + make_interval(hours => 6 + 8 * s) + k * interval '30 minutes' >= $5::timestamptz`,
      [
        boot,
        start.toISOString().slice(0, 10),
        end.toISOString().slice(0, 10),
        end.toISOString(),
        start.toISOString(),
      ],
    );
    // … and PAUSED from the end of each worked stretch to the next shift (nights and weekends).
    await q(
      `INSERT INTO machine_status_intervals (tenant_id, machine_id, status, operator_id, started_at, ended_at, source, boot_id, seq)
       SELECT tenant_id, machine_id, 'PAUSED', NULL, ended_at, next_start, 'MACHINE', $1::uuid, extract(epoch FROM ended_at)::bigint + 1
       FROM (SELECT tenant_id, machine_id, ended_at,
                    lead(started_at) OVER (PARTITION BY machine_id ORDER BY started_at) AS next_start
             FROM machine_status_intervals WHERE tenant_id = ANY($2::uuid[])) x
       WHERE next_start IS NULL OR next_start > ended_at`,
      [boot, tenantIds],
    );
    // orders: two per shift (first and second half), ids derived from machine and half-shift (as version-4 uuids)
    await q(
      `INSERT INTO cutting_jobs (tenant_id, id, machine_id, name, order_number, program_number, state, started_at, ended_at)
       SELECT b.tenant_id, overlay(overlay(md5(b.id::text || '/' || h::text) placing '4' from 13) placing '8' from 17)::uuid, b.id,
              (ARRAY['Flyer A5','Visitenkarten','Broschüre A4','Etiketten','Plakate A2','Kalender A3'])[1 + (extract(epoch FROM h)::bigint / 14400 % 6)::int],
              'AU-' || to_char(h, 'YYMMDD') || '-' || b.idx || '-' || extract(hour FROM h), 'P-' || (1 + b.idx % 40), 'CLOSED', h, h + interval '4 hours'
       FROM bench_machines b
       CROSS JOIN LATERAL (SELECT DISTINCT date_trunc('hour', started_at) - make_interval(hours => (extract(hour FROM started_at)::int - 6) % 4) AS h
                           FROM machine_status_intervals i WHERE i.machine_id = b.id AND i.status <> 'PAUSED') hs`,
    );
    // raw cuts while RUNNING, with the knife of the week, the interval's operator and the half-shift's order
    const step = `${60 / CUTS_PER_MINUTE} seconds`;
    await q(
      `INSERT INTO cuts (tenant_id, at, machine_id, boot_id, seq, knife_rfid, operator_id, job_id)
       SELECT i.tenant_id, g.at, i.machine_id, $1::uuid, (extract(epoch FROM g.at) * 1000)::bigint,
              b.knives[1 + (floor(extract(epoch FROM g.at) / 604800)::bigint % 3)::int], i.operator_id,
              overlay(overlay(md5(i.machine_id::text || '/' ||
                  (date_trunc('hour', g.at) - make_interval(hours => (extract(hour FROM g.at)::int - 6) % 4))::text)
                placing '4' from 13) placing '8' from 17)::uuid
       FROM machine_status_intervals i
       JOIN bench_machines b ON b.id = i.machine_id
       CROSS JOIN LATERAL generate_series(i.started_at + interval '17 seconds', i.ended_at - interval '1 second', $2::interval) g(at)
       WHERE i.tenant_id = ANY($3::uuid[]) AND i.status = 'RUNNING'`,
      [boot, step, tenantIds],
    );
    // the rollups, exactly as insertCutsWithCounters groups the inserted cuts
    await q(
      `INSERT INTO cut_rollups_hourly (tenant_id, hour, machine_id, knife_rfid, operator_id, job_id, cuts)
       SELECT tenant_id, date_trunc('hour', at, 'UTC'), machine_id, coalesce(knife_rfid, ''),
              coalesce(operator_id, '${NIL}'::uuid), coalesce(job_id, '${NIL}'::uuid), count(*)
       FROM cuts WHERE tenant_id = ANY($1::uuid[]) GROUP BY 1, 2, 3, 4, 5, 6`,
      [tenantIds],
    );
    // the daily aggregates (ADR 0019), as the ingest keeps them: cuts per UTC day from the hourly
    // rollups, the closed status intervals' time split at UTC midnights
    await q(
      `INSERT INTO cut_rollups_daily (tenant_id, machine_id, day, knife_rfid, operator_id, cuts)
       SELECT tenant_id, machine_id, date_trunc('day', hour, 'UTC'), knife_rfid, operator_id, sum(cuts)
       FROM cut_rollups_hourly WHERE tenant_id = ANY($1::uuid[]) GROUP BY 1, 2, 3, 4, 5`,
      [tenantIds],
    );
    await q(
      `INSERT INTO status_times_daily (tenant_id, machine_id, day, operator_id, status, micros)
       SELECT i.tenant_id, i.machine_id, d.day, coalesce(i.operator_id, '${NIL}'::uuid), i.status,
              sum(((extract(epoch FROM least(i.ended_at, d.day + interval '24 hours'))
                    - extract(epoch FROM greatest(i.started_at, d.day))) * 1000000)::bigint)
       FROM machine_status_intervals i
       CROSS JOIN LATERAL generate_series(date_trunc('day', i.started_at, 'UTC'), i.ended_at - interval '1 microsecond',
                                          interval '24 hours') AS d(day)
       WHERE i.tenant_id = ANY($1::uuid[]) AND i.ended_at > i.started_at
       GROUP BY 1, 2, 3, 4, 5`,
      [tenantIds],
    );
    await q(
      `UPDATE cutting_jobs j SET cuts = x.n FROM (
         SELECT job_id, sum(cuts) AS n FROM cut_rollups_hourly WHERE tenant_id = ANY($1::uuid[]) GROUP BY job_id) x
       WHERE j.id = x.job_id`,
      [tenantIds],
    );
    // knife changes every seven days (Thursday 00:02 UTC, between shifts): last week's knife out, this week's in
    await q(
      `INSERT INTO knife_scans (tenant_id, rfid, machine_id, location_id, kind, at, boot_id, seq)
       SELECT b.tenant_id, b.knives[1 + ((w / 604800 + 2) % 3)::int], b.id, b.location_id, 'REMOVED',
              to_timestamp(w) + interval '2 minutes', $1::uuid, w * 10 + 1
       FROM bench_machines b, generate_series(floor(extract(epoch FROM $2::timestamptz) / 604800)::bigint * 604800 + 604800,
                                              extract(epoch FROM $3::timestamptz)::bigint, 604800) w
       UNION ALL
       SELECT b.tenant_id, b.knives[1 + ((w / 604800) % 3)::int], b.id, b.location_id, 'INSERTED',
              to_timestamp(w) + interval '5 minutes', $1::uuid, w * 10 + 2
       FROM bench_machines b, generate_series(floor(extract(epoch FROM $2::timestamptz) / 604800)::bigint * 604800 + 604800,
                                              extract(epoch FROM $3::timestamptz)::bigint, 604800) w`,
      [boot, start.toISOString(), end.toISOString()],
    );
    // The report tables' visibility maps set, as autovacuum keeps them on a live system (insert-driven
    // autovacuum, PostgreSQL 13+): index-only scans then skip the heap. A freshly bulk-loaded table
    // would make every index-only scan visit the heap as well.
    await q(
      'VACUUM (ANALYZE) cut_rollups_hourly, cut_rollups_daily, status_times_daily, machine_status_intervals, cutting_jobs',
    );
    await q('ANALYZE');
  }

  const counts = (
    await q(`SELECT (SELECT count(*) FROM cuts)::float8 AS cuts, (SELECT count(*) FROM cut_rollups_hourly)::float8 AS rollups,
                    (SELECT count(*) FROM machine_status_intervals)::float8 AS intervals,
                    (SELECT count(*) FROM cutting_jobs)::float8 AS jobs, (SELECT count(*) FROM knife_scans)::float8 AS scans`)
  ).rows[0] as Record<string, number>;
  const generationSeconds = (performance.now() - generationStarted) / 1000;
  log(`generated in ${generationSeconds.toFixed(0)} s:`, counts);

  // ---- the server and its users ---------------------------------------------------------------
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens: string[] = [];
  for (const [index, shop] of shops.entries()) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/auth/login',
      payload: { tenant: shop.slug, username: 'manager', password: PASSWORD },
      remoteAddress: `10.9.0.${index + 1}`,
    });
    if (response.statusCode !== 200) throw new Error(`login ${shop.slug}: ${response.body}`);
    tokens.push(response.json().bearerToken);
  }
  const REPORTS = [
    '/reports/cutting-machines/average-uptime',
    '/reports/cutting-machines/total-uptime',
    '/reports/cutting-machines/used-knives-count',
    '/reports/employees/cuts-chart',
    '/reports/employees/cuts-per-hour-chart',
    '/reports/employees/times-chart-for-range',
    '/reports/employees/total-times',
    '/reports/knives/cuts-total',
    '/reports/knives/knife-cycles',
    '/reports/cutting-jobs',
    '/reports/oee',
  ];
  const periods = {
    '24 h': { startDate: new Date(Date.now() - 86_400_000), endDate: new Date() },
    year: { startDate: new Date(end.getTime() - Math.min(DAYS, 365) * 86_400_000), endDate: end },
  };
  const urls = (period: { startDate: Date; endDate: Date }) =>
    REPORTS.map(
      (path) =>
        `/api/report${path}?${new URLSearchParams({
          startDate: period.startDate.toISOString(),
          endDate: period.endDate.toISOString(),
          timeZone: TIME_ZONE,
        })}`,
    ).concat(
      period === periods['24 h']
        ? [`/api/report/reports/cutting-machines/uptime-last-24h?timeZone=${TIME_ZONE}`]
        : [],
    );

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      requests: sorted.length,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
    };
  };

  function http(period: { startDate: Date; endDate: Date }, seconds: number) {
    const child = fork(
      new URL('./reports-load.ts', import.meta.url).pathname,
      [
        JSON.stringify({
          base: address,
          users: Array.from({ length: USERS }, (_, i) => ({
            token: tokens[i % tokens.length]!,
            paths: urls(period),
          })),
          seconds,
        }),
      ],
      { execArgv: ['--import', 'tsx'] },
    );
    type Answer = { latencies: number[]; byPath: Record<string, number[]>; failures: string[] };
    return new Promise<Answer>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Answer));
      child.once('error', reject);
    });
  }

  const results: Record<string, unknown> = {};
  const rows: [string, string, string, string, string, string][] = [];
  for (const [name, period] of Object.entries(periods)) {
    await http(period, Math.min(2, SECONDS)); // warm-up
    const run = await http(period, SECONDS);
    if (run.failures.length > 0) throw new Error(`report requests failed: ${run.failures.join(', ')}`);
    const s = summary(run.latencies);
    const perReport = Object.fromEntries(
      Object.entries(run.byPath).map(([path, latencies]) => [
        path.replace('/api/report/reports/', ''),
        summary(latencies),
      ]),
    );
    results[`http ${name}`] = { ...s, perReport };
    const target = name === 'year' ? 250 : 50;
    rows.push([
      `HTTP ${name} reports (${REPORTS.length + (name === '24 h' ? 1 : 0)} endpoints)`,
      String(s.requests),
      s.p50.toFixed(1),
      s.p95.toFixed(1),
      `${target}`,
      s.p95 <= target ? 'ok' : 'MISSED',
    ]);
  }

  // ---- the same reports' cut numbers: rollups vs raw cuts, 10 users in parallel ----------------
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: USERS });
  const machinesOf = new Map<string, string[]>();
  for (const row of (
    await q(
      `SELECT tenant_id::text AS t, array_agg(id::text) AS ids FROM cutting_machines
       WHERE tenant_id = ANY($1::uuid[]) GROUP BY 1`,
      [tenantIds],
    )
  ).rows)
    machinesOf.set(row.t, row.ids);
  const HOUR = 3600_000;
  const DAY = 86_400_000;
  /**
   * The report's cut queries (report.repository.ts): per machine (a total) the daily rollups for the
   * whole UTC days [$8, $9), the hourly ones for the whole hours at the edges, raw cuts for the
   * partial hours; per operator and local day (a chart) the hourly rollups and the raw edges.
   */
  const rollupSql = (per: 'machine' | 'day') =>
    per === 'machine'
      ? `
    SELECT machine_id::text AS k, sum(cuts)::float8 AS n
    FROM (
      SELECT machine_id, cuts FROM cut_rollups_daily
      WHERE tenant_id = $1 AND machine_id = ANY($2::uuid[]) AND day >= $8 AND day < $9 AND $5::text IS NOT NULL
      UNION ALL
      SELECT machine_id, cuts FROM cut_rollups_hourly
      WHERE tenant_id = $1 AND machine_id = ANY($2::uuid[]) AND ((hour >= $3 AND hour < $8) OR (hour >= $9 AND hour < $4))
      UNION ALL
      SELECT machine_id, 1 FROM cuts
      WHERE tenant_id = $1 AND machine_id = ANY($2::uuid[])
        AND ((at >= $6 AND at < $3) OR (at >= $4 AND at < $7))
    ) c GROUP BY 1`
      : `
    SELECT date_trunc('day', t + CASE WHEN whole THEN interval '30 minutes' ELSE interval '0' END, $5::text)::text || operator_id AS k, sum(cuts)::float8 AS n
    FROM (
      SELECT hour AS t, true AS whole, machine_id, operator_id, cuts FROM cut_rollups_hourly
      WHERE tenant_id = $1 AND machine_id = ANY($2::uuid[]) AND hour >= $3 AND hour < $4 AND $5::text IS NOT NULL
      UNION ALL
      SELECT at, false, machine_id, coalesce(operator_id, '${NIL}'::uuid), 1 FROM cuts
      WHERE tenant_id = $1 AND machine_id = ANY($2::uuid[])
        AND ((at >= $6 AND at < $3) OR (at >= $4 AND at < $7))
    ) c GROUP BY 1`;
  const rawSql = (per: 'machine' | 'day') => `
    SELECT ${per === 'machine' ? 'machine_id::text AS k' : `date_trunc('day', at, $5::text)::text || coalesce(operator_id, '${NIL}'::uuid) AS k`}, count(*)::float8 AS n
    FROM cuts WHERE tenant_id = $1 AND machine_id = ANY($2::uuid[]) AND at >= $3 AND at < $4 AND $5::text IS NOT NULL GROUP BY 1`;
  async function sqlLoad(
    name: string,
    period: { startDate: Date; endDate: Date },
    per: 'machine' | 'day',
    source: 'rollup' | 'raw',
    seconds: number,
  ) {
    const latencies: number[] = [];
    const until = performance.now() + seconds * 1000;
    let answer: Map<string, number> | null = null;
    await Promise.all(
      Array.from({ length: USERS }, async (_, user) => {
        const tenantId = tenantIds[user % tenantIds.length]!;
        const client = await pool.connect();
        try {
          do {
            const s = period.startDate;
            const e = period.endDate;
            const h0 = new Date(Math.ceil(s.getTime() / HOUR) * HOUR);
            const h1 = new Date(Math.floor(e.getTime() / HOUR) * HOUR);
            // the whole UTC days inside the period, or none ([h1, h1))
            let d0 = new Date(Math.ceil(s.getTime() / DAY) * DAY);
            let d1 = new Date(Math.floor(e.getTime() / DAY) * DAY);
            if (d1 <= d0) [d0, d1] = [h1, h1];
            const started = performance.now();
            const result =
              source === 'rollup'
                ? await client.query(rollupSql(per), [
                    tenantId,
                    machinesOf.get(tenantId),
                    h0,
                    h1,
                    TIME_ZONE,
                    s,
                    e,
                    ...(per === 'machine' ? [d0, d1] : []),
                  ])
                : await client.query(rawSql(per), [tenantId, machinesOf.get(tenantId), s, e, TIME_ZONE]);
            latencies.push(performance.now() - started);
            if (user === 0 && !answer) answer = new Map(result.rows.map((r) => [r.k, r.n]));
          } while (performance.now() < until);
        } finally {
          client.release();
        }
      }),
    );
    return { name, ...summary(latencies), answer: answer as Map<string, number> | null };
  }
  for (const [name, period] of Object.entries(periods)) {
    for (const per of ['machine', 'day'] as const) {
      const label = `${name} cuts per ${per === 'machine' ? 'machine' : 'operator and local day'}`;
      const rollup = await sqlLoad(label, period, per, 'rollup', SECONDS);
      const raw = await sqlLoad(label, period, per, 'raw', SECONDS);
      // the rollups must give exactly the raw numbers
      const same =
        rollup.answer !== null &&
        raw.answer !== null &&
        [...raw.answer].every(([k, n]) => rollup.answer!.get(k) === n) &&
        rollup.answer.size === raw.answer.size;
      if (!same) throw new Error(`${label}: rollups and raw cuts disagree`);
      const ratio = raw.p95 / Math.max(rollup.p95, 0.001);
      results[`sql ${label}`] = {
        rollup: { ...rollup, answer: undefined },
        raw: { ...raw, answer: undefined },
        ratio,
      };
      rows.push([
        `SQL ${label}: rollups`,
        String(rollup.requests),
        rollup.p50.toFixed(1),
        rollup.p95.toFixed(1),
        '',
        '',
      ]);
      rows.push([
        `SQL ${label}: raw cuts`,
        String(raw.requests),
        raw.p50.toFixed(1),
        raw.p95.toFixed(1),
        name === 'year' ? '≥10×' : '',
        `${ratio.toFixed(1)}×${name === 'year' ? (ratio >= 10 ? ' ok' : ' MISSED') : ''}`,
      ]);
    }
  }
  await pool.end();

  const load = (await import('node:os')).loadavg();
  console.log('');
  console.log(
    `bench/reports on PostgreSQL: ${TENANTS} shops × ${MACHINES} machines × ${DAYS} days, ${USERS} concurrent users, ${SECONDS} s per measurement, load ${load.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(
    `  data: ${counts.cuts} cuts, ${counts.rollups} rollup rows, ${counts.intervals} status intervals, ${counts.jobs} orders`,
  );
  const header = ['measurement', 'requests', 'p50 ms', 'p95 ms', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows])
    console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`);
  for (const name of Object.keys(periods)) {
    const perReport = (results[`http ${name}`] as { perReport: Record<string, ReturnType<typeof summary>> })
      .perReport;
    console.log(`  HTTP ${name}, p95 ms per report:`);
    for (const [path, s] of Object.entries(perReport).sort((a, b) => b[1].p95 - a[1].p95))
      console.log(`    ${path.padEnd(44)} ${s.p95.toFixed(1).padStart(8)}  (${s.requests} requests)`);
  }
  const report = {
    bench: 'reports',
    smoke,
    at: new Date().toISOString(),
    loadAverage: load,
    dataset: {
      tenants: TENANTS,
      machinesPerTenant: MACHINES,
      days: DAYS,
      cutsPerMinute: CUTS_PER_MINUTE,
      ...counts,
    },
    generationSeconds,
    users: USERS,
    seconds: SECONDS,
    results,
  };
  mkdirSync(dirname(JSON_OUT), { recursive: true });
  writeFileSync(JSON_OUT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`  JSON: ${JSON_OUT}`);
  // for `npm run bench` (all.ts), when it started this bench
  process.send?.({ result: { ...report, database: 'postgres' } });
} finally {
  await cleanup();
}
process.exit(0);
