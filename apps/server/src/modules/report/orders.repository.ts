import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import { setMachineJob } from '../machines/index';

/**
 * The operator's orders in `cutting_jobs` (owned by this module, ADR 0012): reading them, creating
 * one with the id the terminal chose (ADR 0017) and editing its name and numbers. Opening on the
 * machine and closing go through `cutting-jobs.repository.ts`, which also keeps the machine's
 * current job.
 */

export interface OrderRow {
  id: string;
  machineId: string;
  name: string;
  orderNumber: string | null;
  programNumber: string | null;
  state: 'PLANNED' | 'OPEN' | 'CLOSED' | 'CANCELLED';
  parentJobId: string | null;
  startedAt: Date;
  endedAt: Date | null;
  cuts: number;
  processingSeconds: number;
  downtimeSeconds: number;
  supportSeconds: number;
  createdById: string | null;
  createdByName: string | null;
  externalOrderNumber: string | null;
  plannedQuantity: number | null;
  dueDate: string | null;
  startupRejects: number | null;
  productionRejects: number | null;
}

const ORDER_COLUMNS = sql`
  j.id, j.machine_id AS "machineId", j.name, j.order_number AS "orderNumber",
  j.program_number AS "programNumber", j.state, j.parent_job_id AS "parentJobId",
  j.started_at AS "startedAt", j.ended_at AS "endedAt", j.cuts::float8 AS cuts,
  j.processing_seconds AS "processingSeconds", j.downtime_seconds AS "downtimeSeconds",
  j.support_seconds AS "supportSeconds", j.created_by AS "createdById",
  j.external_order_number AS "externalOrderNumber", j.planned_quantity AS "plannedQuantity", j.due_date AS "dueDate",
  j.startup_rejects AS "startupRejects", j.production_rejects AS "productionRejects",
  COALESCE(NULLIF(trim(u.display_name), ''), u.first_name || ' ' || u.last_name) AS "createdByName"`;

function toOrderRow(row: OrderRow): OrderRow {
  return {
    ...row,
    startedAt: new Date(row.startedAt),
    endedAt: row.endedAt ? new Date(row.endedAt) : null,
    cuts: Number(row.cuts),
  };
}

export async function findOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await queryRows<OrderRow>(
    tx,
    sql`SELECT ${ORDER_COLUMNS} FROM cutting_jobs j LEFT JOIN users u ON u.id = j.created_by WHERE j.id = ${id}`,
  );
  return row ? toOrderRow(row) : null;
}

/** The machine's orders: the open one first, then the planned ones by due date, then by start, newest first. */
export async function listMachineOrders(tx: Tx, machineId: string, limit: number): Promise<OrderRow[]> {
  const rows = await queryRows<OrderRow>(
    tx,
    sql`SELECT ${ORDER_COLUMNS} FROM cutting_jobs j LEFT JOIN users u ON u.id = j.created_by
        WHERE j.machine_id = ${machineId}
        ORDER BY (j.state = 'OPEN') DESC, (j.state = 'PLANNED') DESC,
                 CASE WHEN j.state = 'PLANNED' THEN j.due_date END ASC NULLS LAST, j.started_at DESC, j.id
        LIMIT ${limit}`,
  );
  return rows.map(toOrderRow);
}

/** The open order of the machine (its current job), if any. */
export async function findOpenOrderOf(tx: Tx, machineId: string): Promise<OrderRow | null> {
  const [row] = await queryRows<OrderRow>(
    tx,
    sql`SELECT ${ORDER_COLUMNS} FROM cutting_machines m
        JOIN cutting_jobs j ON j.id = m.current_job_id AND j.state = 'OPEN'
        LEFT JOIN users u ON u.id = j.created_by
        WHERE m.id = ${machineId}`,
  );
  return row ? toOrderRow(row) : null;
}

/** A new open order with the given id, made the machine's current job. */
export async function insertOrder(
  tx: Tx,
  tenantId: string,
  order: {
    id: string;
    machineId: string;
    name: string;
    orderNumber: string | null;
    programNumber: string | null;
    parentJobId: string | null;
    startedAt: string;
    createdBy: string;
  },
): Promise<void> {
  await queryRows(
    tx,
    sql`
    INSERT INTO cutting_jobs (tenant_id, id, machine_id, parent_job_id, name, order_number, program_number, state, started_at, created_by)
    VALUES (${tenantId}, ${order.id}, ${order.machineId}, ${order.parentJobId}, ${order.name}, ${order.orderNumber},
            ${order.programNumber}, 'OPEN', ${order.startedAt}, ${order.createdBy})`,
  );
  await setMachineJob(tx, order.machineId, order.id);
}

export async function updateOrderFields(
  tx: Tx,
  id: string,
  fields: { name: string; orderNumber?: string | null; programNumber?: string | null },
): Promise<void> {
  await queryRows(
    tx,
    sql`
    UPDATE cutting_jobs SET name = ${fields.name},
      order_number = ${fields.orderNumber === undefined ? sql`order_number` : fields.orderNumber},
      program_number = ${fields.programNumber === undefined ? sql`program_number` : fields.programNumber},
      updated_at = now()
    WHERE id = ${id}`,
  );
}

/**
 * When the machine's last order that ran ended (closed, cancelled or ended as a partial job); null
 * when none did. Planned orders deleted before they started never ran (no span) and do not count.
 */
export async function lastOrderEndOf(tx: Tx, machineId: string): Promise<Date | null> {
  const [row] = await queryRows<{ endedAt: string | Date | null }>(
    tx,
    sql`SELECT max(ended_at) AS "endedAt" FROM cutting_jobs
        WHERE machine_id = ${machineId} AND state IN ('CLOSED', 'CANCELLED') AND ended_at > started_at`,
  );
  return row?.endedAt ? new Date(row.endedAt) : null;
}

/** Cuts rebooked to (positive) or away from (negative) an order: its cut count follows. */
export async function addOrderCuts(tx: Tx, id: string, cuts: number): Promise<void> {
  if (cuts === 0) return;
  await queryRows(
    tx,
    sql`UPDATE cutting_jobs SET cuts = cuts + ${cuts}, updated_at = now() WHERE id = ${id}`,
  );
}
