import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';

/**
 * The operator's side of `cutting_machines`: which machines an operator may drive (those of the
 * locations they work at, `user_locations`) and which one they work at (`current_operator_id`).
 */

/** Roles bound to the locations they are assigned to; the others act on the whole shop. */
const LOCATION_BOUND = new Set(['PRINTING_SHOP_OPERATOR', 'PRINTING_SHOP_MANAGER']);

function scopeOf(actor: Pick<Actor, 'userId' | 'role'>): SQL {
  return LOCATION_BOUND.has(actor.role)
    ? sql`m.location_id IN (SELECT location_id FROM user_locations WHERE user_id = ${actor.userId})`
    : sql`true`;
}

/**
 * False when the actor is bound to locations (operator, manager) and has none assigned: there is no
 * machine they could drive (product.md §8 `service.printing-shops.USER_HAS_NO_LOCATION`).
 */
export async function hasOperatorScope(tx: Tx, actor: Pick<Actor, 'userId' | 'role'>): Promise<boolean> {
  if (!LOCATION_BOUND.has(actor.role)) return true;
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM user_locations WHERE user_id = ${actor.userId} LIMIT 1`,
  );
  return rows.length > 0;
}

export interface OperableMachine {
  id: string;
  serialNumber: string;
  currentStatus: string | null;
  statusSince: Date | null;
  currentOperatorId: string | null;
  currentJobId: string | null;
}

/**
 * An active machine the actor may drive, or null (unknown, deleted, inactive or another location).
 * `lock`: the row stays locked until the transaction ends, so that a rule checked against it (the
 * status transition, one open order) still holds when the transaction writes; concurrent requests
 * for the machine wait for each other (the telemetry batch takes the same lock).
 */
export async function findOperableMachine(
  tx: Tx,
  actor: Pick<Actor, 'userId' | 'role'>,
  machineId: string,
  options: { lock?: boolean } = {},
): Promise<OperableMachine | null> {
  const [row] = await queryRows<OperableMachine>(
    tx,
    sql`
    SELECT m.id, m.serial_number AS "serialNumber", m.current_status AS "currentStatus",
           m.status_since AS "statusSince", m.current_operator_id AS "currentOperatorId", m.current_job_id AS "currentJobId"
    FROM cutting_machines m
    WHERE m.id = ${machineId} AND m.deleted_at IS NULL AND m.active AND ${scopeOf(actor)}
    ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? { ...row, statusSince: row.statusSince ? new Date(row.statusSince) : null } : null;
}

/** Whether the status request with this idempotency key (its boot id) is already stored. */
export async function isStatusRequestApplied(tx: Tx, machineId: string, key: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM machine_status_intervals WHERE machine_id = ${machineId} AND boot_id = ${key} AND seq = 1`,
  );
  return rows.length > 0;
}

export interface OperatorMachineRow {
  machineId: string;
  name: string;
  serialNumber: string;
  locationName: string | null;
  status: string | null;
  presence: string | null;
  presenceAt: Date | null;
  lastHeartbeatAt: Date | null;
  operatorId: string | null;
  operatorName: string | null;
  /** the machine's no-cuts prompt delay (minutes), else its location's; null: the default applies */
  noCutsPromptDelay: number | null;
}

/** The active machines the actor may drive, by location and name. */
export async function listOperableMachines(
  tx: Tx,
  actor: Pick<Actor, 'userId' | 'role'>,
): Promise<OperatorMachineRow[]> {
  const rows = await queryRows<OperatorMachineRow>(
    tx,
    sql`
    SELECT m.id AS "machineId", m.name, m.serial_number AS "serialNumber", l.name AS "locationName",
           m.current_status AS status, m.presence, m.presence_at AS "presenceAt",
           m.last_heartbeat_at AS "lastHeartbeatAt", m.current_operator_id AS "operatorId",
           COALESCE(NULLIF(trim(u.display_name), ''), u.first_name || ' ' || u.last_name) AS "operatorName",
           COALESCE(m.no_cuts_prompt_delay, l.no_cuts_prompt_delay) AS "noCutsPromptDelay"
    FROM cutting_machines m
    LEFT JOIN locations l ON l.id = m.location_id
    LEFT JOIN users u ON u.id = m.current_operator_id
    WHERE m.deleted_at IS NULL AND m.active AND ${scopeOf(actor)}
    ORDER BY l.name NULLS LAST, m.name, m.serial_number`,
  );
  const date = (value: unknown) => (value ? new Date(value as string) : null);
  return rows.map((row) => ({
    ...row,
    presenceAt: date(row.presenceAt),
    lastHeartbeatAt: date(row.lastHeartbeatAt),
  }));
}

/**
 * The user works at this machine from now on and at no other: answers the machines whose operator
 * changed (the released ones and this one, unless it was already theirs).
 */
export async function claimMachine(tx: Tx, userId: string, machineId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    UPDATE cutting_machines SET current_operator_id = CASE WHEN id = ${machineId} THEN ${userId}::uuid END,
      view_revision = view_revision + 1
    WHERE (current_operator_id = ${userId} AND id <> ${machineId})
       OR (id = ${machineId} AND current_operator_id IS DISTINCT FROM ${userId}::uuid)
    RETURNING id`,
  );
  return rows.map((row) => row.id);
}

/** The user stops working at the machine; false if they did not work at it. */
export async function releaseMachine(tx: Tx, userId: string, machineId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE cutting_machines SET current_operator_id = NULL, view_revision = view_revision + 1
        WHERE id = ${machineId} AND current_operator_id = ${userId} RETURNING id`,
  );
  return rows.length > 0;
}

/** The machine the user works at, if any. */
export async function findCurrentMachineOf(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM cutting_machines WHERE current_operator_id = ${userId} AND deleted_at IS NULL LIMIT 1`,
  );
  return row?.id ?? null;
}
