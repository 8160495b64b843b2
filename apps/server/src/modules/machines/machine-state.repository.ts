import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/transactions';

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
    SET current_status = ${status.status}, status_since = ${status.since}, updated_at = now()
    WHERE id = ${machineId}`,
  );
}

export async function setMachineOperator(tx: Tx, machineId: string, operatorId: string | null) {
  await run(tx, sql`UPDATE cutting_machines SET current_operator_id = ${operatorId} WHERE id = ${machineId}`);
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

/** The agent's presence, unless a later one is recorded; the machine's id, or null if none changed. */
export async function setPresence(tx: Tx, serial: string, state: 'ONLINE' | 'OFFLINE', at: string) {
  const result = await run(
    tx,
    sql`
    UPDATE cutting_machines SET presence = ${state}, presence_at = ${at}
    WHERE serial_number = ${serial} AND (presence_at IS NULL OR presence_at <= ${at}::timestamptz)
    RETURNING id`,
  );
  return (result.rows as { id: string }[])[0]?.id ?? null;
}
