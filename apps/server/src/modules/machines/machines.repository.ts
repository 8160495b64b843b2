import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/transactions';

const run = async (tx: Tx, query: SQL) => (await tx.execute(query)) as unknown as { rows: unknown[] };
const json = (value: unknown) => JSON.stringify(value);

export interface MachineLiveRow {
  id: string;
  name: string;
  serialNumber: string;
  revision: number;
  currentStatus: string | null;
  statusSince: Date | null;
  operatorId: string | null;
  operatorName: string | null;
  presence: string | null;
  presenceAt: Date | null;
  lastHeartbeatAt: Date | null;
  totalCuts: number;
  lastCutAt: Date | null;
  cutsToday: number;
  dayStartedAt: Date;
  knifeRfid: string | null;
  knifeCutsSinceLastGrinding: number | null;
  knifeTotalCuts: number | null;
  knifeSwapInterval: number | null;
  locationId: string | null;
  jobId: string | null;
  jobName: string | null;
  jobOrderNumber: string | null;
  jobProgramNumber: string | null;
  jobParentId: string | null;
  jobStartedAt: Date | null;
  jobCuts: number | null;
}

const dateOrNull = (value: unknown) => (value ? new Date(value as string) : null);
const numberOrNull = (value: unknown) => (value == null ? null : Number(value));

function toLiveRow(row: Record<string, unknown>): MachineLiveRow {
  return {
    ...(row as unknown as MachineLiveRow),
    revision: Number(row.revision),
    statusSince: dateOrNull(row.statusSince),
    presenceAt: dateOrNull(row.presenceAt),
    lastHeartbeatAt: dateOrNull(row.lastHeartbeatAt),
    lastCutAt: dateOrNull(row.lastCutAt),
    dayStartedAt: new Date(row.dayStartedAt as string),
    cutsToday: Number(row.cutsToday),
    jobStartedAt: dateOrNull(row.jobStartedAt),
    jobCuts: numberOrNull(row.jobCuts),
    totalCuts: Number(row.totalCuts),
    knifeCutsSinceLastGrinding: numberOrNull(row.knifeCutsSinceLastGrinding),
    knifeTotalCuts: numberOrNull(row.knifeTotalCuts),
  };
}

/**
 * Machines of the current tenant with everything their view shows, by id or by serial number: the
 * one read behind the machine view (`machine-view.ts`). The shop's day starts at midnight in the
 * tenant's time zone (its notification settings; `defaultTimeZone` without them); its cuts come
 * from the hourly rollups, which the cut statement moves in the same transaction as the counters.
 */
export async function findMachinesLive(
  tx: Tx,
  filter: { ids?: string[]; serials?: string[] },
  defaultTimeZone: string,
): Promise<MachineLiveRow[]> {
  const result = await run(
    tx,
    sql`
    WITH day AS MATERIALIZED (
      SELECT date_trunc('day', now(), coalesce((SELECT time_zone FROM notification_settings LIMIT 1),
                                               ${defaultTimeZone})) AS start
    )
    SELECT m.id, m.name, m.serial_number AS "serialNumber", m.view_revision::float8 AS revision,
           m.current_status AS "currentStatus",
           m.status_since AS "statusSince", m.current_operator_id AS "operatorId",
           COALESCE(NULLIF(trim(u.display_name), ''), u.first_name || ' ' || u.last_name) AS "operatorName",
           m.presence, m.presence_at AS "presenceAt", m.last_heartbeat_at AS "lastHeartbeatAt",
           m.total_cuts::float8 AS "totalCuts", m.last_cut_at AS "lastCutAt",
           day.start AS "dayStartedAt",
           (SELECT coalesce(sum(r.cuts), 0)::float8 FROM cut_rollups_hourly r
            WHERE r.tenant_id = m.tenant_id AND r.machine_id = m.id
              AND r.hour >= date_trunc('hour', day.start)) AS "cutsToday",
           m.current_knife_rfid AS "knifeRfid",
           k.cuts_since_last_grinding::float8 AS "knifeCutsSinceLastGrinding", k.total_cuts::float8 AS "knifeTotalCuts",
           COALESCE(k.knife_swap_interval, m.knife_swap_interval, l.knife_swap_interval) AS "knifeSwapInterval",
           m.location_id AS "locationId", j.id AS "jobId", j.name AS "jobName",
           j.order_number AS "jobOrderNumber", j.program_number AS "jobProgramNumber",
           j.parent_job_id AS "jobParentId", j.started_at AS "jobStartedAt", j.cuts::float8 AS "jobCuts"
    FROM cutting_machines m
    CROSS JOIN day
    LEFT JOIN users u ON u.id = m.current_operator_id
    LEFT JOIN cutting_jobs j ON j.id = m.current_job_id AND j.state = 'OPEN'
    LEFT JOIN knives k ON k.tenant_id = m.tenant_id AND k.rfid = m.current_knife_rfid
    LEFT JOIN locations l ON l.id = m.location_id
    WHERE m.deleted_at IS NULL AND (
      m.id IN (SELECT (jsonb_array_elements_text(${json(filter.ids ?? [])}::jsonb))::uuid)
      OR m.serial_number IN (SELECT jsonb_array_elements_text(${json(filter.serials ?? [])}::jsonb)))
    ORDER BY m.serial_number`,
  );
  return (result.rows as Record<string, unknown>[]).map(toLiveRow);
}

export async function findMachineSerial(tx: Tx, id: string): Promise<string | null> {
  const result = await run(
    tx,
    sql`SELECT serial_number FROM cutting_machines WHERE id = ${id} AND deleted_at IS NULL`,
  );
  return (result.rows[0] as { serial_number: string } | undefined)?.serial_number ?? null;
}

export async function upsertMachineCredential(
  tx: Tx,
  row: { tenantId: string; machineId: string; username: string; secretHash: string },
) {
  await run(
    tx,
    sql`
    INSERT INTO machine_credentials (tenant_id, machine_id, username, secret_hash)
    VALUES (${row.tenantId}, ${row.machineId}, ${row.username}, ${row.secretHash})
    ON CONFLICT (tenant_id, machine_id) DO UPDATE
      SET username = excluded.username, secret_hash = excluded.secret_hash, created_at = now(), revoked_at = NULL`,
  );
}

/** Sign-in role (kerf_auth): a credential by its username, before the tenant is known. */
export async function findMachineCredential(
  tx: Tx,
  username: string,
): Promise<{
  tenantId: string;
  machineId: string;
  secretHash: string;
  revokedAt: Date | null;
  /** false for a disabled tenant: its machines are refused */
  tenantActive: boolean;
} | null> {
  const result = await run(
    tx,
    sql`
    SELECT c.tenant_id AS "tenantId", c.machine_id AS "machineId", c.secret_hash AS "secretHash",
      c.revoked_at AS "revokedAt", t.active AS "tenantActive"
    FROM machine_credentials c JOIN tenants t ON t.id = c.tenant_id WHERE c.username = ${username}`,
  );
  return (result.rows[0] as never) ?? null;
}

/**
 * Counts one wrong secret given for the machine's credential, by client address and minute (issue
 * 31): a fact about whoever tried, never the machine's state. Rows older than a day go here too, so
 * the table stays small without a job of its own.
 */
export async function recordMachineLoginRefusal(
  tx: Tx,
  refusal: { tenantId: string; machineId: string; address: string },
) {
  await run(
    tx,
    sql`
    INSERT INTO machine_login_refusals (tenant_id, machine_id, address, minute)
    VALUES (${refusal.tenantId}, ${refusal.machineId}, ${refusal.address}, date_trunc('minute', now()))
    ON CONFLICT (tenant_id, machine_id, address, minute) DO UPDATE
      SET refusals = machine_login_refusals.refusals + 1, last_at = now()`,
  );
  await run(
    tx,
    sql`DELETE FROM machine_login_refusals WHERE machine_id = ${refusal.machineId} AND minute < now() - interval '1 day'`,
  );
}

/** Refused logins of the machine's credential in the last hour, by address, most first (at most 5). */
export async function recentMachineLoginRefusals(
  tx: Tx,
  machineId: string,
): Promise<{ address: string; count: number; lastAt: string }[]> {
  const result = await run(
    tx,
    sql`
    SELECT address, sum(refusals)::int AS count, max(last_at) AS "lastAt"
    FROM machine_login_refusals
    WHERE machine_id = ${machineId} AND minute > now() - interval '1 hour'
    GROUP BY address ORDER BY count DESC, address LIMIT 5`,
  );
  return (result.rows as { address: string; count: number; lastAt: Date | string }[]).map((row) => ({
    address: row.address,
    count: Number(row.count),
    lastAt: new Date(row.lastAt).toISOString(),
  }));
}
