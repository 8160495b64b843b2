import { z } from 'zod';
import { identifier } from './text';

/** Machine statuses (product.md §4). The operator sets one with `PUT /cutting-machines/{id}/status`. */
export const MACHINE_STATUSES = [
  'RUNNING',
  'PAUSED',
  'KNIFE_CALIBRATION',
  'BREAK',
  'KNIFE_SWAP',
  'INTERRUPTION_PRINTING_MATERIAL_FAULTY',
  'INTERRUPTION_PRINTING_MATERIAL_MISPRINT',
  'INTERRUPTION_PRINTING_MATERIAL_MISSING',
  'INTERRUPTION_PRINTING_WASTE_DISPOSAL',
  'SUPPORT_CUTTING_MACHINE_CLEANING',
  'SUPPORT_CUTTING_MACHINE_MAINTENANCE',
  'SUPPORT_PRINTING_MATERIAL_DISPOSAL',
  'SUPPORT_PRINTING_MATERIAL_LOGISTICS',
] as const;
export const MachineStatusSchema = z.enum(MACHINE_STATUSES).meta({ id: 'MachineStatus' });
export type MachineStatus = z.infer<typeof MachineStatusSchema>;

/** How the operator screens group the statuses (product.md §4 "Operator grouping"). */
export type MachineStatusGroup =
  | 'RUNNING'
  | 'INTERRUPTION'
  | 'SUPPORT'
  | 'BREAK'
  | 'PAUSED'
  | 'KNIFE_SWAP'
  | 'SETUP';
export function machineStatusGroup(status: MachineStatus): MachineStatusGroup {
  if (status.startsWith('INTERRUPTION_')) return 'INTERRUPTION';
  if (status.startsWith('SUPPORT_')) return 'SUPPORT';
  if (status === 'KNIFE_CALIBRATION') return 'SETUP';
  return status as MachineStatusGroup;
}

/** The operator screens' status groups (product.md §4 "Operator grouping"). */
export const OPERATOR_STATUS_GROUPS = ['PRODUCING', 'INTERRUPTION', 'SUPPORT', 'SETUP', 'IDLE'] as const;
export type OperatorStatusGroup = (typeof OPERATOR_STATUS_GROUPS)[number];
export const OperatorStatusGroupSchema = z.enum(OPERATOR_STATUS_GROUPS).meta({ id: 'OperatorStatusGroup' });

export function statusGroupOf(status: MachineStatus): OperatorStatusGroup {
  if (status === 'RUNNING') return 'PRODUCING';
  if (status.startsWith('INTERRUPTION_')) return 'INTERRUPTION';
  if (status.startsWith('SUPPORT_')) return 'SUPPORT';
  if (status === 'KNIFE_CALIBRATION' || status === 'KNIFE_SWAP') return 'SETUP';
  return 'IDLE';
}

/** Online status of a machine's site manager (product.md §3 enumerations). */
export const ONLINE_STATUSES = ['ONLINE', 'OFFLINE', 'CONNECTING', 'UNKNOWN'] as const;
export const OnlineStatusSchema = z.enum(ONLINE_STATUSES).meta({ id: 'OnlineStatus' });
export type OnlineStatus = z.infer<typeof OnlineStatusSchema>;

/** Machine serial numbers: one MQTT topic level, so no `/`, `+`, `#` or spaces. */
export const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const SerialNumberSchema = identifier(z.string().regex(SERIAL_PATTERN));
/** RFID tag ids of knives: hexadecimal EPC/UID, 8–32 digits. */
export const RFID_PATTERN = /^[0-9A-F]{8,32}$/;
export const RfidSchema = identifier(z.string().regex(RFID_PATTERN));

/** Heartbeat period of the edge agent; a machine silent for 3 periods counts as offline. */
export const HEARTBEAT_SECONDS = 10;
/** Most events in one telemetry message (the agent batches its outbox replay). */
export const MAX_EVENTS_PER_MESSAGE = 1000;
/** Largest telemetry payload the ingest reads. */
export const MAX_TELEMETRY_BYTES = 256 * 1024;

const timestamp = z.iso.datetime({ offset: true });

const eventBase = {
  /** per (serial, boot) sequence number, 1, 2, 3 …; with the boot id the idempotency key */
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** when it happened at the machine */
  at: timestamp,
};

export const CutEventSchema = z.strictObject({
  ...eventBase,
  type: z.literal('cut'),
  /** the knife in the machine when it cut, as read by the RFID reader; null when unknown */
  knifeRfid: RfidSchema.nullable().optional(),
});
export const StatusEventSchema = z.strictObject({
  ...eventBase,
  type: z.literal('status'),
  status: MachineStatusSchema,
});
export const KnifeEventSchema = z.strictObject({
  ...eventBase,
  type: z.enum(['knife-inserted', 'knife-removed']),
  rfid: RfidSchema,
});
export const HeartbeatEventSchema = z.strictObject({
  ...eventBase,
  type: z.literal('heartbeat'),
});
export const TelemetryEventSchema = z.discriminatedUnion('type', [
  CutEventSchema,
  StatusEventSchema,
  KnifeEventSchema,
  HeartbeatEventSchema,
]);
export type TelemetryEvent = z.infer<typeof TelemetryEventSchema>;
export type CutEvent = z.infer<typeof CutEventSchema>;
export type StatusEvent = z.infer<typeof StatusEventSchema>;
export type KnifeEvent = z.infer<typeof KnifeEventSchema>;

/**
 * One MQTT message on `kerf/{tenantId}/{serial}/telemetry` (QoS 1): events of one boot of the
 * agent, in seq order. The serial must match the topic's; the tenant comes from the credential.
 */
export const TelemetryMessageSchema = z.strictObject({
  serial: SerialNumberSchema,
  /** random id of this agent process start (Sparkplug's bdSeq idea) */
  boot: z.uuid(),
  events: z.array(TelemetryEventSchema).min(1).max(MAX_EVENTS_PER_MESSAGE),
});
export type TelemetryMessage = z.infer<typeof TelemetryMessageSchema>;

/**
 * The end-to-end acknowledgement on `kerf/{tenantId}/{serial}/ack`, published after commit:
 * seq ranges `[from, to]` (inclusive) of one boot that are stored (or were already stored), and
 * ranges that were refused as invalid (never stored; the agent drops them too).
 */
export const TelemetryAckSchema = z.strictObject({
  boot: z.uuid(),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
  rejected: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
});
export type TelemetryAck = z.infer<typeof TelemetryAckSchema>;

/** Retained presence on `kerf/{tenantId}/{serial}/presence`; the agent's last will says OFFLINE. */
export const PresenceSchema = z.strictObject({
  state: z.enum(['ONLINE', 'OFFLINE']),
  boot: z.uuid().optional(),
  at: timestamp,
});
export type Presence = z.infer<typeof PresenceSchema>;

/** MQTT topics of one machine. Machines may use only their own (the broker's topic ACL). */
export const machineTopics = (tenantId: string, serial: string) => {
  const base = `kerf/${tenantId}/${serial}`;
  return {
    telemetry: `${base}/telemetry`,
    ack: `${base}/ack`,
    presence: `${base}/presence`,
    command: `${base}/command`,
  };
};
export type MachineTopicKind = 'telemetry' | 'ack' | 'presence' | 'command';

/** Parses `kerf/{tenantId}/{serial}/{kind}`; null for anything else. */
export function parseMachineTopic(
  topic: string,
): { tenantId: string; serial: string; kind: MachineTopicKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== 'kerf') return null;
  const [, tenantId, serial, kind] = parts as [string, string, string, string];
  if (!z.uuid().safeParse(tenantId).success || !SERIAL_PATTERN.test(serial)) return null;
  if (kind !== 'telemetry' && kind !== 'ack' && kind !== 'presence' && kind !== 'command') return null;
  return { tenantId, serial, kind };
}

/** MQTT username of a machine credential: `{tenantId}.{serial}` (one topic level, so broker ACL patterns work). */
export const machineUsername = (tenantId: string, serial: string) => `${tenantId}.${serial}`;
