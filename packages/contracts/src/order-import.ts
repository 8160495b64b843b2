import { z } from 'zod';
import { IdParamsSchema } from './common';
import {
  ORDER_NAME_MAX,
  ORDER_NAME_MIN,
  ORDER_NUMBER_MAX,
  OrderSchema,
  OrderTimeRequestSchema,
} from './operator';
import { defineRoute } from './route';
import { SERIAL_PATTERN } from './telemetry';
import { identifier, text } from './text';

/*
 * Import of cutting jobs (orders) from the ERP (issue 18, docs/decisions/0021-erp-order-import.md):
 * imported orders are PLANNED on a machine until an operator starts them. The ERP's order number is
 * the key: a re-import updates planned orders and never touches started, closed or cancelled ones.
 * All or nothing: one invalid row and nothing is imported; every problem is named by row and field.
 */

/** Most orders in one import (CSV rows or JSON items). */
export const ORDER_IMPORT_MAX_ROWS = 5000;
/** Largest CSV text accepted, in characters. */
export const ORDER_IMPORT_MAX_CSV = 2_000_000;
export const PLANNED_QUANTITY_MAX = 100_000_000;

/** The CSV columns (header line, any order, case-insensitive); the first three are required. */
export const ORDER_IMPORT_COLUMNS = [
  'order_number',
  'name',
  'machine_serial',
  'planned_quantity',
  'due_date',
  'program_number',
] as const;
export type OrderImportColumn = (typeof ORDER_IMPORT_COLUMNS)[number];
export const ORDER_IMPORT_REQUIRED_COLUMNS: readonly OrderImportColumn[] = [
  'order_number',
  'name',
  'machine_serial',
];

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** `YYYY-MM-DD` naming a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const PlannedOrderInputSchema = z.strictObject({
  /** the ERP's order number: the key of the import */
  orderNumber: text({ min: 1, max: ORDER_NUMBER_MAX }),
  name: text({ min: ORDER_NAME_MIN, max: ORDER_NAME_MAX }),
  /** the machine the order is planned on */
  machineSerial: identifier(z.string().regex(SERIAL_PATTERN)),
  plannedQuantity: z.number().int().min(1).max(PLANNED_QUANTITY_MAX).nullable().optional(),
  dueDate: identifier(z.string().refine(isCalendarDate, { message: 'INVALID_FORMAT' }))
    .nullable()
    .optional(),
  programNumber: text({ max: ORDER_NUMBER_MAX })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});
export type PlannedOrderInput = z.input<typeof PlannedOrderInputSchema>;

export const ImportOrdersRequestSchema = z.strictObject({
  orders: z.array(PlannedOrderInputSchema).min(1).max(ORDER_IMPORT_MAX_ROWS),
});
export type ImportOrdersRequest = z.input<typeof ImportOrdersRequestSchema>;

export const ImportOrdersCsvRequestSchema = z.strictObject({
  /** the file's text: UTF-8 (a byte-order mark is fine), `,` or `;` separated, header line first */
  csv: text({ min: 1, max: ORDER_IMPORT_MAX_CSV, multiline: true }),
});
export type ImportOrdersCsvRequest = z.input<typeof ImportOrdersCsvRequestSchema>;

export const ORDER_IMPORT_OUTCOMES = ['CREATED', 'UPDATED', 'UNCHANGED', 'SKIPPED_STARTED'] as const;
export const OrderImportOutcomeSchema = z.enum(ORDER_IMPORT_OUTCOMES).meta({ id: 'OrderImportOutcome' });

export const OrderImportResultSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** already started, closed or cancelled: left as they are */
    skipped: z.number().int(),
    rows: z.array(
      z.object({
        /** CSV: the line number in the file (the header is line 1); JSON: the item's index + 1 */
        row: z.number().int(),
        orderNumber: z.string(),
        outcome: OrderImportOutcomeSchema,
        orderId: z.uuid(),
        state: z.enum(['PLANNED', 'OPEN', 'CLOSED', 'CANCELLED']),
      }),
    ),
  })
  .meta({ id: 'OrderImportResult' });
export type OrderImportResult = z.infer<typeof OrderImportResultSchema>;

const WHY_IMPORT =
  'product.md §1 names an optional ERP integration and §4 orders, but §7 has no import endpoint (issue 18, ADR 0021).';

export const importOrders = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/orders/import',
  summary:
    'Import planned orders from the ERP (JSON): all or nothing, keyed by the ERP order number; a re-import updates planned orders and skips started ones',
  specAddition: WHY_IMPORT,
  access: 'orders:import',
  apiScope: 'orders:write',
  tenantKinds: ['PRINTING_SHOP'],
  body: ImportOrdersRequestSchema,
  responses: { 200: OrderImportResultSchema },
  errors: [],
});

export const importOrdersCsv = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/orders/import-csv',
  summary:
    'Import planned orders from an ERP CSV export (columns order_number, name, machine_serial, planned_quantity, due_date, program_number): all or nothing; problems named as rows.<line>.<column>',
  specAddition: WHY_IMPORT,
  access: 'orders:import',
  apiScope: 'orders:write',
  tenantKinds: ['PRINTING_SHOP'],
  body: ImportOrdersCsvRequestSchema,
  responses: { 200: OrderImportResultSchema },
  errors: [],
});

export const startOrder = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/orders/:id/start',
  summary:
    "Start a planned order on its machine, now or at `at` (the machine's cuts since then booked to no order move to it): it becomes the machine's open order (starting it twice changes nothing)",
  specAddition: WHY_IMPORT,
  access: 'orders:manage',
  apiScope: 'orders:write',
  params: IdParamsSchema,
  body: OrderTimeRequestSchema,
  responses: { 200: OrderSchema },
  errors: [
    'service.printing-shops.ORDER_NOT_FOUND',
    'service.printing-shops.ORDER_NOT_PLANNED',
    'service.printing-shops.MACHINE_HAS_OPEN_ORDER',
  ],
});
