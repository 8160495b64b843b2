import { z } from 'zod';
import { IdParamsSchema, listOf } from './common';
import { defineRoute } from './route';
import {
  MachineStatusSchema,
  OnlineStatusSchema,
  OperatorStatusGroupSchema,
  SerialNumberSchema,
} from './telemetry';

/** Knife swap urgency (product.md §3): how much of the swap interval the knife in the machine has used. */
export const KNIFE_SWAP_URGENCIES = [
  'UNKNOWN',
  'OK',
  'SWAP_PREFERRED',
  'SWAP_SOON',
  'SWAP_REQUIRED',
] as const;
export const KnifeSwapUrgencySchema = z.enum(KNIFE_SWAP_URGENCIES).meta({ id: 'KnifeSwapUrgency' });
export type KnifeSwapUrgency = z.infer<typeof KnifeSwapUrgencySchema>;

/** Thresholds as a share of the swap interval: 80 % preferred, 90 % soon, 100 % required. */
export const SWAP_URGENCY_THRESHOLDS = { SWAP_PREFERRED: 0.8, SWAP_SOON: 0.9, SWAP_REQUIRED: 1 } as const;

export function knifeSwapUrgency(
  cutsSinceGrinding: number | null,
  interval: number | null,
): KnifeSwapUrgency {
  if (cutsSinceGrinding === null || !interval) return 'UNKNOWN';
  const used = cutsSinceGrinding / interval;
  if (used >= SWAP_URGENCY_THRESHOLDS.SWAP_REQUIRED) return 'SWAP_REQUIRED';
  if (used >= SWAP_URGENCY_THRESHOLDS.SWAP_SOON) return 'SWAP_SOON';
  if (used >= SWAP_URGENCY_THRESHOLDS.SWAP_PREFERRED) return 'SWAP_PREFERRED';
  return 'OK';
}

export const SetMachineStatusRequestSchema = z.strictObject({
  value: MachineStatusSchema,
  /**
   * When the operator chose the status, if earlier than the request (an input kept while the
   * terminal was offline); at most a day back, never later than the server's clock.
   */
  at: z.iso.datetime().optional(),
});

export const SetMachineStatusHeadersSchema = z.object({
  /** a UUID the client generates per input: a replay of the same key applies nothing twice */
  'idempotency-key': z.uuid().optional(),
});

/** The order the machine's cuts are booked to now (product.md §3 "Cutting job/order"). */
export const CurrentJobSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    orderNumber: z.string().nullable(),
    programNumber: z.string().nullable(),
    parentJobId: z.uuid().nullable(),
    startDate: z.iso.datetime(),
    cuts: z.number().int(),
  })
  .meta({ id: 'CurrentJob' });

/**
 * The machine view (issue "One truth per machine"): everything a screen shows of a machine now,
 * built by the server in one place (`modules/machines/machine-view.ts`) for `GET …/status-view`,
 * the answer of the status PUT, the live replay and every live machine event. Screens replace
 * their copy with a newer view and never compute any of it themselves.
 */
export const MachineStatusViewSchema = z
  .object({
    machineId: z.uuid(),
    name: z.string(),
    serialNumber: z.string(),
    /**
     * Grows with every change stored for the machine (cuts, status, operator, knife, order,
     * presence). Of two views of one machine the one with the higher revision is newer; equal
     * revisions hold the same stored state (the later read has the fresher online status).
     */
    revision: z.number().int(),
    /** when the server read this view */
    asOf: z.iso.datetime(),
    status: MachineStatusSchema.nullable(),
    /** the operator screens' group of the status (product.md §4 "Operator grouping") */
    statusGroup: OperatorStatusGroupSchema.nullable(),
    statusSince: z.iso.datetime().nullable(),
    operator: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
    onlineStatus: OnlineStatusSchema,
    lastSeenAt: z.iso.datetime().nullable(),
    totalCuts: z.number().int(),
    lastCutAt: z.iso.datetime().nullable(),
    /** cuts since `dayStartedAt`: midnight of the shop's day in its time zone (notification settings) */
    cutsToday: z.number().int(),
    dayStartedAt: z.iso.datetime(),
    knife: z
      .object({
        rfid: z.string(),
        cutsSinceLastGrinding: z.number().int(),
        totalCuts: z.number().int(),
        knifeSwapInterval: z.number().int().nullable(),
        swapUrgency: KnifeSwapUrgencySchema,
      })
      .nullable(),
    currentJob: CurrentJobSchema.nullable(),
  })
  .meta({ id: 'MachineStatusView' });
export type MachineStatusView = z.infer<typeof MachineStatusViewSchema>;

export const OnlineStatusQuerySchema = z
  .strictObject({
    machineIds: listOf(z.uuid()).optional(),
    serialNumbers: listOf(SerialNumberSchema).optional(),
  })
  .refine((q) => (q.machineIds?.length ?? 0) + (q.serialNumbers?.length ?? 0) > 0, {
    message: 'REQUIRED',
    path: ['machineIds'],
  });

export const MachineOnlineStatusSchema = z
  .object({
    machineId: z.uuid(),
    serialNumber: z.string(),
    onlineStatus: OnlineStatusSchema,
    lastSeenAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'MachineOnlineStatus' });

export const setMachineStatus = defineRoute({
  module: 'printing-shop',
  method: 'PUT',
  path: '/cutting-machines/:id/status',
  summary:
    'Set the status of a cutting machine (operator): running, break, interruption, support time … Refused transitions answer 409; a replayed idempotency key answers as the first time.',
  access: 'machine:operate',
  params: IdParamsSchema,
  headers: SetMachineStatusHeadersSchema,
  body: SetMachineStatusRequestSchema,
  responses: { 200: MachineStatusViewSchema },
  errors: [
    'service.printing-shops.MACHINE_NOT_FOUND',
    'service.printing-shops.MACHINE_STATUS_UNCHANGED',
    'service.printing-shops.MACHINE_STATUS_TRANSITION_NOT_ALLOWED',
  ],
});

export const getMachineStatusView = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/cutting-machines/:id/status-view',
  summary: 'Status, operator, online state, counters and knife of one cutting machine',
  access: 'machines:read',
  apiScope: 'machines:read',
  params: IdParamsSchema,
  responses: { 200: MachineStatusViewSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});

export const getMachinesOnlineStatus = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/cutting-machines/online-status',
  summary: 'Online status of machines by id or serial number (unknown ones are left out)',
  access: 'machines:read',
  apiScope: 'machines:read',
  query: OnlineStatusQuerySchema,
  responses: { 200: z.array(MachineOnlineStatusSchema) },
  errors: [],
});

export const MachineCredentialSchema = z
  .object({
    tenantId: z.uuid(),
    machineId: z.uuid(),
    serial: z.string(),
    /** MQTT username and client id */
    username: z.string(),
    /** shown once; only a hash is kept */
    password: z.string(),
  })
  .meta({ id: 'MachineCredential' });
export type MachineCredentialView = z.infer<typeof MachineCredentialSchema>;

export const issueMachineCredential = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/cutting-machines/:id/credentials',
  summary: "Issue the MQTT credential of a machine's edge agent (replaces and revokes the previous one)",
  specAddition: 'each edge agent signs in to the broker with its own revocable credential (ADR 0010).',
  access: 'machines:manage',
  params: IdParamsSchema,
  responses: { 201: MachineCredentialSchema },
  errors: ['service.printing-shops.MACHINE_NOT_FOUND'],
});

export const DemoAgentsRequestSchema = z.strictObject({ count: z.number().int().min(1).max(500) });
export const DemoAgentsResponseSchema = z.object({
  /** port of the embedded broker; null when an external broker is configured */
  mqttPort: z.number().int().nullable(),
  agents: z.array(MachineCredentialSchema),
});

/**
 * Demo mode only, and only for the seeded demo tenants: machines and fresh agent credentials for
 * the simulator (`npm run simulate`).
 */
export const issueDemoAgents = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/demo/agents',
  summary: 'Demo mode only: ensure N machines and issue credentials for simulated edge agents',
  specAddition: 'the demo and the simulator start edge agents for simulated machines.',
  access: 'machines:manage',
  body: DemoAgentsRequestSchema,
  responses: { 200: DemoAgentsResponseSchema },
  /** FORBIDDEN: a tenant that is not one of the seeded demo tenants */
  errors: ['authentication.FORBIDDEN'],
});
