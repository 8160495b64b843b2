import { HEARTBEAT_SECONDS, type OnlineStatus } from '@kerf/contracts';

/** A machine silent for this long counts as offline (three missed heartbeats). */
export const STALE_MS = 3 * HEARTBEAT_SECONDS * 1000;

export interface PresenceFields {
  presence: string | null;
  presenceAt: Date | null;
  lastHeartbeatAt: Date | null;
}

/**
 * ONLINE: the agent's presence says online and it was heard from lately. CONNECTING: it announced
 * itself but nothing has come since. OFFLINE: its last will fired, or it went silent. UNKNOWN:
 * never heard from.
 */
export function onlineStatusOf(row: PresenceFields, now = Date.now()): OnlineStatus {
  if (!row.presence && !row.lastHeartbeatAt) return 'UNKNOWN';
  if (row.presence === 'OFFLINE') return 'OFFLINE';
  const heard = row.lastHeartbeatAt?.getTime() ?? 0;
  if (heard >= now - STALE_MS && (!row.presenceAt || heard >= row.presenceAt.getTime() - 1000))
    return 'ONLINE';
  if (row.presence === 'ONLINE' && row.presenceAt && row.presenceAt.getTime() >= now - STALE_MS)
    return 'CONNECTING';
  return 'OFFLINE';
}

/** A machine's online status as the live event MACHINE_ONLINE_STATUS carries it. */
export interface OnlineStatusChange {
  machineId: string;
  onlineStatus: OnlineStatus;
  since: string;
  lastSeenAt: string | null;
}
