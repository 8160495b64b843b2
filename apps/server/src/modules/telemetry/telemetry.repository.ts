import { type SQL, sql } from 'drizzle-orm';
import { NO_KNIFE, NONE_ID } from '../../db/schema/telemetry';
import { type PreparedStatement, preparedStatement, runPrepared, type Tx } from '../../db/transactions';
import { iso } from '../../lib/dates';

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];
/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`. */
const run = async (tx: Tx, query: SQL) => (await tx.execute(query)) as unknown as { rows: unknown[] };
const json = (value: unknown) => JSON.stringify(value);

/**
 * One cut as the write path takes it. The machine is named by its serial, and the statement books
 * the cut to the machine's operator and order as they stand in the transaction (after the batch's
 * own status events).
 */
export interface CutRow {
  serial: string;
  bootId: string;
  seq: number;
  /** milliseconds since the epoch: parsed once from the event's time, never formatted again */
  at: number;
  knifeRfid: string | null;
}

export interface StatusRow {
  machineId: string;
  status: string;
  operatorId: string | null;
  at: string;
  source: 'MACHINE' | 'OPERATOR';
  bootId: string;
  seq: number;
}

/**
 * Records one status change as an interval. Order-independent: the interval before it (by time)
 * ends where it starts, and it ends where the next one starts, so a replayed old event slots in.
 * Returns false for a duplicate.
 */
export async function insertStatusInterval(tenantId: string, tx: Tx, row: StatusRow): Promise<boolean> {
  const inserted = await run(
    tx,
    sql`
    INSERT INTO machine_status_intervals (tenant_id, machine_id, status, operator_id, started_at, ended_at, source, boot_id, seq)
    VALUES (${tenantId}, ${row.machineId}, ${row.status}, ${row.operatorId}, ${row.at},
      (SELECT min(started_at) FROM machine_status_intervals
        WHERE machine_id = ${row.machineId} AND started_at > ${row.at}::timestamptz),
      ${row.source}, ${row.bootId}, ${row.seq})
    ON CONFLICT (tenant_id, machine_id, boot_id, seq) DO NOTHING
    RETURNING id, ended_at AS "endedAt"`,
  );
  if (inserted.rows.length === 0) return false;
  const own = inserted.rows[0] as { id: number; endedAt: Date | string | null };
  // The interval before it ends where this one starts; what it was is returned for the day times.
  const previous = rowsOf<{
    status: string;
    operatorId: string | null;
    startedAt: Date | string;
    oldEnd: Date | string | null;
  }>(
    await run(
      tx,
      sql`
      WITH p AS MATERIALIZED (
        SELECT id, status, operator_id, started_at, ended_at FROM machine_status_intervals
        WHERE machine_id = ${row.machineId} AND started_at <= ${row.at}::timestamptz AND id <> ${own.id}
        ORDER BY started_at DESC, id DESC LIMIT 1
      ), u AS (
        -- by the id alone (a primary-key probe with the tenant), as a join could scan every interval
        UPDATE machine_status_intervals SET ended_at = ${row.at}
        WHERE id = (SELECT id FROM p) AND (ended_at IS NULL OR ended_at > ${row.at}::timestamptz)
        RETURNING id
      )
      SELECT p.status, p.operator_id AS "operatorId", p.started_at AS "startedAt", p.ended_at AS "oldEnd"
      FROM p JOIN u ON u.id = p.id`,
    ),
  );
  // The daily times (status_times_daily) count closed intervals only: the new one once it has an
  // end; the one before it, shortened by what the new one now covers, or counted whole now that
  // it has closed.
  const spans: DaySpan[] = [];
  if (own.endedAt !== null)
    spans.push({ o: row.operatorId, s: row.status, f: row.at, t: iso(own.endedAt), n: 1 });
  for (const p of previous) {
    if (p.oldEnd === null) spans.push({ o: p.operatorId, s: p.status, f: iso(p.startedAt), t: row.at, n: 1 });
    else spans.push({ o: p.operatorId, s: p.status, f: row.at, t: iso(p.oldEnd), n: -1 });
  }
  if (spans.length > 0) await addDayTimes(tx, tenantId, row.machineId, spans);
  return true;
}

/** A status span to add to (n = 1) or take off (n = -1) the daily times: operator, status, from, to. */
interface DaySpan {
  o: string | null;
  s: string;
  f: string;
  t: string;
  n: 1 | -1;
}

/**
 * Adds the spans to the machine's daily times, split at UTC midnights ('24 hours', not '1 day': the
 * session's time zone must not matter), in exact microseconds. One upsert per day and key touched.
 */
async function addDayTimes(tx: Tx, tenantId: string, machineId: string, spans: DaySpan[]) {
  await run(
    tx,
    sql`
    INSERT INTO status_times_daily AS d (tenant_id, machine_id, day, operator_id, status, micros)
    SELECT ${tenantId}::uuid, ${machineId}::uuid, x.day, coalesce(x.o, ${NONE_ID}::uuid), x.s, sum(x.micros)
    FROM (
      SELECT s.o, s.s, g.day,
             s.n * ((extract(epoch FROM least(s.t, g.day + interval '24 hours'))
                     - extract(epoch FROM greatest(s.f, g.day))) * 1000000)::bigint AS micros
      FROM jsonb_to_recordset(${json(spans)}::jsonb) AS s(o uuid, s text, f timestamptz, t timestamptz, n int)
      CROSS JOIN LATERAL generate_series(date_trunc('day', s.f, 'UTC'), s.t - interval '1 microsecond',
                                         interval '24 hours') AS g(day)
      WHERE s.t > s.f) x
    GROUP BY x.day, 4, x.s
    ON CONFLICT (tenant_id, machine_id, day, operator_id, status) DO UPDATE SET micros = d.micros + excluded.micros`,
  );
}

export interface KnifeScanRow {
  machineId: string;
  locationId: string | null;
  rfid: string;
  kind: 'INSERTED' | 'REMOVED';
  at: string;
  bootId: string;
  seq: number;
}

/** Returns false for a duplicate. */
export async function insertKnifeScan(tenantId: string, tx: Tx, row: KnifeScanRow): Promise<boolean> {
  const inserted = await run(
    tx,
    sql`
    INSERT INTO knife_scans (tenant_id, rfid, machine_id, location_id, kind, at, boot_id, seq)
    VALUES (${tenantId}, ${row.rfid}, ${row.machineId}, ${row.locationId}, ${row.kind}, ${row.at}, ${row.bootId}, ${row.seq})
    ON CONFLICT (tenant_id, machine_id, boot_id, seq) DO NOTHING
    RETURNING id`,
  );
  return inserted.rows.length > 0;
}

export interface MachineCutResult {
  machineId: string;
  cuts: number;
  totalCuts: number;
  lastCutAt: string;
  knifeRfid: string | null;
  knifeCutsSinceGrinding: number | null;
}

/**
 * The statement of `insertCutsWithCounters`, prepared: planning its eleven parts took 4–5 ms of
 * database time per batch (PostgreSQL's log, bench/live), several times what running it takes, and
 * its plan does not depend on the values (the batch comes as one JSON document).
 */
const insertCutsStatement = preparedStatement(
  'telemetry_insert_cuts',
  sql`
    WITH g AS MATERIALIZED (
      -- the batch's machine boots, with what the cuts are booked to: the machine's operator, order
      -- and (where a cut names no knife and the caller asks for it) knife as they stand now
      SELECT m.id AS m, i.b, m.current_operator_id AS o, m.current_job_id AS j, m.current_knife_rfid AS knife,
             i.s, i.t, i.k, i.s0, i.s1, i.t0, i.t1
      FROM jsonb_to_recordset(${sql.placeholder('groups')}::jsonb)
        AS i(m text, b uuid, s bigint[], t bigint[], k text[], s0 bigint, s1 bigint, t0 bigint, t1 bigint)
      JOIN cutting_machines m
        ON m.tenant_id = ${sql.placeholder('tenant')}::uuid AND m.serial_number = i.m AND m.deleted_at IS NULL
    ), input AS (
      SELECT g.m AS "machineId", g.b AS "bootId", u.seq, 'epoch'::timestamptz + u.ms * interval '1 millisecond' AS at,
             coalesce(u.knife, CASE WHEN ${sql.placeholder('machineKnife')}::boolean THEN g.knife END) AS "knifeRfid",
             g.o AS "operatorId", g.j AS "jobId"
      FROM g CROSS JOIN LATERAL unnest(g.s, g.t, g.k) AS u(seq, ms, knife)
    ), existing AS MATERIALIZED (
      -- cuts of this batch stored before: one primary-key range per (machine, boot) and partitions
      -- pruned by time — by the batch's span when the executor starts (the plan is generic and
      -- holds every month's partition; the others are then never opened), by the group's per probe
      SELECT c.machine_id, c.boot_id, c.seq, c.at
      FROM g CROSS JOIN LATERAL (
        SELECT machine_id, boot_id, seq, at FROM cuts
        WHERE tenant_id = ${sql.placeholder('tenant')}::uuid AND machine_id = g.m AND boot_id = g.b
          AND seq BETWEEN g.s0 AND g.s1
          AND at BETWEEN ${sql.placeholder('from')}::timestamptz AND ${sql.placeholder('to')}::timestamptz
          AND at BETWEEN 'epoch'::timestamptz + g.t0 * interval '1 millisecond'
                     AND 'epoch'::timestamptz + g.t1 * interval '1 millisecond'
        -- in the primary key's order, so that its index wins over (tenant_id, at) whatever the
        -- statistics: the time index would read every machine's cuts of the span, once per group
        ORDER BY machine_id, boot_id, seq
        OFFSET 0 -- a fence: one index probe per group, never a join over the tenant's whole history
      ) c
    ), ins AS (
      INSERT INTO cuts (tenant_id, at, machine_id, boot_id, seq, knife_rfid, operator_id, job_id)
      SELECT ${sql.placeholder('tenant')}::uuid, at, "machineId", "bootId", seq, "knifeRfid", "operatorId", "jobId" FROM input
      WHERE NOT EXISTS (
        SELECT 1 FROM existing e
        WHERE e.machine_id = input."machineId" AND e.boot_id = input."bootId"
          AND e.seq = input.seq AND e.at = input.at)
      RETURNING machine_id, at, knife_rfid, operator_id, job_id
    ), hourly AS MATERIALIZED (
      -- the UTC hour: date_bin is arithmetic, date_trunc with a zone looks the zone up for each row
      SELECT date_bin('1 hour', at, '1970-01-01 00:00:00+00'::timestamptz) AS hour, machine_id, coalesce(knife_rfid, ${NO_KNIFE}) AS knife_rfid,
             coalesce(operator_id, ${NONE_ID}::uuid) AS operator_id, coalesce(job_id, ${NONE_ID}::uuid) AS job_id,
             count(*) AS cuts
      FROM ins GROUP BY 1, 2, 3, 4, 5
    ), rollups AS (
      INSERT INTO cut_rollups_hourly AS c (tenant_id, hour, machine_id, knife_rfid, operator_id, job_id, cuts)
      SELECT ${sql.placeholder('tenant')}::uuid, hour, machine_id, knife_rfid, operator_id, job_id, cuts FROM hourly
      ON CONFLICT (tenant_id, hour, machine_id, knife_rfid, operator_id, job_id)
        DO UPDATE SET cuts = c.cuts + excluded.cuts
    ), daily AS (
      -- the day rows from the hour groups (one upsert per machine, knife, operator and UTC day touched)
      INSERT INTO cut_rollups_daily AS c (tenant_id, machine_id, day, knife_rfid, operator_id, cuts)
      SELECT ${sql.placeholder('tenant')}::uuid, machine_id, date_trunc('day', hour, 'UTC'), knife_rfid, operator_id, sum(cuts)
      FROM hourly GROUP BY 2, 3, 4, 5
      ON CONFLICT (tenant_id, machine_id, day, knife_rfid, operator_id)
        DO UPDATE SET cuts = c.cuts + excluded.cuts
    ), knife_counts AS (
      INSERT INTO knives AS k (tenant_id, rfid, cuts_since_last_grinding, total_cuts)
      SELECT ${sql.placeholder('tenant')}::uuid, knife_rfid, count(*), count(*) FROM ins WHERE knife_rfid IS NOT NULL GROUP BY knife_rfid
      ON CONFLICT (tenant_id, rfid) DO UPDATE
        SET cuts_since_last_grinding = k.cuts_since_last_grinding + excluded.cuts_since_last_grinding,
            total_cuts = k.total_cuts + excluded.total_cuts
      RETURNING rfid, cuts_since_last_grinding
    ), jobs AS (
      UPDATE cutting_jobs j SET cuts = j.cuts + x.n
      FROM (SELECT job_id, count(*) AS n FROM ins WHERE job_id IS NOT NULL GROUP BY job_id) x
      WHERE j.id = x.job_id
    ), per_machine AS (
      SELECT machine_id, count(*) AS n, max(at) AS last,
             (array_agg(knife_rfid ORDER BY at DESC))[1] AS knife
      FROM ins GROUP BY machine_id
    ), machines AS (
      UPDATE cutting_machines m SET total_cuts = m.total_cuts + x.n, last_cut_at = GREATEST(m.last_cut_at, x.last)
      FROM per_machine x WHERE m.id = x.machine_id
      RETURNING m.id, m.total_cuts, m.last_cut_at
    )
    SELECT machines.id AS "machineId", per_machine.n::int AS cuts, machines.total_cuts::float8 AS "totalCuts",
           machines.last_cut_at AS "lastCutAt", per_machine.knife AS "knifeRfid",
           knife_counts.cuts_since_last_grinding::float8 AS "knifeCutsSinceGrinding"
    FROM machines
    JOIN per_machine ON per_machine.machine_id = machines.id
    LEFT JOIN knife_counts ON knife_counts.rfid = per_machine.knife`,
);

/** One machine boot's cuts as the statement reads them (`g`), with their ranges. */
interface CutGroup {
  /** the machine's serial */
  m: string;
  b: string;
  s: number[];
  t: number[];
  k: (string | null)[];
  s0: number;
  s1: number;
  t0: number;
  t1: number;
}

/**
 * The cut write path in one statement (one round trip per batch): inserts the cuts idempotently
 * and moves, by exactly the rows inserted, the machines' totals, the knives' counters (registering
 * knives seen for the first time), the jobs' cuts, the hourly rollups and the daily ones (ADR 0019).
 * Answers the prepared statement and its values; its rows, read with `machineCutsOf`, say per
 * machine what changed, for live events. Cuts of a machine the tenant does not have are left out.
 *
 * `machineKnife`: a cut that names no knife goes to the knife in the machine now. Right when the
 * batch holds no knife events; otherwise the caller names each cut's knife from its timeline.
 *
 * The caller holds the lock of every machine in `rows` (machines' `lockHeardMachines`, same transaction).
 * So no other transaction inserts cuts of these machines until this one ends, and the statement,
 * whose snapshot is taken after the lock was granted, sees every cut committed before: a plain
 * `INSERT … WHERE NOT EXISTS` is then exactly as idempotent as `ON CONFLICT DO NOTHING`, and half
 * its cost (no speculative insertion per row; bench/write-path). Repeats inside the batch are
 * dropped here. Should a duplicate ever slip through, the primary key refuses the batch, which is
 * then not acknowledged and comes again: nothing is counted twice.
 */
export interface CutsStatement {
  statement: PreparedStatement;
  values: Record<string, unknown>;
}

export function cutsWithCounters(
  tenantId: string,
  rows: CutRow[],
  options: { machineKnife: boolean },
): CutsStatement | null {
  if (rows.length === 0) return null;
  // Sent grouped by machine boot, with seq, time (ms since epoch) and knife as arrays: parsing
  // that is about 3× cheaper for the database than one JSON object per cut (measured on PGlite).
  const groups = new Map<string, CutGroup & { events: Set<string> | null }>();
  let group: (CutGroup & { events: Set<string> | null }) | undefined;
  // Rows come in runs of one machine boot, so the group is looked up when the run changes, not per
  // row; a repeat is looked for only when a seq is not above the boot's highest so far (agents send
  // in seq order). Five times cheaper per batch than a key per row.
  for (const row of rows) {
    const at = row.at;
    if (group?.m !== row.serial || group.b !== row.bootId) {
      const key = `${row.serial}|${row.bootId}`;
      group = groups.get(key);
      if (!group) {
        const empty = { s0: Infinity, s1: -Infinity, t0: Infinity, t1: -Infinity };
        group = { m: row.serial, b: row.bootId, s: [], t: [], k: [], ...empty, events: null };
        groups.set(key, group);
      }
    }
    if (row.seq <= group.s1) {
      if (!group.events) {
        group.events = new Set();
        for (let i = 0; i < group.s.length; i++) group.events.add(`${group.s[i]}|${group.t[i]}`);
      }
      const event = `${row.seq}|${at}`;
      if (group.events.has(event)) continue; // the same event twice in one batch (a re-send)
      group.events.add(event);
    } else group.events?.add(`${row.seq}|${at}`);
    group.s.push(row.seq);
    group.t.push(at);
    group.k.push(row.knifeRfid);
    if (row.seq < group.s0) group.s0 = row.seq;
    if (row.seq > group.s1) group.s1 = row.seq;
    if (at < group.t0) group.t0 = at;
    if (at > group.t1) group.t1 = at;
  }
  const spans = [...groups.values()].map(({ events, ...span }) => span);
  return {
    statement: insertCutsStatement,
    values: {
      tenant: tenantId,
      groups: json(spans),
      machineKnife: options.machineKnife,
      from: new Date(Math.min(...spans.map((span) => span.t0))).toISOString(),
      to: new Date(Math.max(...spans.map((span) => span.t1))).toISOString(),
    },
  };
}

/** The rows of `cutsWithCounters`'s statement, per machine. */
export function machineCutsOf(rows: (MachineCutResult & { lastCutAt: Date | string })[]): MachineCutResult[] {
  return rows.map((row) => ({ ...row, lastCutAt: new Date(row.lastCutAt).toISOString() }));
}

/**
 * `cutsWithCounters` run in the transaction: a batch with status or knife events, whose cuts carry
 * their knives from the batch's timeline.
 */
export async function insertCutsWithCounters(
  tx: Tx,
  tenantId: string,
  rows: CutRow[],
): Promise<MachineCutResult[]> {
  const cuts = cutsWithCounters(tenantId, rows, { machineKnife: false });
  if (!cuts) return [];
  return machineCutsOf(await runPrepared(tx, cuts.statement, cuts.values));
}

/**
 * Rebooks a machine's cuts of [since, until) from one order to another (`null`: no order), with the
 * hourly rollups keyed by order (ADR 0012: telemetry writes these; the caller moves the orders' cut
 * counts). It is how an order recorded offline gets its time back (ADR 0017): an order opened with an
 * earlier `at` takes the machine's cuts since then that were booked to no order, an order closed with
 * an earlier `at` gives the cuts after it back to no order. Run in the transaction that opens or
 * closes the order, with the machine's row locked, so no ingest of the machine runs in between.
 * Machine, knife and daily counters do not change: the cuts stay the machine's, only their order
 * changes. Answers how many cuts moved.
 */
export async function rebookCuts(
  tx: Tx,
  tenantId: string,
  move: { machineId: string; from: string | null; to: string | null; since: string; until?: string },
): Promise<number> {
  const fromKey = move.from ?? NONE_ID;
  const toKey = move.to ?? NONE_ID;
  if (fromKey === toKey) return 0;
  const [row] = rowsOf<{ moved: number }>(
    await run(
      tx,
      sql`
      WITH moved AS (
        UPDATE cuts SET job_id = ${move.to}::uuid
        WHERE tenant_id = ${tenantId}::uuid AND machine_id = ${move.machineId}::uuid
          AND at >= ${move.since}::timestamptz
          ${move.until === undefined ? sql`` : sql`AND at < ${move.until}::timestamptz`}
          AND ${move.from === null ? sql`job_id IS NULL` : sql`job_id = ${move.from}::uuid`}
        RETURNING at, knife_rfid, operator_id
      ), hourly AS MATERIALIZED (
        SELECT date_bin('1 hour', at, '1970-01-01 00:00:00+00'::timestamptz) AS hour,
               coalesce(knife_rfid, ${NO_KNIFE}) AS knife_rfid, coalesce(operator_id, ${NONE_ID}::uuid) AS operator_id,
               count(*) AS cuts
        FROM moved GROUP BY 1, 2, 3
      ), taken AS (
        UPDATE cut_rollups_hourly c SET cuts = c.cuts - h.cuts
        FROM hourly h
        WHERE c.tenant_id = ${tenantId}::uuid AND c.machine_id = ${move.machineId}::uuid AND c.hour = h.hour
          AND c.knife_rfid = h.knife_rfid AND c.operator_id = h.operator_id AND c.job_id = ${fromKey}::uuid
      ), given AS (
        INSERT INTO cut_rollups_hourly AS c (tenant_id, hour, machine_id, knife_rfid, operator_id, job_id, cuts)
        SELECT ${tenantId}::uuid, hour, ${move.machineId}::uuid, knife_rfid, operator_id, ${toKey}::uuid, cuts FROM hourly
        ON CONFLICT (tenant_id, hour, machine_id, knife_rfid, operator_id, job_id)
          DO UPDATE SET cuts = c.cuts + excluded.cuts
      )
      SELECT count(*)::int AS moved FROM moved`,
    ),
  );
  const moved = row?.moved ?? 0;
  if (moved > 0) {
    // a rollup row emptied by the move goes, as if those cuts had never been booked to its order
    await run(
      tx,
      sql`DELETE FROM cut_rollups_hourly
          WHERE tenant_id = ${tenantId}::uuid AND machine_id = ${move.machineId}::uuid AND job_id = ${fromKey}::uuid
            AND hour >= date_bin('1 hour', ${move.since}::timestamptz, '1970-01-01 00:00:00+00'::timestamptz)
            AND cuts <= 0`,
    );
  }
  return moved;
}
