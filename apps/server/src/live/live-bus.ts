import { randomUUID } from 'node:crypto';
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
 * How many topics' last events are kept for `replayLastEvent` (a few hundred bytes each). Topics are
 * machines and users, and machines and users come and go, so the memory forgets the topic updated
 * longest ago; a replay that finds nothing here reads the machine's state from the database.
 */
const LAST_EVENTS = 20_000;

/**
 * Domain events cross server instances through the broker: every instance publishes its events on
 * `kerf-live/{tenant}/{type}/{resource}` (retained, so the last one survives for
 * `replayLastEvent`) and every instance forwards what arrives to its own socket subscribers.
 * An instance hands its own events to its own subscribers at once, without the trip through the
 * broker and back (two hops over the loopback and the broker's work, on the same event loop as
 * ingest: the tail of publish → frame); the copy the broker sends back names this instance as its
 * origin and is not delivered again.
 */
export function startLiveBus(deps: {
  bus: Pick<Bus, 'client'>;
  log: FastifyBaseLogger;
  /** most topics whose last event is remembered */
  lastEvents?: number;
}) {
  const { bus, log } = deps;
  const lastEvents = deps.lastEvents ?? LAST_EVENTS;
  /** by topic, the one updated longest ago first */
  const last = new Map<string, LiveFrame>();
  const listeners = new Map<string, Set<Listener>>();
  /** this instance, as the origin of the events it publishes */
  const origin = randomUUID();

  const deliver = (frame: LiveFrame) => {
    if (!last.delete(frame.topic) && last.size >= lastEvents) last.delete(last.keys().next().value!);
    last.set(frame.topic, frame);
    const subscribers = listeners.get(frame.topic);
    if (!subscribers) return;
    frame.wire = Buffer.from(
      JSON.stringify({
        kind: 'EVENT',
        type: frame.type,
        resource: frame.resource,
        data: frame.data,
        publishedAt: frame.publishedAt,
      }),
    );
    for (const listener of subscribers) listener(frame);
  };

  const onMessage = (topic: string, payload: Buffer) => {
    if (!topic.startsWith(PREFIX)) return;
    const [, tenantId, type, resource] = topic.split('/');
    if (!tenantId || !type || !resource || payload.length === 0) return;
    try {
      const body = JSON.parse(payload.toString('utf8')) as {
        data: unknown;
        publishedAt: number;
        origin?: string;
      };
      if (body.origin === origin) return; // delivered here when it was published
      deliver({
        topic,
        type: type as LiveEventType,
        resource,
        data: body.data,
        publishedAt: body.publishedAt,
      });
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
        const topic = liveTopic(event.tenantId, event.type, event.resource);
        bus.client.publish(topic, JSON.stringify({ data: event.data, publishedAt, origin }), {
          qos: 0,
          retain: true,
        });
        try {
          deliver({ topic, type: event.type, resource: event.resource, data: event.data, publishedAt });
        } catch (error) {
          log.warn({ err: error, topic }, 'live event not delivered');
        }
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
