import type { LiveEventType } from '@kerf/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../plugins/bus';
import type { LiveEvent, LivePublisher } from './live-event';

const PREFIX = 'kerf-live/';

export const liveTopic = (tenantId: string, type: LiveEventType, resource: string) =>
  `${PREFIX}${tenantId}/${type}/${resource}`;

export interface LiveFrame {
  topic: string;
  type: LiveEventType;
  resource: string;
  data: unknown;
  publishedAt: number;
  /**
   * The socket's `EVENT` message for this frame, serialised once for all subscribers (a text
   * frame's bytes); set when the frame has listeners.
   */
  wire?: Buffer;
}

type Listener = (frame: LiveFrame) => void;

/**
 * Domain events cross server instances through the broker: every instance publishes its events on
 * `kerf-live/{tenant}/{type}/{resource}` (retained, so the last one survives for
 * `replayLastEvent`) and every instance forwards what arrives to its own socket subscribers.
 */
export function startLiveBus(deps: { bus: Pick<Bus, 'client'>; log: FastifyBaseLogger }) {
  const { bus, log } = deps;
  const last = new Map<string, LiveFrame>();
  const listeners = new Map<string, Set<Listener>>();

  const onMessage = (topic: string, payload: Buffer) => {
    if (!topic.startsWith(PREFIX)) return;
    const [, tenantId, type, resource] = topic.split('/');
    if (!tenantId || !type || !resource || payload.length === 0) return;
    try {
      const body = JSON.parse(payload.toString('utf8')) as { data: unknown; publishedAt: number };
      const frame: LiveFrame = {
        topic,
        type: type as LiveEventType,
        resource,
        data: body.data,
        publishedAt: body.publishedAt,
      };
      last.set(topic, frame);
      const subscribers = listeners.get(topic);
      if (!subscribers) return;
      frame.wire = Buffer.from(
        JSON.stringify({
          kind: 'EVENT',
          type: frame.type,
          resource,
          data: frame.data,
          publishedAt: frame.publishedAt,
        }),
      );
      for (const listener of subscribers) listener(frame);
    } catch (error) {
      log.warn({ err: error, topic }, 'unreadable live event');
    }
  };
  bus.client.on('message', onMessage);
  bus.client.subscribe(`${PREFIX}#`, { qos: 0 });

  const publisher: LivePublisher = {
    publish(events: LiveEvent[]) {
      const publishedAt = Date.now();
      for (const event of events) {
        bus.client.publish(
          liveTopic(event.tenantId, event.type, event.resource),
          JSON.stringify({ data: event.data, publishedAt }),
          { qos: 0, retain: true },
        );
      }
    },
  };

  return {
    publisher,
    lastEvent: (topic: string) => last.get(topic) ?? null,
    listen(topic: string, listener: Listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(topic);
      };
    },
    close() {
      bus.client.off('message', onMessage);
    },
  };
}
export type LiveBus = ReturnType<typeof startLiveBus>;
