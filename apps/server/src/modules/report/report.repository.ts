import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { NO_KNIFE, NONE_ID } from '../../db/schema/telemetry';
import type { Tx } from '../../db/transactions';

/**
 * Every SQL statement of the report server. Reads only: the report module owns `cutting_jobs`
 * (ADR 0012), whose writes are in `cutting-jobs.repository.ts`; the tables of telemetry, machines,
 * knife and auth are read here and never written.
 *
 * Cuts come from the hourly rollups for the whole hours of a period and from the raw `cuts` for the
 * partial hours at its edges (at most two hours of rows), so every total is exact for any period.
 * Times come from the status intervals, clipped to the period; the open interval runs until now.
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
  const pattern = options.search ? `%${escapeLike(options.search)}%` : null;
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

export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// ---- cuts -----------------------------------------------------------------------------------

const HOUR = 3600_000;
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

/** Cuts of the period per machine, knife and operator. */
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
  return queryRows<CutTotalRow>(
    tx,
    sql`
    SELECT c.machine_id AS "machineId", ${knife} AS "knifeRfid", ${operator} AS "operatorId",
           sum(c.cuts)::float8 AS cuts
    FROM (${cutRows(machineIds, start, end)}) c
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
  const key = per === 'machine' ? sql`c.machine_id` : sql`c.operator_id`;
  return queryRows<CutBucketRow>(
    tx,
    sql`
    SELECT ${bucketOf(size, timeZone)} AS bucket, ${key}::text AS key, sum(c.cuts)::float8 AS cuts
    FROM (${cutRows(machineIds, start, end)}) c
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

/** Seconds per machine, operator and status in [start, end) (end: at most now — the caller clips). */
export async function statusSeconds(
  tx: Tx,
  machineIds: readonly string[],
  start: Date,
  end: Date,
): Promise<StatusSecondsRow[]> {
  if (machineIds.length === 0 || end <= start) return [];
  return queryRows<StatusSecondsRow>(
    tx,
    sql`
    SELECT i.machine_id AS "machineId", i.operator_id AS "operatorId", i.status,
           sum(extract(epoch FROM least(i.ended_at, ${ts(end)}) - greatest(i.started_at, ${ts(start)})))::float8 AS seconds
    FROM (${intervalsIn(machineIds, start, end)}) i
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
export async function peopleByIds(tx: Tx, ids: readonly string[], search?: string): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  const pattern = search ? `%${escapeLike(search)}%` : null;
  return queryRows<PersonRow>(
    tx,
    sql`
    SELECT id, first_name AS "firstName", last_name AS "lastName", display_name AS "displayName"
    FROM users WHERE id IN ${uuids(ids)}
    ${
      pattern
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
  const pattern = options.search ? `%${escapeLike(options.search)}%` : null;
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

export interface GrindingCycleRow {
  rfid: string;
  sharpenedAt: Date | string;
  cuts: number;
}

/**
 * The grinding cycles of the knives closed (sharpened) in [start, end), from the knife module's
 * `grinding_cycles` — the one record of them, whoever recorded a cycle (the grinding shop, or the
 * demo history crediting a regrind): its `sharpened_at` and `cuts_in_cycle`. One index range scan
 * per knife (tenant, rfid, sharpened_at).
 */
export async function grindingCycles(
  tx: Tx,
  rfids: readonly string[],
  start: Date,
  end: Date,
): Promise<GrindingCycleRow[]> {
  if (rfids.length === 0) return [];
  return queryRows<GrindingCycleRow>(
    tx,
    sql`
    SELECT g.rfid, g.sharpened_at AS "sharpenedAt", g.cuts_in_cycle::float8 AS cuts
    FROM grinding_cycles g
    WHERE g.rfid IN (SELECT jsonb_array_elements_text(${json(rfids)}::jsonb))
      AND g.sharpened_at >= ${ts(start)} AND g.sharpened_at < ${ts(end)}
    ORDER BY g.rfid, g.sharpened_at, g.id`,
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
  const pattern = options.nameFilter ? `%${escapeLike(options.nameFilter)}%` : null;
  const where = sql`
    j.machine_id IN ${uuids(options.machineIds)}
    AND j.started_at < ${ts(options.end)} AND (j.ended_at IS NULL OR j.ended_at > ${ts(options.start)})
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
