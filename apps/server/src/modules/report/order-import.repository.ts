import { sql } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.repository';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import { isoDay } from '../../lib/dates';

/**
 * SQL of the ERP order import (`cutting_jobs`, owned by this module; ADR 0012, 0021). A planned
 * order is a cutting job in state PLANNED: not the machine's current job, no cuts, not in reports.
 */

/** One import at a time per tenant, so two imports of the same order number cannot both insert it. */
export async function lockOrderImport(tx: Tx): Promise<void> {
  await queryRows(
    tx,
    sql`SELECT pg_advisory_xact_lock(hashtext('kerf.order-import.' || kerf_current_tenant()::text))`,
  );
}

/** Machine ids by serial among the given serials (not deleted; at `locationIds` when given). */
export async function importableMachines(
  tx: Tx,
  serials: string[],
  locationIds: string[] | null,
): Promise<Map<string, string>> {
  if (serials.length === 0) return new Map();
  const rows = await queryRows<{ id: string; serial: string }>(
    tx,
    sql`SELECT id, serial_number AS serial FROM cutting_machines
        WHERE deleted_at IS NULL
          AND serial_number IN (SELECT jsonb_array_elements_text(${JSON.stringify(serials)}::jsonb))
          ${
            locationIds === null
              ? sql``
              : sql`AND location_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(locationIds)}::jsonb)::uuid)`
          }`,
  );
  return new Map(rows.map((row) => [row.serial, row.id]));
}

export interface ImportedOrderRow {
  id: string;
  externalOrderNumber: string;
  state: 'PLANNED' | 'OPEN' | 'CLOSED' | 'CANCELLED';
  name: string;
  machineId: string;
  plannedQuantity: number | null;
  dueDate: string | null;
  programNumber: string | null;
}

export async function findOrdersByExternalNumber(
  tx: Tx,
  numbers: string[],
): Promise<Map<string, ImportedOrderRow>> {
  const rows = await queryRows<ImportedOrderRow>(
    tx,
    sql`SELECT id, external_order_number AS "externalOrderNumber", state, name, machine_id AS "machineId",
               planned_quantity AS "plannedQuantity", due_date AS "dueDate", program_number AS "programNumber"
        FROM cutting_jobs
        WHERE external_order_number IN (SELECT jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`,
  );
  return new Map(rows.map((row) => [row.externalOrderNumber, row]));
}

interface PlannedValues {
  externalOrderNumber: string;
  name: string;
  machineId: string;
  plannedQuantity: number | null;
  dueDate: string | null;
  programNumber: string | null;
}

export async function insertPlannedOrder(
  tx: Tx,
  tenantId: string,
  values: PlannedValues & { createdBy: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO cutting_jobs (tenant_id, machine_id, name, order_number, program_number, state, started_at,
                                  created_by, external_order_number, planned_quantity, due_date, imported_at)
        VALUES (${tenantId}, ${values.machineId}, ${values.name}, ${values.externalOrderNumber}, ${values.programNumber},
                'PLANNED', now(), ${values.createdBy}, ${values.externalOrderNumber}, ${values.plannedQuantity},
                ${values.dueDate}, now())
        RETURNING id`,
  );
  return row!.id;
}

/** Only while the order is still PLANNED; answers whether it was. */
export async function updatePlannedOrder(tx: Tx, id: string, values: PlannedValues): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE cutting_jobs SET name = ${values.name}, machine_id = ${values.machineId},
          order_number = ${values.externalOrderNumber}, program_number = ${values.programNumber},
          planned_quantity = ${values.plannedQuantity}, due_date = ${values.dueDate}, imported_at = now(),
          started_at = now(), updated_at = now()
        WHERE id = ${id} AND state = 'PLANNED'
        RETURNING id`,
  );
  return rows.length > 0;
}

/** A planned order becomes the open order of its machine, starting now. */
export async function markOrderStarted(
  tx: Tx,
  id: string,
  startedBy: string,
  /** when it started; null: now */
  startedAt: string | null,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE cutting_jobs SET state = 'OPEN', started_at = coalesce(${startedAt}::timestamptz, now()), created_by = coalesce(created_by, ${startedBy}),
          updated_at = now()
        WHERE id = ${id} AND state = 'PLANNED'
        RETURNING id`,
  );
  return rows.length > 0;
}

/** A planned order deleted before it started. */
export async function cancelPlannedOrder(tx: Tx, id: string): Promise<void> {
  await queryRows(
    tx,
    // ended where it "started" (when it was planned): no span, so no report ever lists it
    sql`UPDATE cutting_jobs SET state = 'CANCELLED', ended_at = started_at, updated_at = now()
        WHERE id = ${id} AND state = 'PLANNED'`,
  );
}

/**
 * Demo: what an ERP import leaves — planned orders on the demo machines, due in the coming days,
 * for the operators to start (an audit entry records the import as the admin's).
 */
export async function seedDemoPlannedOrders(tx: Tx, tenantId: string): Promise<void> {
  const machines = await queryRows<{ id: string; serial: string }>(
    tx,
    sql`SELECT id, serial_number AS serial FROM cutting_machines WHERE deleted_at IS NULL ORDER BY serial_number`,
  );
  const [admin] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM users WHERE username = 'admin'`);
  if (machines.length === 0 || !admin) return;
  const day = (days: number) => isoDay(Date.now() + days * 86_400_000);
  const orders = [
    ['SO-24017', 'Spring catalogue 2027, 64 pages', 18_000, 2, 'P-104'],
    ['SO-24018', 'Wine labels Riesling 0.75 l', 42_000, 3, 'P-211'],
    ['SO-24021', 'Flyer A5 Stadtfest', 25_000, 1, null],
    ['SO-24022', 'Business cards, 12 names', 3_000, 4, 'P-015'],
    ['SO-24025', 'Annual report 2026, cover', 2_500, 6, 'P-104'],
    ['SO-24026', 'Menu cards Restaurant Elbblick', 1_200, 5, null],
  ] as const;
  for (const [index, [number, name, quantity, due, program]] of orders.entries()) {
    await insertPlannedOrder(tx, tenantId, {
      externalOrderNumber: number,
      name,
      machineId: machines[index % machines.length]!.id,
      plannedQuantity: quantity,
      dueDate: day(due),
      programNumber: program,
      createdBy: admin.id,
    });
  }
  await recordAudit(tx, {
    tenantId,
    actorUserId: admin.id,
    action: 'printing-shop.orders.import',
    targetType: 'tenant',
    targetId: tenantId,
    details: { source: 'CSV', created: orders.length, updated: 0, unchanged: 0, skipped: 0 },
  });
}
