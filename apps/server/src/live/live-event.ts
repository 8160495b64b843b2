import type { LiveEventData, LiveEventType } from '@kerf/contracts';

/**
 * A domain event for the live socket, before it goes on the bus: the tenant it belongs to, its type
 * and the machine it is about, with the data of that type (contracts `LiveEventPayload`).
 */
export type LiveEvent = {
  [T in LiveEventType]: { tenantId: string; type: T; resource: string; data: LiveEventData<T> };
}[LiveEventType];

export interface LivePublisher {
  publish(events: LiveEvent[]): void;
}

/**
 * The one builder of live events: telemetry ingest, the operator's status change, machine use and
 * the replay of a machine's last state all build their events here. The resource of every type is
 * the machine the data names, so a subscriber of one machine gets only that machine's events;
 * NOTIFICATION's is the user it is for.
 */
export function liveEvent<T extends LiveEventType>(
  tenantId: string,
  type: T,
  data: LiveEventData<T>,
): Extract<LiveEvent, { type: T }> {
  return {
    tenantId,
    type,
    resource:
      type === 'NOTIFICATION'
        ? (data as LiveEventData<'NOTIFICATION'>).userId
        : (data as { machineId: string }).machineId,
    data,
  } as Extract<LiveEvent, { type: T }>;
}
