import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/transactions';
import { type OnlineStatusChange, onlineStatusOf } from './online-status';

/**
 * The live state columns of `cutting_machines` (status, operator, knife in the machine, heartbeat,
 * presence). Telemetry is their only writer and calls these in its batch transaction; the cut
 * counters move in telemetry's single cut statement (ADR 0012).
 */

/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`. */
const run = async (tx: Tx, query: SQL) => (await tx.execute(query)) as unknown as { rows: unknown[] };
const json = (value: unknown) => JSON.stringify(value);

export async function setMachineStatus(
  tx: Tx,
  machineId: string,
  status: { status: string; since: string; operatorId: string | null },
) {
  await run(
    tx,
    sql`
    UPDATE cutting_machines
    SET current_status = ${status.status}, status_since = ${status.since}, updated_at = now(),
        view_revision = view_revision + 1
    WHERE id = ${machineId}`,
  );
}

export async function setMachineOperator(tx: Tx, machineId: string, operatorId: string | null) {
  await run(
    tx,
    sql`UPDATE cutting_machines SET current_operator_id = ${operatorId}, view_revision = view_revision + 1
    WHERE id = ${machineId}`,
  );
}

export async function setMachineKnife(tx: Tx, machineId: string, rfid: string | null, at: string) {
  await run(
    tx,
    sql`
    UPDATE cutting_machines SET current_knife_rfid = ${rfid}, knife_changed_at = ${at},
      view_revision = view_revision + 1
    WHERE id = ${machineId}`,
  );
}

/** The order (cutting job) the machine's cuts are booked to from now on; null: none. */
export async function setMachineJob(tx: Tx, machineId: string, jobId: string | null) {
  await run(
    tx,
    sql`UPDATE cutting_machines SET current_job_id = ${jobId}, view_revision = view_revision + 1
    WHERE id = ${machineId}`,
  );
}

const dateOrNull = (value: unknown) => (value ? new Date(value as string) : null);

/** What the telemetry batch needs of a machine it writes for; the row stays locked until it commits. */
export interface HeardMachine {
  id: string;
  serialNumber: string;
  locationId: string | null;
  currentOperatorId: string | null;
  currentJobId: string | null;
  currentStatus: string | null;
  statusSince: Date | null;
  currentKnifeRfid: string | null;
  knifeChangedAt: Date | null;
  /** the online status being heard now gave it, when that changed it (typically CONNECTING or silent → ONLINE) */
  onlineChange: OnlineStatusChange | null;
}

/**
 * A telemetry batch's first statement: locks the machines of these serials (in id order, so
 * concurrent batches cannot deadlock), notes that they were heard — any message is a sign of life,
 * and the server's clock decides, not the machine's — and answers their state. It goes with the
 * batch's `BEGIN` (`withTenantOpening`, so its text holds no quoted strings); read its rows with
 * `heardMachinesOf`.
 */
export function lockHeardMachines(serials: string[]): SQL {
  return sql`
    WITH locked AS MATERIALIZED (
      SELECT id, last_heartbeat_at FROM cutting_machines
      WHERE serial_number IN (SELECT jsonb_array_elements_text(${json(serials)}::jsonb)) AND deleted_at IS NULL
      ORDER BY id
      FOR UPDATE
    )
    UPDATE cutting_machines m SET last_heartbeat_at = now(), view_revision = m.view_revision + 1
    FROM locked
    WHERE m.id = locked.id
    RETURNING m.id, m.serial_number AS "serialNumber", m.location_id AS "locationId",
              m.current_operator_id AS "currentOperatorId", m.current_job_id AS "currentJobId",
              m.current_status AS "currentStatus", m.status_since AS "statusSince",
              m.current_knife_rfid AS "currentKnifeRfid", m.knife_changed_at AS "knifeChangedAt",
              m.presence, m.presence_at AS "presenceAt",
              locked.last_heartbeat_at AS "heardBefore", m.last_heartbeat_at AS "heardNow"`;
}

export function heardMachinesOf(rows: Record<string, unknown>[]): HeardMachine[] {
  return rows.map((row) => ({
    id: row.id as string,
    serialNumber: row.serialNumber as string,
    locationId: row.locationId as string | null,
    currentOperatorId: row.currentOperatorId as string | null,
    currentJobId: row.currentJobId as string | null,
    currentStatus: row.currentStatus as string | null,
    statusSince: dateOrNull(row.statusSince),
    currentKnifeRfid: row.currentKnifeRfid as string | null,
    knifeChangedAt: dateOrNull(row.knifeChangedAt),
    onlineChange: onlineChangeOf(row),
  }));
}

/** The online status change of a machine heard at `heardNow` after `heardBefore`, or null. */
function onlineChangeOf(row: Record<string, unknown>): OnlineStatusChange | null {
  const heardNow = dateOrNull(row.heardNow)!;
  const now = heardNow.getTime();
  const fields = { presence: row.presence as string | null, presenceAt: dateOrNull(row.presenceAt) };
  const before = onlineStatusOf({ ...fields, lastHeartbeatAt: dateOrNull(row.heardBefore) }, now);
  const after = onlineStatusOf({ ...fields, lastHeartbeatAt: heardNow }, now);
  if (before === after) return null;
  return {
    machineId: row.id as string,
    onlineStatus: after,
    since: heardNow.toISOString(),
    lastSeenAt: heardNow.toISOString(),
  };
}

/**
 * The agent's presence, unless a later one is recorded. Answers the machine's online status after
 * it, or null if no machine changed.
 */
export async function setPresence(
  tx: Tx,
  serial: string,
  state: 'ONLINE' | 'OFFLINE',
  at: string,
): Promise<OnlineStatusChange | null> {
  const result = await run(
    tx,
    sql`
    UPDATE cutting_machines SET presence = ${state}, presence_at = ${at}, view_revision = view_revision + 1
    WHERE serial_number = ${serial} AND (presence_at IS NULL OR presence_at <= ${at}::timestamptz)
    RETURNING id, presence, presence_at AS "presenceAt", last_heartbeat_at AS "lastHeartbeatAt"`,
  );
  const row = (result.rows as Record<string, unknown>[])[0];
  if (!row) return null;
  const lastHeartbeatAt = dateOrNull(row.lastHeartbeatAt);
  return {
    machineId: row.id as string,
    onlineStatus: onlineStatusOf({
      presence: row.presence as string,
      presenceAt: dateOrNull(row.presenceAt),
      lastHeartbeatAt,
    }),
    since: new Date().toISOString(),
    lastSeenAt: lastHeartbeatAt?.toISOString() ?? null,
  };
}

/**
 * Another module changed something a machine view shows (a knife swap interval of the machine, its
 * location or its knife): the views of the machines it touches get a new revision. Answers their ids,
 * whose views the caller publishes after the commit.
 */
export async function touchMachineViews(
  tx: Tx,
  filter: { machineIds?: string[]; locationIds?: string[]; knifeRfids?: string[] },
): Promise<string[]> {
  const result = await run(
    tx,
    sql`
    UPDATE cutting_machines SET view_revision = view_revision + 1
    WHERE deleted_at IS NULL AND (
      id IN (SELECT (jsonb_array_elements_text(${json(filter.machineIds ?? [])}::jsonb))::uuid)
      OR location_id IN (SELECT (jsonb_array_elements_text(${json(filter.locationIds ?? [])}::jsonb))::uuid)
      OR current_knife_rfid IN (SELECT jsonb_array_elements_text(${json(filter.knifeRfids ?? [])}::jsonb)))
    RETURNING id`,
  );
  return (result.rows as { id: string }[]).map((row) => row.id);
}
