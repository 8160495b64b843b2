import {
  KNIFE_SWAP_URGENCIES,
  type KnifeSwapUrgency,
  MACHINE_STATUSES as REPORTED_STATUSES,
} from '@kerf/contracts';
import {
  type Icon,
  IconAlertOctagon,
  IconAlertTriangle,
  IconBolt,
  IconCircleCheck,
  IconClockExclamation,
  IconClockPause,
  IconHelpCircle,
  IconPlayerPlay,
  IconPlugConnectedX,
  IconTool,
} from '@tabler/icons-react';

/**
 * The one status map of docs/design.md: every machine status belongs to a group, every group has one
 * colour and one icon, and every status has a label key. Colour is never the only signal.
 */
export const STATUS_GROUPS = ['producing', 'interruption', 'support', 'setup', 'idle', 'offline'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

export interface StatusLook {
  color: string;
  icon: Icon;
  /** offline/unknown are drawn with a dashed outline */
  dashed: boolean;
}

export const STATUS_GROUP_LOOK: Record<StatusGroup, StatusLook> = {
  producing: { color: 'green.8', icon: IconPlayerPlay, dashed: false },
  interruption: { color: 'red.8', icon: IconAlertTriangle, dashed: false },
  support: { color: 'yellow.9', icon: IconTool, dashed: false },
  setup: { color: 'blue.8', icon: IconBolt, dashed: false },
  idle: { color: 'gray.7', icon: IconClockPause, dashed: false },
  offline: { color: 'dark.6', icon: IconPlugConnectedX, dashed: true },
};

/** What a status badge can show: the reported status (product.md §4) or, in its place, the connection state. */
export const MACHINE_STATUSES = [...REPORTED_STATUSES, 'OFFLINE', 'UNKNOWN', 'CONNECTING'] as const;
export type MachineStatus = (typeof MACHINE_STATUSES)[number];

export function statusGroupOf(status: MachineStatus): StatusGroup {
  if (status === 'RUNNING') return 'producing';
  if (status.startsWith('INTERRUPTION_')) return 'interruption';
  if (status.startsWith('SUPPORT_')) return 'support';
  if (status === 'KNIFE_CALIBRATION' || status === 'KNIFE_SWAP') return 'setup';
  if (status === 'PAUSED' || status === 'BREAK') return 'idle';
  return 'offline';
}

export const SWAP_URGENCIES = KNIFE_SWAP_URGENCIES;
export type SwapUrgency = KnifeSwapUrgency;

export const SWAP_URGENCY_LOOK: Record<SwapUrgency, StatusLook> = {
  OK: { color: 'green.8', icon: IconCircleCheck, dashed: false },
  SWAP_PREFERRED: { color: 'teal.8', icon: IconClockExclamation, dashed: false },
  SWAP_SOON: { color: 'yellow.9', icon: IconAlertTriangle, dashed: false },
  SWAP_REQUIRED: { color: 'red.8', icon: IconAlertOctagon, dashed: false },
  UNKNOWN: { color: 'gray.7', icon: IconHelpCircle, dashed: false },
};
