import { z } from 'zod';
import type { ErrorCode } from './errors';
import { type MachineStatusView, MachineStatusViewSchema } from './machine-status';
import { type NotificationLiveData, NotificationLiveDataSchema } from './notifications';
import { type SetupCheckRun, SetupCheckRunSchema } from './setup';

/**
 * Event types of the live socket: the three of product.md §7 "Live events", plus MACHINE_ONLINE_STATUS
 * (an addition: the spec names no event for a machine going online or offline) and
 * MACHINE_SETUP_CHECK (an addition: a setup check run changed, so the assistant shows it live) and
 * NOTIFICATION (an addition: a new notification for a manager or admin; its resource is the user's
 * id, and a user may subscribe only to their own).
 */
export const SPEC_LIVE_EVENT_TYPES = ['MACHINE_CUT', 'MACHINE_STATUS', 'OPERATOR_MACHINE_USE'] as const;
export const LIVE_EVENT_TYPES = [
  ...SPEC_LIVE_EVENT_TYPES,
  'MACHINE_ONLINE_STATUS',
  'MACHINE_SETUP_CHECK',
  'NOTIFICATION',
] as const;
export const LiveEventTypeSchema = z.enum(LIVE_EVENT_TYPES);
export type LiveEventType = z.infer<typeof LiveEventTypeSchema>;

/** Path of the live socket; the spec's retry delay after a close (product.md §9). */
export const LIVE_PATH = '/api/live';
export const LIVE_RETRY_DELAY_MS = 700;
/** Largest client frame the server reads. */
export const LIVE_MAX_MESSAGE_BYTES = 16 * 1024;
/** Subscriptions one socket may hold. */
export const LIVE_MAX_SUBSCRIPTIONS = 500;
/** The server pings a socket this often and drops it when the previous ping went unanswered. */
export const LIVE_PING_SECONDS = 30;
/** Close code of a socket whose session ended (logout, revocation, deactivation): sign in again. */
export const LIVE_SESSION_ENDED_CLOSE = 4401;

/**
 * The ERROR frames of the live socket (docs/asyncapi.json): the codes the gateway sends, with their
 * status and meaning. A test checks every code the gateway sends is listed here.
 */
export const LIVE_ERROR_FRAMES = [
  { status: 400, code: 'validation.MALFORMED_BODY', meaning: 'the frame is not JSON text' },
  {
    status: 400,
    code: 'validation.INVALID_INPUT',
    meaning: 'the frame is not a SUBSCRIBE or UNSUBSCRIBE message',
  },
  {
    status: 401,
    code: 'authentication.TOKEN_EXPIRED',
    meaning: "the subscription's token expired: refresh it and subscribe again",
  },
  { status: 401, code: 'authentication.TOKEN_INVALID', meaning: 'the token is not a valid bearer token' },
  {
    status: 401,
    code: 'authentication.UNAUTHENTICATED',
    meaning: 'the board link is unknown or was revoked: the board shows that it was revoked',
  },
  {
    status: 401,
    code: 'authentication.SESSION_EXPIRED',
    meaning: "the token's session ended: sign in again",
  },
  { status: 403, code: 'authentication.USER_DISABLED', meaning: 'the user or the tenant is disabled' },
  {
    status: 403,
    code: 'authentication.FORBIDDEN',
    meaning:
      "the role may not subscribe, NOTIFICATION names another user's id, or a board link asks for another type than a machine view",
  },
  {
    status: 404,
    code: 'service.printing-shops.MACHINE_NOT_FOUND',
    meaning: "the resource is not a machine of the token's tenant (of a board link: of its location)",
  },
  {
    status: 429,
    code: 'common.RATE_LIMITED',
    meaning: `more than ${LIVE_MAX_SUBSCRIPTIONS} subscriptions on one socket`,
  },
  { status: 500, code: 'common.INTERNAL_ERROR', meaning: 'the server failed to handle the frame' },
] as const satisfies readonly { status: number; code: ErrorCode; meaning: string }[];

/**
 * A client frame. Subscribe messages carry token, type, resource and replayLastEvent as the spec
 * says (browsers cannot set headers on a WebSocket, so the access token travels here). A shop-floor
 * board sends its board link's secret as the token (issue 36): it may follow the machine views of its
 * location's machines only, and a revoked link ends its subscriptions and closes the socket (4401). The
 * resource of every type is a cutting machine id, except NOTIFICATION's: the signed-in user's id.
 */
export const LiveSubscribeSchema = z.strictObject({
  action: z.literal('SUBSCRIBE').default('SUBSCRIBE'),
  token: z.string().min(1).max(4096),
  type: LiveEventTypeSchema,
  resource: z.uuid(),
  replayLastEvent: z.boolean().default(false),
});
export const LiveUnsubscribeSchema = z.strictObject({
  action: z.literal('UNSUBSCRIBE'),
  type: LiveEventTypeSchema,
  resource: z.uuid(),
});
export const LiveClientMessageSchema = z.union([LiveUnsubscribeSchema, LiveSubscribeSchema]);
export type LiveSubscribe = z.input<typeof LiveSubscribeSchema>;
export type LiveClientMessage = z.input<typeof LiveClientMessageSchema>;

/**
 * The four machine event types name what changed (product.md §7: MACHINE_CUT, MACHINE_STATUS,
 * OPERATOR_MACHINE_USE; MACHINE_ONLINE_STATUS is an addition), and each carries the machine's whole
 * view as the server built it after the commit (`MachineStatusView`): a screen replaces its copy
 * with it when its `revision` is not older, and folds nothing. An order opened, closed or split goes
 * out as MACHINE_STATUS (what the machine is doing), a knife change as MACHINE_CUT (its counters).
 */
export const MachineCutDataSchema = MachineStatusViewSchema;
export const MachineStatusDataSchema = MachineStatusViewSchema;
export const OperatorMachineUseDataSchema = MachineStatusViewSchema;
/** Addition to product.md §7: the machine's connection changed (the agent connected, went silent or left). */
export const MachineOnlineStatusDataSchema = MachineStatusViewSchema;
export type MachineCutData = MachineStatusView;
export type MachineStatusData = MachineStatusView;
export type OperatorMachineUseData = MachineStatusView;
export type MachineOnlineStatusData = MachineStatusView;
/** The live event types whose data is a machine view. */
export const MACHINE_VIEW_EVENT_TYPES = [
  'MACHINE_CUT',
  'MACHINE_STATUS',
  'OPERATOR_MACHINE_USE',
  'MACHINE_ONLINE_STATUS',
] as const satisfies readonly LiveEventType[];
export type MachineViewEventType = (typeof MACHINE_VIEW_EVENT_TYPES)[number];

/** The payload schema of each live event type: the one place that says which data a type carries. */
export const LIVE_EVENT_DATA_SCHEMAS = {
  MACHINE_CUT: MachineCutDataSchema,
  MACHINE_STATUS: MachineStatusDataSchema,
  OPERATOR_MACHINE_USE: OperatorMachineUseDataSchema,
  MACHINE_ONLINE_STATUS: MachineOnlineStatusDataSchema,
  MACHINE_SETUP_CHECK: SetupCheckRunSchema,
  NOTIFICATION: NotificationLiveDataSchema,
} as const satisfies Record<LiveEventType, z.ZodType>;

/** A live event's type with its data, keyed by `type`: MACHINE_CUT → MachineCutData, and so on. */
export const LiveEventPayloadSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MACHINE_CUT'), data: MachineCutDataSchema }),
  z.object({ type: z.literal('MACHINE_STATUS'), data: MachineStatusDataSchema }),
  z.object({ type: z.literal('OPERATOR_MACHINE_USE'), data: OperatorMachineUseDataSchema }),
  z.object({ type: z.literal('MACHINE_ONLINE_STATUS'), data: MachineOnlineStatusDataSchema }),
  z.object({ type: z.literal('MACHINE_SETUP_CHECK'), data: SetupCheckRunSchema }),
  z.object({ type: z.literal('NOTIFICATION'), data: NotificationLiveDataSchema }),
]);
export type LiveEventPayload = z.infer<typeof LiveEventPayloadSchema>;
/** The data each live event type carries. */
export interface LiveEventDataMap {
  MACHINE_CUT: MachineCutData;
  MACHINE_STATUS: MachineStatusData;
  OPERATOR_MACHINE_USE: OperatorMachineUseData;
  MACHINE_ONLINE_STATUS: MachineOnlineStatusData;
  /** a setup check run of the machine, whole, each time it changes */
  MACHINE_SETUP_CHECK: SetupCheckRun;
  /** a new notification of the user the resource names */
  NOTIFICATION: NotificationLiveData;
}
/** The data of one live event type. */
export type LiveEventData<T extends LiveEventType> = LiveEventDataMap[T];

/** Reads the data of a live event of a known type; null when it does not have that type's shape. */
export function parseLiveEventData<T extends LiveEventType>(type: T, data: unknown): LiveEventData<T> | null {
  const schema: z.ZodType = LIVE_EVENT_DATA_SCHEMAS[type];
  const result = schema.safeParse(data);
  return result.success ? (result.data as LiveEventData<T>) : null;
}

/** A server frame. `ERROR` with status 401 means: refresh the token and subscribe again. */
export const LiveServerMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('EVENT'),
    type: LiveEventTypeSchema,
    resource: z.string(),
    data: z.unknown(),
    /** when the server published it (ms since epoch): lets benchmarks measure latency */
    publishedAt: z.number(),
    replay: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('SUBSCRIBED'), type: LiveEventTypeSchema, resource: z.string() }),
  z.object({ kind: z.literal('UNSUBSCRIBED'), type: LiveEventTypeSchema, resource: z.string() }),
  z.object({
    kind: z.literal('ERROR'),
    status: z.number().int(),
    code: z.string(),
    type: LiveEventTypeSchema.optional(),
    resource: z.string().optional(),
  }),
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
