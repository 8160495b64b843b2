import { z } from 'zod';
import { IdParamsSchema } from './common';
import { CuttingJobStateSchema } from './report';
import { defineRoute } from './route';
import { type MachineStatus, MachineStatusSchema, OnlineStatusSchema, statusGroupOf } from './telemetry';
import { text } from './text';

/**
 * The operator terminal (product.md §2 "Printing-shop operator", §4): the machine an operator works at,
 * the status transitions they may make, their orders and the partial jobs of the report server.
 * Offline replay and the order model: docs/decisions/0017-operator-offline-queue.md.
 */

// ---- status groups and transitions (product.md §4 "Operator grouping") ----------------------------

export {
  OPERATOR_STATUS_GROUPS,
  type OperatorStatusGroup,
  OperatorStatusGroupSchema,
  statusGroupOf,
} from './telemetry';

/** The four interruption reasons, shown as downtime. */
export const INTERRUPTION_STATUSES = [
  'INTERRUPTION_PRINTING_MATERIAL_FAULTY',
  'INTERRUPTION_PRINTING_MATERIAL_MISPRINT',
  'INTERRUPTION_PRINTING_MATERIAL_MISSING',
  'INTERRUPTION_PRINTING_WASTE_DISPOSAL',
] as const satisfies readonly MachineStatus[];
/** The four support reasons, shown as support (auxiliary) time. */
export const SUPPORT_STATUSES = [
  'SUPPORT_CUTTING_MACHINE_CLEANING',
  'SUPPORT_CUTTING_MACHINE_MAINTENANCE',
  'SUPPORT_PRINTING_MATERIAL_DISPOSAL',
  'SUPPORT_PRINTING_MATERIAL_LOGISTICS',
] as const satisfies readonly MachineStatus[];

/**
 * Which status an operator may set next. product.md §4 leaves the rules open ("not shown"); Kerf's:
 * - from no status, RUNNING or PAUSED any other status may start;
 * - an activity in progress (interruption, support time, break, setup or knife swap) is ended by
 *   RUNNING or PAUSED, or corrected within its own group (another reason; swap ↔ calibration);
 *   it cannot turn into an activity of another group without being ended first;
 * - setting the status the machine already has is refused (a replay of the same request is not:
 *   it answers as the first time, see the `idempotency-key` header).
 */
export function statusTransition(
  from: MachineStatus | null,
  to: MachineStatus,
): 'ALLOWED' | 'UNCHANGED' | 'NOT_ALLOWED' {
  if (from === to) return 'UNCHANGED';
  if (from === null || from === 'RUNNING' || from === 'PAUSED') return 'ALLOWED';
  if (to === 'RUNNING' || to === 'PAUSED') return 'ALLOWED';
  const group = statusGroupOf(from);
  return group !== 'IDLE' && group === statusGroupOf(to) ? 'ALLOWED' : 'NOT_ALLOWED';
}

/** Header of `PUT /cutting-machines/{id}/status`: a client-generated UUID; a replay applies nothing twice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** How far back an offline-recorded status may be dated (`at`): a day. */
export const MAX_STATUS_BACKDATE_MS = 24 * 60 * 60 * 1000;

/**
 * How far an order's `at` may lie ahead of the server's clock and still count as the server's now:
 * the terminal sends its own clock's time with every input, and a terminal clock a little ahead must
 * not make an order typed online fail. Further ahead is refused.
 */
export const ORDER_TIME_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * When the operator made an order input (created, started or closed it), if earlier than the
 * request: an input kept while the terminal was offline (ADR 0017). At most a day back
 * (`MAX_STATUS_BACKDATE_MS`) and never later than the server's clock (up to
 * `ORDER_TIME_CLOCK_SKEW_MS` ahead counts as now); otherwise `validation.INVALID_INPUT` with the
 * field `at` (`INVALID_VALUE`). Left out: the server's now, as before.
 */
const orderTime = z.iso.datetime();

// ---- orders ---------------------------------------------------------------------------------

/** product.md §5 "Order name required … minimum and maximum length": Kerf's bounds. */
export const ORDER_NAME_MIN = 3;
export const ORDER_NAME_MAX = 80;
export const ORDER_NUMBER_MAX = 40;

const orderName = text({ min: ORDER_NAME_MIN, max: ORDER_NAME_MAX });
const optionalCode = text({ max: ORDER_NUMBER_MAX })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

export const OrderSchema = z
  .object({
    id: z.uuid(),
    machineId: z.uuid(),
    name: z.string(),
    orderNumber: z.string().nullable(),
    programNumber: z.string().nullable(),
    state: CuttingJobStateSchema,
    /** a partial job continues this one */
    parentJobId: z.uuid().nullable(),
    startDate: z.iso.datetime(),
    endDate: z.iso.datetime().nullable(),
    cuts: z.number().int().min(0),
    processingSeconds: z.number().int().min(0),
    downtimeSeconds: z.number().int().min(0),
    supportSeconds: z.number().int().min(0),
    createdBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
    /** the ERP's order number of an imported order (import of planned orders) */
    externalOrderNumber: z.string().nullable(),
    plannedQuantity: z.number().int().nullable(),
    /** the ERP's due date, `YYYY-MM-DD` */
    dueDate: z.string().nullable(),
    /**
     * Rejected cuts the operator recorded when closing the order (issue 36: the quality of OEE):
     * while setting up, and in production. Null: not recorded, so the order does not count in quality.
     */
    startupRejects: z.number().int().min(0).nullable(),
    productionRejects: z.number().int().min(0).nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

export const CreateOrderRequestSchema = z.strictObject({
  /** chosen by the terminal, so that an order typed offline is created once however often it is sent */
  id: z.uuid().optional(),
  machineId: z.uuid(),
  name: orderName,
  orderNumber: optionalCode,
  programNumber: optionalCode,
  /**
   * When the operator created the order (see `orderTime`): it starts then, and the machine's cuts
   * since then that are booked to no order are booked to it. Never before the end of the machine's
   * last order.
   */
  at: orderTime.optional(),
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequestSchema>;

export const UpdateOrderRequestSchema = z.strictObject({
  name: orderName,
  orderNumber: optionalCode,
  programNumber: optionalCode,
});
export type UpdateOrderRequest = z.input<typeof UpdateOrderRequestSchema>;

/**
 * The optional body of starting and closing an order: when the operator did it (see `orderTime`).
 * A request without a body acts now, as before (Fastify validates a missing body as null).
 */
export const OrderTimeRequestSchema = z
  .strictObject({ at: orderTime.optional() })
  .meta({ id: 'OrderTimeRequest' })
  .nullish();
export type OrderTimeRequest = z.input<typeof OrderTimeRequestSchema>;

/** Most rejected cuts of one kind an order close may record. */
export const MAX_ORDER_REJECTS = 1_000_000;
const rejectCount = z.number().int().min(0).max(MAX_ORDER_REJECTS);

/**
 * The optional body of closing an order: when (see `orderTime`), and the rejected cuts the operator
 * counted (issue 36, the quality of OEE): while setting up and in production. Both or neither; their
 * sum may not exceed the order's cuts (`validation.INVALID_INPUT`, field `rejects.production`,
 * `REJECTS_EXCEED_CUTS`). Left out: the order's quality is not measured.
 */
export const CloseOrderRequestSchema = z
  .strictObject({
    at: orderTime.optional(),
    rejects: z.strictObject({ startup: rejectCount, production: rejectCount }).optional(),
  })
  .meta({ id: 'CloseOrderRequest' })
  .nullish();
export type CloseOrderRequest = z.input<typeof CloseOrderRequestSchema>;

export const MachineOrdersQuerySchema = z.strictObject({
  /** most recent first; the open order always leads */
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const ORDER_ADDITION =
  'product.md §4 lists orders (create, edit, close, delete) but §7 names no endpoint for them (ADR 0017).';

export const listMachineOrders = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/cutting-machines/:id/orders',
  summary: 'Orders of a machine: the open one first, then the most recent',
  specAddition: ORDER_ADDITION,
  access: 'orders:manage',
  apiScope: 'orders:read',
  params: IdParamsSchema,
  query: MachineOrdersQuerySchema,
  responses: { 200: z.array(OrderSchema) },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});

export const createOrder = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/orders',
  summary:
    "Start an order on a machine; the machine's cuts are booked to it from now on, or from `at` (its cuts since then booked to no order move to it)",
  specAddition: ORDER_ADDITION,
  access: 'orders:manage',
  apiScope: 'orders:write',
  body: CreateOrderRequestSchema,
  responses: { 201: OrderSchema, 200: OrderSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND', 'service.printing-shops.MACHINE_HAS_OPEN_ORDER'],
});

export const updateOrder = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/orders/:id',
  summary: 'Edit the name, order number and program number of an open order',
  specAddition: ORDER_ADDITION,
  access: 'orders:manage',
  apiScope: 'orders:write',
  params: IdParamsSchema,
  body: UpdateOrderRequestSchema,
  responses: { 200: OrderSchema },
  errors: ['service.printing-shops.ORDER_NOT_FOUND', 'service.printing-shops.ORDER_NOT_OPEN'],
});

export const closeOrder = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/orders/:id/close',
  summary:
    'Close an order now, or at `at` (cuts booked to it after `at` go back to no order), with the rejected cuts the operator counted: its cuts and times are saved (closing a closed order changes nothing)',
  specAddition: ORDER_ADDITION,
  access: 'orders:manage',
  apiScope: 'orders:write',
  params: IdParamsSchema,
  body: CloseOrderRequestSchema,
  responses: { 200: OrderSchema },
  errors: ['service.printing-shops.ORDER_NOT_FOUND', 'service.printing-shops.ORDER_NOT_OPEN'],
});

export const deleteOrder = defineRoute({
  module: 'printing-shop',
  method: 'DELETE',
  path: '/orders/:id',
  summary: 'Delete an open or planned order: it ends as CANCELLED; the cuts stay on machine and knife',
  specAddition: ORDER_ADDITION,
  access: 'orders:manage',
  params: IdParamsSchema,
  responses: { 204: null },
  errors: ['service.printing-shops.ORDER_NOT_FOUND', 'service.printing-shops.ORDER_NOT_OPEN'],
});

// ---- partial jobs (product.md §7 "Report server") -------------------------------------------------

export const CreatePartialJobRequestSchema = z.strictObject({
  newJobName: orderName,
  /** the machine whose open order is split; by default the caller's current machine */
  machineId: z.uuid().optional(),
});
export const RenamePartialJobRequestSchema = z.strictObject({ value: orderName });
export const NameEditingAllowedSchema = z.object({ allowed: z.boolean() }).meta({ id: 'NameEditingAllowed' });

export const createPartialJob = defineRoute({
  module: 'report',
  method: 'POST',
  path: '/cutting-jobs/partial-jobs',
  summary:
    "End the machine's open order here and continue it as a partial job under a new name (same order and program number)",
  access: 'orders:manage',
  body: CreatePartialJobRequestSchema,
  responses: { 201: OrderSchema },
  errors: [
    'service.printing-shops.MACHINE_NOT_FOUND',
    'service.printing-shops.NO_CURRENT_MACHINE',
    'service.printing-shops.MACHINE_HAS_NO_OPEN_ORDER',
  ],
});

export const isPartialJobNameEditingAllowed = defineRoute({
  module: 'report',
  method: 'GET',
  path: '/cutting-jobs/partial-jobs/:id/is-name-editing-allowed',
  summary: 'Whether the name of a partial job may still change: open and no cut booked to it yet',
  access: 'orders:manage',
  params: IdParamsSchema,
  responses: { 200: NameEditingAllowedSchema },
  errors: ['service.printing-shops.ORDER_NOT_FOUND'],
});

export const renamePartialJob = defineRoute({
  module: 'report',
  method: 'PUT',
  path: '/cutting-jobs/partial-jobs/:id/name',
  summary: 'Rename a partial job (only while name editing is allowed)',
  access: 'orders:manage',
  params: IdParamsSchema,
  body: RenamePartialJobRequestSchema,
  responses: { 200: OrderSchema },
  errors: ['service.printing-shops.ORDER_NOT_FOUND', 'service.printing-shops.ORDER_NAME_EDITING_NOT_ALLOWED'],
});

export const endPartialJobNow = defineRoute({
  module: 'report',
  method: 'PUT',
  path: '/cutting-jobs/partial-jobs/:id/end-now',
  summary: 'End a partial job now (as closing it); ending an ended job changes nothing',
  access: 'orders:manage',
  params: IdParamsSchema,
  responses: { 200: OrderSchema },
  errors: ['service.printing-shops.ORDER_NOT_FOUND'],
});

// ---- the operator's machine -----------------------------------------------------------------

export const OperatorMachineSchema = z
  .object({
    machineId: z.uuid(),
    name: z.string(),
    serialNumber: z.string(),
    locationName: z.string().nullable(),
    status: MachineStatusSchema.nullable(),
    onlineStatus: OnlineStatusSchema,
    /** who works at it now (null: nobody) */
    operator: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
    /** the caller works at it */
    isCurrent: z.boolean(),
    /**
     * Minutes RUNNING without a cut after which the terminal asks for a support time or an
     * interruption: the config option NO_CUTS_PROMPT_DELAY of the machine, else of its location,
     * else the default.
     */
    noCutsPromptDelay: z.number().int(),
  })
  .meta({ id: 'OperatorMachine' });
export type OperatorMachine = z.infer<typeof OperatorMachineSchema>;

export const SelectCurrentMachineRequestSchema = z.strictObject({ machineId: z.uuid() });

export const getOperatorMachineSelectionView = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/cutting-machines/operator-selection-view',
  summary: "The machines an operator may select: the active machines of the operator's locations",
  access: 'machine:operate',
  responses: { 200: z.array(OperatorMachineSchema) },
  errors: ['service.printing-shops.USER_HAS_NO_LOCATION'],
});

export const selectCurrentMachine = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/users/self/current-machine',
  summary:
    "Work at a machine: its cuts are booked to the caller from now on (any other machine of the caller's is released)",
  access: 'machine:operate',
  body: SelectCurrentMachineRequestSchema,
  responses: { 200: OperatorMachineSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND', 'service.printing-shops.USER_HAS_NO_LOCATION'],
});

export const releaseCurrentMachine = defineRoute({
  module: 'printing-shop',
  method: 'DELETE',
  path: '/users/self/current-machine/:id',
  summary: 'Stop working at a machine (releasing a machine one does not hold changes nothing)',
  access: 'machine:operate',
  params: IdParamsSchema,
  responses: { 204: null },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});
