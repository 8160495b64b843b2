import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/**
 * The SQL of OEE (issue 36 item 2): the ideal cut rates (configured in `machine_ideal_cut_rates`,
 * owned by the report module, else the best clock hour of the hourly rollups) and the report's
 * figures, intersected with the planned intervals of the shift calendars in the database.
 */

const json = (value: unknown) => JSON.stringify(value);
const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** How far back the best hour is looked for. */
const BEST_HOUR_DAYS = 30;

export interface IdealRateRow {
  machineId: string;
  configured: number | null;
  /** the most cuts in one clock hour of the 30 days before `now`; null when configured or none */
  bestHour: number | null;
}

/**
 * Per machine: the configured rate, and (only where none is configured) the most cuts in one UTC
 * clock hour starting in the 30 days before `now`, from the hourly rollups (summed over their
 * knife, operator and job keys).
 */
export async function idealRates(tx: Tx, machineIds: readonly string[], now: Date): Promise<IdealRateRow[]> {
  if (machineIds.length === 0) return [];
  const since = new Date(now.getTime() - BEST_HOUR_DAYS * 86_400_000);
  return queryRows<IdealRateRow>(
    tx,
    sql`
    SELECT ids.id AS "machineId", r.cuts_per_hour AS "configured",
           CASE WHEN r.cuts_per_hour IS NULL THEN (
             SELECT nullif(max(h.cuts), 0)::int FROM (
               SELECT sum(cuts) AS cuts FROM cut_rollups_hourly
               WHERE machine_id = ids.id AND hour >= ${ts(since)} AND hour < ${ts(now)}
               GROUP BY hour
             ) h
           ) END AS "bestHour"
    FROM (SELECT DISTINCT jsonb_array_elements_text(${json(machineIds)}::jsonb)::uuid AS id) ids
    LEFT JOIN machine_ideal_cut_rates r ON r.machine_id = ids.id`,
  );
}

/** Sets (upserts) a machine's configured rate, or removes it (`null`). */
export async function saveIdealRate(
  tx: Tx,
  tenantId: string,
  machineId: string,
  cutsPerHour: number | null,
  userId: string | null,
): Promise<void> {
  if (cutsPerHour === null) {
    await tx.execute(sql`DELETE FROM machine_ideal_cut_rates WHERE machine_id = ${machineId}`);
    return;
  }
  await tx.execute(sql`
    INSERT INTO machine_ideal_cut_rates (tenant_id, machine_id, cuts_per_hour, updated_by, updated_at)
    VALUES (${tenantId}, ${machineId}, ${cutsPerHour}, ${userId}, now())
    ON CONFLICT (tenant_id, machine_id)
    DO UPDATE SET cuts_per_hour = excluded.cuts_per_hour, updated_by = excluded.updated_by, updated_at = now()`);
}

// ---- the report's figures -------------------------------------------------------------------

/*
 * Each statement gets the machines with their location, and per location its plan (oee-plan.ts) as
 * arrays of instants in time order. A status interval, rollup hour or order close finds the planned
 * piece, hour run or shift occurrence it falls in by binary search (`width_bucket` over the sorted
 * starts), so a year is one index range scan per machine and no join of intervals with intervals.
 */

type Instant = number;
const instants = (values: readonly Instant[]) => values.map((value) => new Date(value).toISOString());

export interface OeeMachine {
  id: string;
  locationId: string;
}

interface OeeTimeRow {
  machineId: string;
  cell: number;
  /** seconds with any status inside planned time */
  covered: number;
  run: number;
  breakdowns: number;
  setup: number;
  smallStops: number;
}

/** The statuses counted as each time loss (contracts `OEE_LOSS_OF_STATUS`). */
export interface LossStatuses {
  breakdowns: readonly string[];
  setup: readonly string[];
  smallStops: readonly string[];
}

const machinesTable = (machines: readonly OeeMachine[]) => sql`
  jsonb_to_recordset(${json(machines.map((m) => ({ id: m.id, l: m.locationId })))}::jsonb) AS m(id uuid, l uuid)`;
const statusArray = (statuses: readonly string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${json(statuses)}::jsonb))`;

/**
 * Seconds per machine and cell of the status intervals inside the planned pieces (`s`/`e`: starts
 * and ends, `g`: cells), per loss: the machine's intervals starting inside the planned span and the
 * one it was in when the span began (covering index of the intervals; the open one runs until
 * `until`), each cut at the pieces it overlaps (found by binary search in the sorted starts and ends).
 */
export async function oeeTimes(
  tx: Tx,
  options: {
    machines: readonly OeeMachine[];
    plans: readonly {
      locationId: string;
      pieces: readonly { start: Instant; end: Instant; cell: number }[];
    }[];
    until: Date;
    losses: LossStatuses;
  },
): Promise<OeeTimeRow[]> {
  const plans = options.plans
    .filter((plan) => plan.pieces.length > 0)
    .map((plan) => ({
      l: plan.locationId,
      p0: new Date(plan.pieces[0]!.start).toISOString(),
      p1: new Date(plan.pieces.at(-1)!.end).toISOString(),
      s: instants(plan.pieces.map((piece) => piece.start)),
      e: instants(plan.pieces.map((piece) => piece.end)),
      g: plan.pieces.map((piece) => piece.cell),
    }));
  if (options.machines.length === 0 || plans.length === 0) return [];
  const until = ts(options.until);
  return queryRows<OeeTimeRow>(
    tx,
    sql`
    WITH iv AS (
      SELECT m.id AS machine_id, c.s, c.e, c.g, i.status, i.started_at AS a,
             least(coalesce(i.ended_at, ${until}), ${until}) AS b
      FROM ${machinesTable(options.machines)}
      JOIN jsonb_to_recordset(${json(plans)}::jsonb)
        AS c(l uuid, p0 timestamptz, p1 timestamptz, s timestamptz[], e timestamptz[], g int[]) ON c.l = m.l
      CROSS JOIN LATERAL (
        SELECT status, started_at, ended_at FROM machine_status_intervals
        WHERE machine_id = m.id AND started_at >= c.p0 AND started_at < c.p1
        UNION ALL
        (SELECT status, started_at, ended_at FROM machine_status_intervals
         WHERE machine_id = m.id AND started_at < c.p0
         ORDER BY started_at DESC, id DESC LIMIT 1)
      ) i
    )
    SELECT y.machine_id AS "machineId", y.cell,
           sum(y.sec)::float8 AS covered,
           coalesce(sum(y.sec) FILTER (WHERE y.status = 'RUNNING'), 0)::float8 AS run,
           coalesce(sum(y.sec) FILTER (WHERE y.status = ANY(${statusArray(options.losses.breakdowns)})), 0)::float8 AS breakdowns,
           coalesce(sum(y.sec) FILTER (WHERE y.status = ANY(${statusArray(options.losses.setup)})), 0)::float8 AS setup,
           coalesce(sum(y.sec) FILTER (WHERE y.status = ANY(${statusArray(options.losses.smallStops)})), 0)::float8 AS "smallStops"
    FROM (
      -- the pieces an interval overlaps: from the first ending after its start to the last starting
      -- before its end (usually one); OFFSET 0 keeps the pieces' arrays out of the grouping above
      SELECT z.machine_id, z.status, z.g[z.k] AS cell,
             extract(epoch FROM least(z.b, z.e[z.k]) - greatest(z.a, z.s[z.k]))::float8 AS sec
      FROM (
        SELECT iv.*, generate_series(width_bucket(iv.a, iv.e) + 1, width_bucket(iv.b, iv.s)) AS k FROM iv OFFSET 0
      ) z
      OFFSET 0
    ) y
    WHERE y.sec > 0
    GROUP BY 1, 2`,
  );
}

interface OeeCutRow {
  machineId: string;
  cell: number;
  cuts: number;
}

/**
 * Cuts per machine and cell inside planned time: the hourly rollups of the hour runs (`s`/`e`/`g`)
 * plus and minus the raw cuts of the raw pieces (oee-plan.ts), each range read once for all the
 * tenant's machines (the raw cuts' index is by tenant and time).
 */
export async function oeeCuts(
  tx: Tx,
  options: {
    machines: readonly OeeMachine[];
    plans: readonly {
      locationId: string;
      hourRuns: readonly { start: Instant; end: Instant; cell: number }[];
      rawPieces: readonly { start: Instant; end: Instant; add: number; sub: number }[];
    }[];
  },
): Promise<OeeCutRow[]> {
  const runs = options.plans
    .filter((plan) => plan.hourRuns.length > 0)
    .map((plan) => ({
      l: plan.locationId,
      h0: new Date(plan.hourRuns[0]!.start).toISOString(),
      h1: new Date(plan.hourRuns.at(-1)!.end).toISOString(),
      s: instants(plan.hourRuns.map((run) => run.start)),
      e: instants(plan.hourRuns.map((run) => run.end)),
      g: plan.hourRuns.map((run) => run.cell),
    }));
  if (options.machines.length === 0 || runs.length === 0) return [];
  const raw = options.plans.flatMap((plan) =>
    plan.rawPieces.map((piece) => ({
      l: plan.locationId,
      f: new Date(piece.start).toISOString(),
      t: new Date(piece.end).toISOString(),
      a: piece.add,
      b: piece.sub,
    })),
  );
  return queryRows<OeeCutRow>(
    tx,
    sql`
    WITH m AS (SELECT * FROM ${machinesTable(options.machines)}),
    p AS (SELECT * FROM jsonb_to_recordset(${json(raw)}::jsonb) AS p(l uuid, f timestamptz, t timestamptz, a int, b int)),
    -- each raw range once (locations with the same calendar share them), all the tenant's cuts in it
    -- by the cuts' time index: OFFSET 0 keeps a machine condition from being pushed in, which would
    -- walk each machine's whole month instead
    n AS (
      SELECT r.f, r.t, x.machine_id, x.cuts
      FROM (SELECT DISTINCT f, t FROM p) r
      CROSS JOIN LATERAL (
        SELECT machine_id, count(*) AS cuts FROM cuts WHERE at >= r.f AND at < r.t GROUP BY machine_id OFFSET 0
      ) x
    )
    SELECT x.machine_id AS "machineId", x.cell, sum(x.cuts)::float8 AS cuts
    FROM (
      -- OFFSET 0: the runs' arrays stay at the scan, only machine, cell and cuts go up
      (SELECT m.id AS machine_id, CASE WHEN w.k > 0 AND r.hour < c.e[w.k] THEN c.g[w.k] END AS cell, r.cuts
       FROM m
       JOIN jsonb_to_recordset(${json(runs)}::jsonb)
         AS c(l uuid, h0 timestamptz, h1 timestamptz, s timestamptz[], e timestamptz[], g int[]) ON c.l = m.l
       CROSS JOIN LATERAL (
         SELECT hour, cuts FROM cut_rollups_hourly
         WHERE machine_id = m.id AND hour >= c.h0 AND hour < c.h1) r
       CROSS JOIN LATERAL (SELECT width_bucket(r.hour, c.s) AS k) w
       OFFSET 0)
      UNION ALL
      SELECT m.id, unnest(ARRAY[p.a, p.b]), unnest(ARRAY[n.cuts, -n.cuts])
      FROM n
      JOIN m ON m.id = n.machine_id
      JOIN p ON p.l = m.l AND p.f = n.f AND p.t = n.t
    ) x
    WHERE x.cell >= 0
    GROUP BY 1, 2`,
  );
}

interface OeeOrderRow {
  machineId: string;
  /** the shift occurrence the order was closed in; -1: none */
  cell: number;
  cuts: number;
  startupRejects: number;
  productionRejects: number;
}

/**
 * The orders closed in [start, end) with rejects recorded, summed per machine and the shift
 * occurrence (`s`/`e`: spans, `g`: cells) their close falls in (-1: outside every shift).
 */
export async function oeeOrders(
  tx: Tx,
  options: {
    machines: readonly OeeMachine[];
    plans: readonly { locationId: string; cells: readonly { start: Instant; end: Instant }[] }[];
    start: Date;
    end: Date;
  },
): Promise<OeeOrderRow[]> {
  if (options.machines.length === 0) return [];
  const spans = options.plans
    .filter((plan) => plan.cells.length > 0)
    .map((plan) => {
      const cells = plan.cells.map((cell, index) => ({ ...cell, index })).sort((a, b) => a.start - b.start);
      return {
        l: plan.locationId,
        s: instants(cells.map((cell) => cell.start)),
        e: instants(cells.map((cell) => cell.end)),
        g: cells.map((cell) => cell.index),
      };
    });
  return queryRows<OeeOrderRow>(
    tx,
    sql`
    SELECT j.machine_id AS "machineId",
           coalesce(CASE WHEN w.k > 0 AND j.ended_at < c.e[w.k] THEN c.g[w.k] END, -1) AS cell,
           sum(j.cuts)::float8 AS cuts, sum(j.startup_rejects)::float8 AS "startupRejects",
           sum(j.production_rejects)::float8 AS "productionRejects"
    FROM ${machinesTable(options.machines)}
    JOIN cutting_jobs j ON j.machine_id = m.id
    LEFT JOIN jsonb_to_recordset(${json(spans)}::jsonb) AS c(l uuid, s timestamptz[], e timestamptz[], g int[])
      ON c.l = m.l
    LEFT JOIN LATERAL (SELECT width_bucket(j.ended_at, c.s) AS k) w ON true
    WHERE coalesce(j.ended_at, 'infinity'::timestamptz) >= ${ts(options.start)}
      AND coalesce(j.ended_at, 'infinity'::timestamptz) < ${ts(options.end)}
      AND j.state = 'CLOSED' AND j.startup_rejects IS NOT NULL AND j.production_rejects IS NOT NULL
    GROUP BY 1, 2`,
  );
}

/** Demo: the configured rate of the tenant's machine with this serial number (none: nothing). */
export async function insertIdealRateBySerial(
  tx: Tx,
  tenantId: string,
  serialNumber: string,
  cutsPerHour: number,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO machine_ideal_cut_rates (tenant_id, machine_id, cuts_per_hour)
    SELECT ${tenantId}, id, ${cutsPerHour} FROM cutting_machines
    WHERE serial_number = ${serialNumber} AND deleted_at IS NULL
    ON CONFLICT (tenant_id, machine_id) DO NOTHING`);
}
