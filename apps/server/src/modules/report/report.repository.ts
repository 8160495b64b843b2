import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { NO_KNIFE, NONE_ID } from '../../db/schema/telemetry';
import type { Tx } from '../../db/transactions';
import { containsPattern } from '../../lib/like';
import { localDays } from './report-time';

/**
 * Every SQL statement of the report server. Reads only: the report module owns `cutting_jobs`
 * (ADR 0012), whose writes are in `cutting-jobs.repository.ts`; the tables of telemetry, machines,
 * knife and auth are read here and never written.
 *
 * Totals (cuts and times) come from the daily aggregates for the whole UTC days of a period; cuts at
 * its edges, and cuts per local hour or day, from the hourly rollups for the whole hours and from
 * the raw `cuts` for the partial hours (at most two hours of rows), so every total is exact for any
 * period (ADR 0019). Times at the edges come from the status intervals, clipped to the period; the
 * open interval runs until now.
 */

const json = (value: unknown) => JSON.stringify(value);
/** `IN (…)` over a list of uuids, as one parameter (both drivers take JSON text alike). */
const uuids = (ids: readonly string[]) => sql`(SELECT jsonb_array_elements_text(${json(ids)}::jsonb)::uuid)`;
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export interface MachineRow {
  id: string;
  name: string;
  serialNumber: string;
  locationId: string | null;
  locationName: string | null;
  knifeSwapInterval: number | null;
}

/** Machines at the given locations that existed during the period (deleted ones until their deletion). */
export async function machinesAt(
  tx: Tx,
  options: { locationIds: string[]; since: Date; machineIds?: string[]; search?: string },
): Promise<MachineRow[]> {
  if (options.locationIds.length === 0) return [];
  const pattern = options.search ? containsPattern(options.search) : null;
  return queryRows<MachineRow>(
    tx,
    sql`
    SELECT m.id, m.name, m.serial_number AS "serialNumber", m.location_id AS "locationId",
           l.name AS "locationName", coalesce(m.knife_swap_interval, l.knife_swap_interval) AS "knifeSwapInterval"
    FROM cutting_machines m
    LEFT JOIN locations l ON l.tenant_id = m.tenant_id AND l.id = m.location_id
    WHERE m.location_id IN ${uuids(options.locationIds)}
      AND (m.deleted_at IS NULL OR m.deleted_at > ${ts(options.since)})
      ${options.machineIds?.length ? sql`AND m.id IN ${uuids(options.machineIds)}` : sql``}
      ${pattern ? sql`AND (m.name ILIKE ${pattern} OR m.serial_number ILIKE ${pattern})` : sql``}
    ORDER BY lower(m.name), m.id`,
  );
}

// ---- cuts -----------------------------------------------------------------------------------

const HOUR = 3600_000;
const DAY = 86_400_000;
const floorHour = (date: Date) => new Date(Math.floor(date.getTime() / HOUR) * HOUR);
const ceilHour = (date: Date) => new Date(Math.ceil(date.getTime() / HOUR) * HOUR);

/**
 * The cuts of [start, end) on the given machines as rows `(t, whole_hour, machine_id, knife_rfid,
 * operator_id, job_id, cuts)`: the rollups of the whole UTC hours inside the period (`t` = the
 * hour), and raw cuts (`t` = the cut's time, one row each) for the partial hours at its edges.
 */
function cutRows(machineIds: readonly string[], start: Date, end: Date): SQL {
  const h0 = ceilHour(start);
  const h1 = floorHour(end);
  const raw = (from: Date, to: Date) => sql`
    SELECT at AS t, false AS whole_hour, machine_id, coalesce(knife_rfid, ${NO_KNIFE}) AS knife_rfid,
           coalesce(operator_id, ${NONE_ID}::uuid) AS operator_id, coalesce(job_id, ${NONE_ID}::uuid) AS job_id,
           1::bigint AS cuts
    FROM cuts WHERE machine_id IN ${uuids(machineIds)} AND at >= ${ts(from)} AND at < ${ts(to)}`;
  // A period inside one hour (or spanning no whole hour): raw cuts only.
  if (h1.getTime() <= h0.getTime()) return raw(start, end);
  const parts: SQL[] = [
    sql`
    SELECT hour AS t, true AS whole_hour, machine_id, knife_rfid, operator_id, job_id, cuts
    FROM cut_rollups_hourly
    WHERE machine_id IN ${uuids(machineIds)} AND hour >= ${ts(h0)} AND hour < ${ts(h1)}`,
  ];
  if (start < h0) parts.push(raw(start, h0));
  if (h1 < end) parts.push(raw(h1, end));
  return sql.join(parts, sql` UNION ALL `);
}

/**
 * The local bucket (hour or day in `timeZone`) a cut row falls in. A whole UTC hour counts where its
 * middle lies: in zones with whole-hour offsets that is exactly the local hour or day it belongs
 * to; in zones with a half- or quarter-hour offset (Asia/Kolkata, Asia/Kathmandu …) a UTC hour
 * straddles two local hours, and its cuts go to the one holding the larger part (at a tie, the
 * later). Totals stay exact (the period's edges are counted from raw cuts); only the split between
 * neighbouring buckets inside the period is rounded to the hour.
 */
function bucketOf(size: 'HOUR' | 'DAY', timeZone: string): SQL {
  const m = sql`(CASE WHEN c.whole_hour THEN c.t + interval '30 minutes' ELSE c.t END)`;
  if (size === 'DAY') return sql`date_trunc('day', ${m}, ${timeZone})`;
  // The start of the local hour: minutes and seconds of the local clock taken off the instant (no
  // conversion back from local time, so the repeated hour of a DST change stays two buckets).
  return sql`(${m} - make_interval(
      mins => extract(minute FROM ${m} AT TIME ZONE ${timeZone})::int,
      secs => extract(second FROM ${m} AT TIME ZONE ${timeZone})::float8))`;
}

export interface CutTotalRow {
  machineId: string;
  knifeRfid: string;
  operatorId: string;
  cuts: number;
}

const floorDay = (date: Date) => new Date(Math.floor(date.getTime() / DAY) * DAY);
const ceilDay = (date: Date) => new Date(Math.ceil(date.getTime() / DAY) * DAY);

/**
 * Cuts per machine in [start, end), exact for any period (`cutTotals`): what other modules count
 * with (the shop-floor board's cuts this shift) instead of reading the rollups themselves.
 */
export async function cutsPerMachine(
  tx: Tx,
  machineIds: readonly string[],
  start: Date,
  end: Date,
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (end <= start) return totals;
  for (const row of await cutTotals(tx, machineIds, start, end))
    totals.set(row.machineId, (totals.get(row.machineId) ?? 0) + Number(row.cuts));
  return totals;
}

/**
 * The whole UTC days inside [start, end) as [d0, d1), or null where there is none: what the daily
 * aggregates answer; the rest of the period (less than a day at each edge) is read finer.
 */
function wholeDays(start: Date, end: Date): { d0: Date; d1: Date } | null {
  const d0 = ceilDay(start);
  const d1 = floorDay(end);
  return d1.getTime() > d0.getTime() ? { d0, d1 } : null;
}

/**
 * Cuts of the period per machine, knife and operator: the daily rollups for the whole UTC days
 * inside it, the hourly rollups and raw cuts (`cutRows`) for the less than a day at each edge.
 */
export async function cutTotals(
  tx: Tx,
  machineIds: readonly string[],
  start: Date,
  end: Date,
  by: { knife?: boolean; operator?: boolean } = {},
): Promise<CutTotalRow[]> {
  if (machineIds.length === 0) return [];
  const knife = by.knife ? sql`c.knife_rfid` : sql`${NO_KNIFE}::text`;
  const operator = by.operator ? sql`c.operator_id` : sql`${NONE_ID}::uuid`;
  const days = wholeDays(start, end);
  const parts: SQL[] = [];
  if (!days)
    parts.push(
      sql`SELECT machine_id, knife_rfid, operator_id, cuts FROM (${cutRows(machineIds, start, end)}) e`,
    );
  else {
    parts.push(sql`
    SELECT machine_id, knife_rfid, operator_id, cuts FROM cut_rollups_daily
    WHERE machine_id IN ${uuids(machineIds)} AND day >= ${ts(days.d0)} AND day < ${ts(days.d1)}`);
    if (start < days.d0)
      parts.push(
        sql`SELECT machine_id, knife_rfid, operator_id, cuts FROM (${cutRows(machineIds, start, days.d0)}) e`,
      );
    if (days.d1 < end)
      parts.push(
        sql`SELECT machine_id, knife_rfid, operator_id, cuts FROM (${cutRows(machineIds, days.d1, end)}) e`,
      );
  }
  return queryRows<CutTotalRow>(
    tx,
    sql`
    SELECT c.machine_id AS "machineId", ${knife} AS "knifeRfid", ${operator} AS "operatorId",
           sum(c.cuts)::float8 AS cuts
    FROM (${sql.join(parts, sql` UNION ALL `)}) c
    GROUP BY 1, 2, 3`,
  );
}

export interface CutBucketRow {
  bucket: Date | string;
  key: string;
  cuts: number;
}

/** Cuts per local hour or day and per machine or operator. */
export async function cutBuckets(
  tx: Tx,
  machineIds: readonly string[],
  start: Date,
  end: Date,
  size: 'HOUR' | 'DAY',
  timeZone: string,
  per: 'machine' | 'operator',
): Promise<CutBucketRow[]> {
  if (machineIds.length === 0) return [];
  const h0 = ceilHour(start);
  const h1 = floorHour(end);
  if (size === 'DAY' && h1.getTime() - h0.getTime() >= 2 * DAY)
    return cutDayBuckets(tx, machineIds, start, end, timeZone, per);
  const key = per === 'machine' ? sql`c.machine_id` : sql`c.operator_id`;
  return queryRows<CutBucketRow>(
    tx,
    sql`
    SELECT ${bucketOf(size, timeZone)} AS bucket, ${key}::text AS key, sum(c.cuts)::float8 AS cuts
    FROM (${cutRows(machineIds, start, end)}) c
    GROUP BY 1, 2`,
  );
}

/**
 * Cuts per local day over a long period, with the same numbers as the hourly path (`bucketOf`: a
 * whole UTC hour counts in the local day holding its middle) at a fraction of the rows. A local
 * day's whole hours are [a, b) = [ceilHour(midnight − 30 min), ceilHour(next midnight − 30 min)),
 * 23–25 hours that straddle UTC midnights unless the zone is UTC. With D the UTC midnight nearest
 * to a, the day is the daily rollup of [D, D + 24 h) plus the hours [a, D) (or minus [D, a)) and
 * minus the hours [b, D + 24 h) (or plus [D + 24 h, b)): exact, because the ingest moves a day row
 * by exactly what it adds to that day's hour rows. Europe/Berlin reads one day row and two
 * two-hour ranges per machine and day instead of 24 hours; the first and last (partial) days read
 * their hours; the partial hours at the period's edges come from raw cuts.
 */
async function cutDayBuckets(
  tx: Tx,
  machineIds: readonly string[],
  start: Date,
  end: Date,
  timeZone: string,
  per: 'machine' | 'operator',
): Promise<CutBucketRow[]> {
  const h0 = ceilHour(start).getTime();
  const h1 = floorHour(end).getTime();
  const boundary = (midnight: number) => Math.ceil((midnight - HOUR / 2) / HOUR) * HOUR;
  /** b: the bucket, d: daily rows (else hourly), f/t: the range, n: added (1) or taken off (-1) */
  const segments: { b: string; d: boolean; f: string; t: string; n: 1 | -1 }[] = [];
  const push = (bucket: string, daily: boolean, from: number, to: number, sign: 1 | -1 = 1) => {
    if (to > from)
      segments.push({
        b: bucket,
        d: daily,
        f: new Date(from).toISOString(),
        t: new Date(to).toISOString(),
        n: sign,
      });
  };
  for (const day of localDays(timeZone, start.getTime(), end.getTime())) {
    const bucket = new Date(day.start).toISOString();
    const a = boundary(day.start);
    const b = boundary(day.end);
    if (a < h0 || b > h1) {
      push(bucket, false, Math.max(a, h0), Math.min(b, h1));
      continue;
    }
    const d = Math.round(a / DAY) * DAY;
    push(bucket, true, d, d + DAY);
    if (a < d) push(bucket, false, a, d);
    else push(bucket, false, d, a, -1);
    if (b < d + DAY) push(bucket, false, b, d + DAY, -1);
    else push(bucket, false, d + DAY, b);
  }
  const key = per === 'machine' ? sql`machine_id` : sql`operator_id`;
  const machines = sql`ARRAY(SELECT jsonb_array_elements_text(${json(machineIds)}::jsonb)::uuid)`;
  const raw = (from: Date, to: Date) => sql`
    SELECT date_trunc('day', at, ${timeZone}) AS bucket, coalesce(${key}, ${NONE_ID}::uuid) AS key, 1::bigint AS cuts
    FROM cuts WHERE machine_id IN ${uuids(machineIds)} AND at >= ${ts(from)} AND at < ${ts(to)}`;
  const parts: SQL[] = [
    sql`
    SELECT s.b AS bucket, x.key, s.n * x.cuts AS cuts
    FROM jsonb_to_recordset(${json(segments)}::jsonb) AS s(b timestamptz, d boolean, f timestamptz, t timestamptz, n int)
    CROSS JOIN LATERAL (
      SELECT ${key} AS key, cuts FROM cut_rollups_daily
      WHERE s.d AND machine_id = ANY(${machines}) AND day >= s.f AND day < s.t
      UNION ALL
      SELECT ${key}, cuts FROM cut_rollups_hourly
      WHERE NOT s.d AND machine_id = ANY(${machines}) AND hour >= s.f AND hour < s.t) x`,
  ];
  if (start.getTime() < h0) parts.push(raw(start, new Date(h0)));
  if (h1 < end.getTime()) parts.push(raw(new Date(h1), end));
  return queryRows<CutBucketRow>(
    tx,
    sql`
    SELECT c.bucket, c.key::text AS key, sum(c.cuts)::float8 AS cuts
    FROM (${sql.join(parts, sql` UNION ALL `)}) c
    GROUP BY 1, 2`,
  );
}

// ---- times ----------------------------------------------------------------------------------

export interface StatusSecondsRow {
  machineId: string;
  operatorId: string | null;
  status: string;
  seconds: number;
}

/**
 * The status intervals of the machines that overlap [start, end): those starting inside it, and
 * the one each machine was in when it began (found by the machine/start index, so a 24-hour report
 * never walks a year of intervals). The open interval (the current status) ends at `end`.
 */
function intervalsIn(machineIds: readonly string[], start: Date, end: Date): SQL {
  return sql`
    SELECT i.machine_id, i.status, i.operator_id, i.started_at, coalesce(i.ended_at, 'infinity') AS ended_at
    FROM machine_status_intervals i
    WHERE i.machine_id IN ${uuids(machineIds)} AND i.started_at >= ${ts(start)} AND i.started_at < ${ts(end)}
    UNION ALL
    SELECT p.machine_id, p.status, p.operator_id, p.started_at, coalesce(p.ended_at, 'infinity')
    FROM ${uuids(machineIds)} AS m(id)
    CROSS JOIN LATERAL (
      SELECT machine_id, status, operator_id, started_at, ended_at FROM machine_status_intervals
      WHERE machine_id = m.id AND started_at < ${ts(start)}
      ORDER BY started_at DESC, id DESC LIMIT 1) p
    WHERE coalesce(p.ended_at, 'infinity') > ${ts(start)}`;
}

/** The status intervals overlapping [start, end) clipped to it, as (machine, operator, status, seconds). */
function clippedSeconds(machineIds: readonly string[], start: Date, end: Date): SQL {
  return sql`
    SELECT i.machine_id, i.operator_id, i.status,
           extract(epoch FROM least(i.ended_at, ${ts(end)}) - greatest(i.started_at, ${ts(start)}))::float8 AS seconds
    FROM (${intervalsIn(machineIds, start, end)}) i`;
}

/**
 * Seconds per machine, operator and status in [start, end) (end: at most now — the caller clips).
 * The whole UTC days inside the period come from the daily times of the closed intervals plus the
 * open one (a machine's current status, found by one index probe per machine); the less than a day
 * at each edge from the intervals themselves.
 */
export async function statusSeconds(
  tx: Tx,
  machineIds: readonly string[],
  start: Date,
  end: Date,
): Promise<StatusSecondsRow[]> {
  if (machineIds.length === 0 || end <= start) return [];
  const days = wholeDays(start, end);
  const parts: SQL[] = [];
  if (!days) parts.push(clippedSeconds(machineIds, start, end));
  else {
    parts.push(sql`
    SELECT machine_id, nullif(operator_id, ${NONE_ID}::uuid) AS operator_id, status, micros / 1e6::float8 AS seconds
    FROM status_times_daily
    WHERE machine_id IN ${uuids(machineIds)} AND day >= ${ts(days.d0)} AND day < ${ts(days.d1)}`);
    parts.push(sql`
    SELECT o.machine_id, o.operator_id, o.status,
           extract(epoch FROM ${ts(days.d1)} - greatest(o.started_at, ${ts(days.d0)}))::float8
    FROM ${uuids(machineIds)} AS m(id)
    CROSS JOIN LATERAL (
      SELECT machine_id, status, operator_id, started_at, ended_at FROM machine_status_intervals
      WHERE machine_id = m.id AND started_at < ${ts(days.d1)}
      ORDER BY started_at DESC, id DESC LIMIT 1) o
    WHERE o.ended_at IS NULL`);
    if (start < days.d0) parts.push(clippedSeconds(machineIds, start, days.d0));
    if (days.d1 < end) parts.push(clippedSeconds(machineIds, days.d1, end));
  }
  return queryRows<StatusSecondsRow>(
    tx,
    sql`
    SELECT s.machine_id AS "machineId", s.operator_id AS "operatorId", s.status, sum(s.seconds)::float8 AS seconds
    FROM (${sql.join(parts, sql` UNION ALL `)}) s
    GROUP BY 1, 2, 3`,
  );
}

export interface SegmentRow {
  machineId: string;
  status: string;
  from: Date | string;
  to: Date | string;
}

/** The status intervals of [start, end), clipped, in time order per machine. */
export async function statusSegments(
  tx: Tx,
  machineIds: readonly string[],
  start: Date,
  end: Date,
): Promise<SegmentRow[]> {
  if (machineIds.length === 0 || end <= start) return [];
  return queryRows<SegmentRow>(
    tx,
    sql`
    SELECT i.machine_id AS "machineId", i.status,
           greatest(i.started_at, ${ts(start)}) AS "from", least(i.ended_at, ${ts(end)}) AS "to"
    FROM (${intervalsIn(machineIds, start, end)}) i
    ORDER BY i.machine_id, i.started_at`,
  );
}

// ---- people ---------------------------------------------------------------------------------

export interface PersonRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
}

/** Users by id (deleted ones too: history keeps their name); with `search`, only those matching it. */
export async function peopleByIds(
  tx: Tx,
  ids: readonly string[],
  search?: string,
  pseudonymsOnly = false,
): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  const pattern = search ? containsPattern(search) : null;
  return queryRows<PersonRow>(
    tx,
    sql`
    SELECT id, first_name AS "firstName", last_name AS "lastName", display_name AS "displayName"
    FROM users WHERE id IN ${uuids(ids)}
    ${
      pattern && pseudonymsOnly
        ? sql`AND display_name ILIKE ${pattern}`
        : pattern
          ? sql`AND (first_name ILIKE ${pattern} OR last_name ILIKE ${pattern} OR display_name ILIKE ${pattern}
               OR username ILIKE ${pattern} OR personnel_number ILIKE ${pattern}
               OR (first_name || ' ' || last_name) ILIKE ${pattern})`
          : sql``
    }`,
  );
}

// ---- knives ---------------------------------------------------------------------------------

export interface KnifeRow {
  rfid: string;
  articleNumber: string | null;
  knifeClassName: string | null;
  cutsSinceLastGrinding: number;
  knifeSwapInterval: number | null;
}

/**
 * Knives by rfid, or (with `locationIds`) also those last scanned at these locations; narrowed by
 * `search` (rfid, article number, knife class).
 */
export async function knivesOf(
  tx: Tx,
  options: { rfids: readonly string[]; locationIds?: readonly string[]; search?: string },
): Promise<KnifeRow[]> {
  const pattern = options.search ? containsPattern(options.search) : null;
  const atLocations = options.locationIds?.length
    ? sql`OR k.latest_scan_location_id IN ${uuids(options.locationIds)}`
    : sql``;
  return queryRows<KnifeRow>(
    tx,
    sql`
    SELECT k.rfid, k.article_number AS "articleNumber", k.knife_class_name AS "knifeClassName",
           k.cuts_since_last_grinding::float8 AS "cutsSinceLastGrinding",
           coalesce(k.knife_swap_interval, m.knife_swap_interval, l.knife_swap_interval) AS "knifeSwapInterval"
    FROM knives k
    LEFT JOIN cutting_machines m ON m.tenant_id = k.tenant_id AND m.id = k.latest_scan_machine_id
    LEFT JOIN locations l ON l.tenant_id = k.tenant_id AND l.id = k.latest_scan_location_id
    WHERE (k.rfid IN (SELECT jsonb_array_elements_text(${json(options.rfids)}::jsonb)) ${atLocations})
    ${
      pattern
        ? sql`AND (k.rfid ILIKE ${pattern} OR k.article_number ILIKE ${pattern} OR k.knife_class_name ILIKE ${pattern})`
        : sql``
    }
    ORDER BY k.rfid`,
  );
}

// ---- cutting jobs ---------------------------------------------------------------------------

export interface JobRow {
  id: string;
  name: string;
  orderNumber: string | null;
  programNumber: string | null;
  state: string;
  parentJobId: string | null;
  machineId: string;
  startedAt: Date | string;
  endedAt: Date | string | null;
  cuts: number;
  processingSeconds: number;
  downtimeSeconds: number;
  supportSeconds: number;
}

/**
 * The jobs on the machines that overlap [start, end), newest first, with the times booked to each:
 * the machine's status intervals over the job's own span (until now while it is open) — RUNNING is
 * processing, the INTERRUPTION_* reasons downtime, the SUPPORT_* reasons support time.
 */
export async function jobsOverlapping(
  tx: Tx,
  options: {
    machineIds: readonly string[];
    start: Date;
    end: Date;
    nameFilter?: string;
    limit?: number;
    offset?: number;
  },
): Promise<{ rows: JobRow[]; total: number }> {
  if (options.machineIds.length === 0) return { rows: [], total: 0 };
  const pattern = options.nameFilter ? containsPattern(options.nameFilter) : null;
  const where = sql`
    j.machine_id IN ${uuids(options.machineIds)}
    AND j.started_at < ${ts(options.end)} AND coalesce(j.ended_at, 'infinity'::timestamptz) > ${ts(options.start)}
    -- planned (imported, not started) orders are not in reports, nor planned ones deleted unstarted (no span)
    AND j.state <> 'PLANNED' AND coalesce(j.ended_at, 'infinity'::timestamptz) > j.started_at
    ${
      pattern
        ? sql`AND (j.name ILIKE ${pattern} OR j.order_number ILIKE ${pattern} OR j.program_number ILIKE ${pattern})`
        : sql``
    }`;
  const rows = await queryRows<JobRow>(
    tx,
    sql`
    WITH page AS (
      SELECT j.* FROM cutting_jobs j WHERE ${where}
      ORDER BY j.started_at DESC, j.id
      ${options.limit !== undefined ? sql`LIMIT ${options.limit} OFFSET ${options.offset ?? 0}` : sql``}
    )
    SELECT j.id, j.name, j.order_number AS "orderNumber", j.program_number AS "programNumber", j.state,
           j.parent_job_id AS "parentJobId", j.machine_id AS "machineId", j.started_at AS "startedAt",
           j.ended_at AS "endedAt", j.cuts::float8 AS cuts,
           coalesce(t.processing, 0)::float8 AS "processingSeconds",
           coalesce(t.downtime, 0)::float8 AS "downtimeSeconds",
           coalesce(t.support, 0)::float8 AS "supportSeconds"
    FROM page j
    LEFT JOIN LATERAL (
      SELECT sum(s.seconds) FILTER (WHERE s.status = 'RUNNING') AS processing,
             sum(s.seconds) FILTER (WHERE s.status LIKE 'INTERRUPTION\\_%') AS downtime,
             sum(s.seconds) FILTER (WHERE s.status LIKE 'SUPPORT\\_%') AS support
      FROM (
        SELECT i.status, extract(epoch FROM
                 least(coalesce(i.ended_at, now()), coalesce(j.ended_at, now()))
                 - greatest(i.started_at, j.started_at)) AS seconds
        FROM (
          SELECT status, started_at, ended_at FROM machine_status_intervals
          WHERE machine_id = j.machine_id AND started_at >= j.started_at
            AND started_at < coalesce(j.ended_at, now())
          UNION ALL
          (SELECT status, started_at, ended_at FROM machine_status_intervals
           WHERE machine_id = j.machine_id AND started_at < j.started_at
           ORDER BY started_at DESC, id DESC LIMIT 1)
        ) i
        WHERE coalesce(i.ended_at, now()) > j.started_at
      ) s
      WHERE s.seconds > 0
    ) t ON true
    ORDER BY j.started_at DESC, j.id`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM cutting_jobs j WHERE ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** Checks that PostgreSQL knows the time zone (it raises for an unknown one). */
export async function checkTimeZone(tx: Tx, timeZone: string) {
  await queryRows(tx, sql`SELECT now() AT TIME ZONE ${timeZone}`);
}
