import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/transactions';

/** What the ingest needs of a machine; rows are locked for the rest of the transaction. */
export interface MachineState {
  id: string;
  serialNumber: string;
  locationId: string | null;
  currentOperatorId: string | null;
  currentJobId: string | null;
  currentStatus: string | null;
  statusSince: Date | null;
  currentKnifeRfid: string | null;
  knifeChangedAt: Date | null;
}

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];
/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`. */
const run = async (tx: Tx, query: SQL) => (await tx.execute(query)) as unknown as { rows: unknown[] };
const json = (value: unknown) => JSON.stringify(value);

/** Locks the machines (in id order, so concurrent batches cannot deadlock) and returns their state. */
export async function lockMachinesBySerial(tx: Tx, serials: string[]): Promise<MachineState[]> {
  if (serials.length === 0) return [];
  const result = await run(
    tx,
    sql`
    SELECT id, serial_number AS "serialNumber", location_id AS "locationId",
           current_operator_id AS "currentOperatorId", current_job_id AS "currentJobId",
           current_status AS "currentStatus", status_since AS "statusSince",
           current_knife_rfid AS "currentKnifeRfid", knife_changed_at AS "knifeChangedAt"
    FROM cutting_machines
    WHERE serial_number IN (SELECT jsonb_array_elements_text(${json(serials)}::jsonb)) AND deleted_at IS NULL
    ORDER BY id
    FOR UPDATE`,
  );
  return rowsOf<MachineState & { statusSince: Date | string | null; knifeChangedAt: Date | string | null }>(
    result,
  ).map((row) => ({
    ...row,
    statusSince: row.statusSince ? new Date(row.statusSince) : null,
    knifeChangedAt: row.knifeChangedAt ? new Date(row.knifeChangedAt) : null,
  }));
}

export interface CutRow {
  machineId: string;
  bootId: string;
  seq: number;
  at: string;
  knifeRfid: string | null;
  operatorId: string | null;
  jobId: string | null;
}

/**
 * Inserts cuts idempotently and moves every counter and rollup by exactly the rows inserted, in
 * the caller's transaction. Returns the inserted cuts (duplicates are skipped silently).
 */
export async function insertCuts(tx: Tx, tenantId: string, rows: CutRow[]): Promise<CutRow[]> {
  if (rows.length === 0) return [];
  const result = await run(
    tx,
    sql`
    INSERT INTO cuts (tenant_id, at, machine_id, boot_id, seq, knife_rfid, operator_id, job_id)
    SELECT ${tenantId}::uuid, r.at, r."machineId", r."bootId", r.seq, r."knifeRfid", r."operatorId", r."jobId"
    FROM jsonb_to_recordset(${json(rows)}::jsonb)
      AS r("machineId" uuid, "bootId" uuid, seq bigint, at timestamptz, "knifeRfid" text, "operatorId" uuid, "jobId" uuid)
    ON CONFLICT DO NOTHING
    RETURNING machine_id AS "machineId", boot_id AS "bootId", seq::float8 AS seq, at, knife_rfid AS "knifeRfid",
              operator_id AS "operatorId", job_id AS "jobId"`,
  );
  return rowsOf<CutRow & { at: Date | string }>(result).map((row) => ({
    ...row,
    seq: Number(row.seq),
    at: new Date(row.at).toISOString(),
  }));
}

export interface MachineCutTotals {
  machineId: string;
  cuts: number;
  lastCutAt: string;
}

export async function addMachineCuts(
  tx: Tx,
  totals: MachineCutTotals[],
): Promise<{ id: string; totalCuts: number; lastCutAt: Date }[]> {
  if (totals.length === 0) return [];
  const result = await run(
    tx,
    sql`
    UPDATE cutting_machines m
    SET total_cuts = m.total_cuts + r.cuts,
        last_cut_at = GREATEST(m.last_cut_at, r."lastCutAt")
    FROM jsonb_to_recordset(${json(totals)}::jsonb) AS r("machineId" uuid, cuts bigint, "lastCutAt" timestamptz)
    WHERE m.id = r."machineId"
    RETURNING m.id, m.total_cuts::float8 AS "totalCuts", m.last_cut_at AS "lastCutAt"`,
  );
  return rowsOf<{ id: string; totalCuts: number; lastCutAt: Date }>(result);
}

/** Knives seen for the first time are registered with their RFID; the counters move either way. */
export async function addKnifeCuts(
  tx: Tx,
  tenantId: string,
  totals: { rfid: string; cuts: number }[],
): Promise<
  { rfid: string; cutsSinceLastGrinding: number; totalCuts: number; knifeSwapInterval: number | null }[]
> {
  if (totals.length === 0) return [];
  const result = await run(
    tx,
    sql`
    INSERT INTO knives AS k (tenant_id, rfid, cuts_since_last_grinding, total_cuts)
    SELECT ${tenantId}::uuid, r.rfid, r.cuts, r.cuts
    FROM jsonb_to_recordset(${json(totals)}::jsonb) AS r(rfid text, cuts bigint)
    ON CONFLICT (tenant_id, rfid) DO UPDATE
      SET cuts_since_last_grinding = k.cuts_since_last_grinding + excluded.cuts_since_last_grinding,
          total_cuts = k.total_cuts + excluded.total_cuts
    RETURNING rfid, cuts_since_last_grinding::float8 AS "cutsSinceLastGrinding", total_cuts::float8 AS "totalCuts",
              knife_swap_interval AS "knifeSwapInterval"`,
  );
  return rowsOf(result);
}

export interface RollupRow {
  hour: string;
  machineId: string;
  knifeRfid: string;
  operatorId: string;
  jobId: string;
  cuts: number;
}

export async function addCutRollups(tx: Tx, tenantId: string, rows: RollupRow[]) {
  if (rows.length === 0) return;
  await run(
    tx,
    sql`
    INSERT INTO cut_rollups_hourly AS c (tenant_id, hour, machine_id, knife_rfid, operator_id, job_id, cuts)
    SELECT ${tenantId}::uuid, r.hour, r."machineId", r."knifeRfid", r."operatorId", r."jobId", r.cuts
    FROM jsonb_to_recordset(${json(rows)}::jsonb)
      AS r(hour timestamptz, "machineId" uuid, "knifeRfid" text, "operatorId" uuid, "jobId" uuid, cuts bigint)
    ON CONFLICT (tenant_id, hour, machine_id, knife_rfid, operator_id, job_id)
      DO UPDATE SET cuts = c.cuts + excluded.cuts`,
  );
}

export async function addJobCuts(tx: Tx, totals: { jobId: string; cuts: number }[]) {
  if (totals.length === 0) return;
  await run(
    tx,
    sql`
    UPDATE cutting_jobs j SET cuts = j.cuts + r.cuts
    FROM jsonb_to_recordset(${json(totals)}::jsonb) AS r("jobId" uuid, cuts bigint)
    WHERE j.id = r."jobId"`,
  );
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
    RETURNING id`,
  );
  if (inserted.rows.length === 0) return false;
  await run(
    tx,
    sql`
    UPDATE machine_status_intervals SET ended_at = ${row.at}
    WHERE id = (
      SELECT id FROM machine_status_intervals
      WHERE machine_id = ${row.machineId} AND started_at <= ${row.at}::timestamptz
        AND id <> ${(inserted.rows[0] as { id: number }).id}
      ORDER BY started_at DESC, id DESC LIMIT 1)
      AND (ended_at IS NULL OR ended_at > ${row.at}::timestamptz)`,
  );
  return true;
}

export async function setMachineStatus(
  tx: Tx,
  machineId: string,
  status: { status: string; since: string; operatorId: string | null },
) {
  await run(
    tx,
    sql`
    UPDATE cutting_machines
    SET current_status = ${status.status}, status_since = ${status.since}, updated_at = now()
    WHERE id = ${machineId}`,
  );
}

export async function setMachineOperator(tx: Tx, machineId: string, operatorId: string | null) {
  await run(tx, sql`UPDATE cutting_machines SET current_operator_id = ${operatorId} WHERE id = ${machineId}`);
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

/** Returns false for a duplicate. Registers unknown knives and moves their latest scan. */
export async function insertKnifeScan(tenantId: string, tx: Tx, row: KnifeScanRow): Promise<boolean> {
  const inserted = await run(
    tx,
    sql`
    INSERT INTO knife_scans (tenant_id, rfid, machine_id, location_id, kind, at, boot_id, seq)
    VALUES (${tenantId}, ${row.rfid}, ${row.machineId}, ${row.locationId}, ${row.kind}, ${row.at}, ${row.bootId}, ${row.seq})
    ON CONFLICT (tenant_id, machine_id, boot_id, seq) DO NOTHING
    RETURNING id`,
  );
  if (inserted.rows.length === 0) return false;
  await run(
    tx,
    sql`
    INSERT INTO knives AS k (tenant_id, rfid, latest_scan_location_id, latest_scan_machine_id, latest_scan_at)
    VALUES (${tenantId}, ${row.rfid}, ${row.locationId}, ${row.machineId}, ${row.at})
    ON CONFLICT (tenant_id, rfid) DO UPDATE
      SET latest_scan_location_id = excluded.latest_scan_location_id,
          latest_scan_machine_id = excluded.latest_scan_machine_id,
          latest_scan_at = excluded.latest_scan_at
      WHERE k.latest_scan_at IS NULL OR k.latest_scan_at <= excluded.latest_scan_at`,
  );
  return true;
}

export async function setMachineKnife(tx: Tx, machineId: string, rfid: string | null, at: string) {
  await run(
    tx,
    sql`
    UPDATE cutting_machines SET current_knife_rfid = ${rfid}, knife_changed_at = ${at} WHERE id = ${machineId}`,
  );
}

/** Any message is a sign of life; the server's clock decides, not the machine's. */
export async function touchMachines(tx: Tx, machineIds: string[]) {
  if (machineIds.length === 0) return;
  await run(
    tx,
    sql`
    UPDATE cutting_machines SET last_heartbeat_at = now()
    WHERE id IN (SELECT (jsonb_array_elements_text(${json(machineIds)}::jsonb))::uuid)`,
  );
}

export async function setPresence(tx: Tx, serial: string, state: 'ONLINE' | 'OFFLINE', at: string) {
  const result = await run(
    tx,
    sql`
    UPDATE cutting_machines SET presence = ${state}, presence_at = ${at}
    WHERE serial_number = ${serial} AND (presence_at IS NULL OR presence_at <= ${at}::timestamptz)
    RETURNING id`,
  );
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}
