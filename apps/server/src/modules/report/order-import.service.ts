import {
  type FieldError,
  fieldErrorFromIssue,
  ORDER_IMPORT_COLUMNS,
  ORDER_IMPORT_MAX_ROWS,
  ORDER_IMPORT_REQUIRED_COLUMNS,
  type OrderImportColumn,
  type OrderImportResult,
  PlannedOrderInputSchema,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { parseCsv } from '../../lib/csv-parse';
import { visibleLocationIds } from '../printing-shop/index';
import {
  findOrdersByExternalNumber,
  importableMachines,
  insertPlannedOrder,
  lockOrderImport,
  updatePlannedOrder,
} from './order-import.repository';

type PlannedOrder = z.output<typeof PlannedOrderInputSchema>;
type Caller = Actor;

/** The field of an order, as named in a CSV header. */
const COLUMN_OF: Record<keyof PlannedOrder, OrderImportColumn> = {
  orderNumber: 'order_number',
  name: 'name',
  machineSerial: 'machine_serial',
  plannedQuantity: 'planned_quantity',
  dueDate: 'due_date',
  programNumber: 'program_number',
};

/** Only the roles that see a subset of the shop (a manager: their locations) are narrowed. */
const ASSIGNED_ONLY = new Set(['PRINTING_SHOP_MANAGER']);
/** Most problems reported at once: enough to fix a file, not a response as large as it. */
const MAX_REPORTED = 500;

interface Row {
  /** CSV line or JSON item number (1-based) */
  row: number;
  order: PlannedOrder;
}

/**
 * Import of planned orders from the ERP (issue 18, ADR 0021). All or nothing: every row is checked
 * first (contract rules, the machine serial among the machines the caller may plan on, an order
 * number given twice), and one problem anywhere imports nothing; the answer names each problem as
 * `<prefix>.<row>.<field>`. Then, in the same transaction and under a per-tenant lock, each order
 * is created as PLANNED, or — found by the ERP's order number — updated while it is still PLANNED;
 * started, closed and cancelled orders are never touched (SKIPPED_STARTED).
 */
export function createOrderImportService(deps: { transactions: Transactions }) {
  const { transactions } = deps;

  async function apply(
    actor: Caller,
    rows: Row[],
    fieldOf: (row: number, field: keyof PlannedOrder) => string,
    errors: FieldError[],
    source: 'CSV' | 'JSON',
  ): Promise<OrderImportResult> {
    return transactions.withTenant(actor.tenantId, async (tx) => {
      await lockOrderImport(tx);
      const locationIds = ASSIGNED_ONLY.has(actor.role) ? await visibleLocationIds(tx, actor) : null;
      const machines = await importableMachines(
        tx,
        [...new Set(rows.map((r) => r.order.machineSerial))],
        locationIds,
      );
      const seen = new Set<string>();
      for (const { row, order } of rows) {
        if (seen.has(order.orderNumber))
          errors.push({ field: fieldOf(row, 'orderNumber'), in: 'body', code: 'DUPLICATE' });
        seen.add(order.orderNumber);
        if (!machines.has(order.machineSerial))
          errors.push({ field: fieldOf(row, 'machineSerial'), in: 'body', code: 'NOT_FOUND' });
      }
      if (errors.length > 0) throw AppError.fields(sortErrors(errors).slice(0, MAX_REPORTED));

      const existing = await findOrdersByExternalNumber(
        tx,
        rows.map((r) => r.order.orderNumber),
      );
      const result: OrderImportResult = { created: 0, updated: 0, unchanged: 0, skipped: 0, rows: [] };
      for (const { row, order } of rows) {
        const machineId = machines.get(order.machineSerial)!;
        const values = {
          externalOrderNumber: order.orderNumber,
          name: order.name,
          machineId,
          plannedQuantity: order.plannedQuantity ?? null,
          dueDate: order.dueDate ?? null,
          programNumber: order.programNumber ?? null,
        };
        const found = existing.get(order.orderNumber);
        if (!found) {
          const id = await insertPlannedOrder(tx, actor.tenantId, { ...values, createdBy: actor.userId });
          result.created += 1;
          result.rows.push({
            row,
            orderNumber: order.orderNumber,
            outcome: 'CREATED',
            orderId: id,
            state: 'PLANNED',
          });
        } else if (found.state !== 'PLANNED') {
          result.skipped += 1;
          result.rows.push({
            row,
            orderNumber: order.orderNumber,
            outcome: 'SKIPPED_STARTED',
            orderId: found.id,
            state: found.state,
          });
        } else {
          const same =
            found.name === values.name &&
            found.machineId === values.machineId &&
            found.plannedQuantity === values.plannedQuantity &&
            found.dueDate === values.dueDate &&
            found.programNumber === values.programNumber;
          if (!same) await updatePlannedOrder(tx, found.id, values);
          if (same) result.unchanged += 1;
          else result.updated += 1;
          result.rows.push({
            row,
            orderNumber: order.orderNumber,
            outcome: same ? 'UNCHANGED' : 'UPDATED',
            orderId: found.id,
            state: 'PLANNED',
          });
        }
      }
      await audit(tx, actor, 'printing-shop.orders.import', 'tenant', actor.tenantId, {
        source,
        created: result.created,
        updated: result.updated,
        unchanged: result.unchanged,
        skipped: result.skipped,
      });
      return result;
    });
  }

  return {
    /** JSON items (`orders.<index>.<field>` in problems, as the request validation names them). */
    importOrders(actor: Caller, orders: PlannedOrder[]): Promise<OrderImportResult> {
      return apply(
        actor,
        orders.map((order, index) => ({ row: index + 1, order })),
        (row, field) => `orders.${row - 1}.${field}`,
        [],
        'JSON',
      );
    },

    /** A CSV file; problems are `rows.<line>.<column>` (line 1 is the header). */
    importCsv(actor: Caller, csv: string): Promise<OrderImportResult> {
      const records = parseCsv(csv);
      const errors: FieldError[] = [];
      const header = records[0];
      if (!header) throw AppError.fields([{ field: 'csv', in: 'body', code: 'REQUIRED' }]);
      const columns = header.cells.map((cell) => cell.trim().toLowerCase());
      const index = new Map<OrderImportColumn, number>();
      columns.forEach((column, i) => {
        if (!(ORDER_IMPORT_COLUMNS as readonly string[]).includes(column))
          errors.push({ field: `rows.${header.line}.${column || i + 1}`, in: 'body', code: 'UNKNOWN_FIELD' });
        else if (index.has(column as OrderImportColumn))
          errors.push({ field: `rows.${header.line}.${column}`, in: 'body', code: 'DUPLICATE' });
        else index.set(column as OrderImportColumn, i);
      });
      for (const column of ORDER_IMPORT_REQUIRED_COLUMNS)
        if (!index.has(column))
          errors.push({ field: `rows.${header.line}.${column}`, in: 'body', code: 'REQUIRED' });
      if (errors.length > 0) throw AppError.fields(errors);
      const data = records.slice(1);
      if (data.length === 0) throw AppError.fields([{ field: 'csv', in: 'body', code: 'REQUIRED' }]);
      if (data.length > ORDER_IMPORT_MAX_ROWS)
        throw AppError.fields([{ field: 'csv', in: 'body', code: 'TOO_LONG', limit: ORDER_IMPORT_MAX_ROWS }]);

      const fieldOf = (row: number, field: keyof PlannedOrder) => `rows.${row}.${COLUMN_OF[field]}`;
      const rows: Row[] = [];
      for (const record of data) {
        const cell = (column: OrderImportColumn) => {
          const at = index.get(column);
          return at === undefined ? '' : (record.cells[at] ?? '').trim();
        };
        const quantity = cell('planned_quantity');
        const candidate: Record<string, unknown> = {
          orderNumber: cell('order_number'),
          name: cell('name'),
          machineSerial: cell('machine_serial'),
          plannedQuantity: quantity === '' ? null : /^\d{1,12}$/.test(quantity) ? Number(quantity) : quantity,
          dueDate: cell('due_date') === '' ? null : cell('due_date'),
          programNumber: cell('program_number'),
        };
        const parsed = PlannedOrderInputSchema.safeParse(candidate);
        if (parsed.success) {
          rows.push({ row: record.line, order: parsed.data });
          continue;
        }
        const named = new Set<string>();
        for (const issue of parsed.error.issues) {
          const field = fieldOf(record.line, issue.path[0] as keyof PlannedOrder);
          if (named.has(field)) continue;
          named.add(field);
          const problem = fieldErrorFromIssue(issue);
          // An empty required cell is REQUIRED, whatever rule its empty value broke first.
          const code = candidate[issue.path[0] as string] === '' ? 'REQUIRED' : problem.code;
          errors.push({
            field,
            in: 'body',
            code: problem.code === 'INVALID_TYPE' ? 'INVALID_FORMAT' : code,
            ...(problem.limit !== undefined && code === problem.code ? { limit: problem.limit } : {}),
          });
        }
      }
      return apply(actor, rows, fieldOf, errors, 'CSV');
    },
  };
}

/** Problems in row order, then by field, so the list reads like the file. */
function sortErrors(errors: FieldError[]): FieldError[] {
  const key = (field: string) => {
    const [, row] = field.split('.');
    return Number(row) || 0;
  };
  return [...errors].sort((a, b) => key(a.field) - key(b.field) || a.field.localeCompare(b.field));
}

export type OrderImportService = ReturnType<typeof createOrderImportService>;
