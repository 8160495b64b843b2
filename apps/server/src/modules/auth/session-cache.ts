import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../plugins/bus';

/** What an authenticated request needs to know of its session (`findSessionState`). */
export interface SessionState {
  userId: string;
  revokedAt: Date | null;
  expiresAt: Date;
  role: string;
  userActive: boolean;
  deletedAt: Date | null;
  tenantActive: boolean;
  tenantKind: string;
}

/** Which cached sessions a change ends: one session, every session of a user, or a whole tenant. */
export interface SessionInvalidation {
  tenantId: string;
  sessionId?: string;
  userId?: string;
}

/** Bus topics between server instances (the server's own client only: machines cannot reach them). */
const SESSION_TOPICS = {
  invalidate: 'kerf-auth/sessions/invalidate',
  ack: (instance: string) => `kerf-auth/sessions/ack/${instance}`,
  instances: 'kerf-auth/instances',
};

interface Entry {
  tenantId: string;
  state: SessionState;
  cachedAt: number;
}

interface Message extends SessionInvalidation {
  from: string;
  nonce: string;
}

/**
 * A short-lived in-process memory of session checks (ADR 0004 "Session check"). Every
 * authenticated request checks that its session is live; with this memory a session read from
 * the database is trusted for `ttlMs`, unless a change ends it first:
 *
 * - the auth module calls `invalidate` after the commit of every change that can end or alter a
 *   session (logout, refresh-token reuse, deactivation, deletion, password or role change): the
 *   entry goes at once on this instance, and the change goes over the bus to every other
 *   instance, each of which drops its entry and acknowledges; `invalidate` resolves when every
 *   instance known to be running has acknowledged, so a logout has taken effect everywhere
 *   before it is answered;
 * - instances make themselves known on the bus every `heartbeatMs` (and at start, before they
 *   serve a request); one not heard of for three heartbeats is no longer waited for;
 * - a load that started before an invalidation is not remembered (generation counter), so a read
 *   racing a logout cannot bring the old state back;
 * - while the bus is disconnected the memory is off and emptied (an invalidation could be
 *   missed), and it starts empty again on reconnection.
 *
 * An instance that stops acknowledging (stuck, or its connection silently gone) is waited for at
 * most `ackTimeoutMs`; `ttlMs` bounds what its memory could then still hold.
 */
export function createSessionCache(deps: {
  bus?: Pick<Bus, 'client' | 'isConnected'>;
  log?: FastifyBaseLogger;
  ttlMs?: number;
  maxEntries?: number;
  heartbeatMs?: number;
  ackTimeoutMs?: number;
}) {
  const { bus, log } = deps;
  const ttlMs = deps.ttlMs ?? 5_000;
  const maxEntries = deps.maxEntries ?? 10_000;
  const heartbeatMs = deps.heartbeatMs ?? 5_000;
  const ackTimeoutMs = deps.ackTimeoutMs ?? 2_000;
  const instance = randomUUID();
  const entries = new Map<string, Entry>();
  /** other instances, by id: when last heard of */
  const peers = new Map<string, number>();
  /** this instance's invalidations waiting for acknowledgements, by nonce */
  const waiting = new Map<string, { missing: Set<string>; done: () => void }>();
  let generation = 0;
  const stats = { hits: 0, misses: 0, invalidations: 0 };
  /** who holds sessions open besides this memory (the live gateway's sockets): told of every end */
  const endedListeners = new Set<(change: SessionInvalidation | null) => void>();
  const tellEnded = (change: SessionInvalidation | null) => {
    for (const listener of endedListeners) {
      try {
        listener(change);
      } catch (error) {
        log?.warn({ err: error }, 'session end listener failed');
      }
    }
  };

  const enabled = () => ttlMs > 0 && (bus === undefined || bus.isConnected());

  function drop(change: SessionInvalidation) {
    generation += 1;
    stats.invalidations += 1;
    tellEnded(change);
    if (change.sessionId) {
      const entry = entries.get(change.sessionId);
      if (entry && entry.tenantId === change.tenantId) entries.delete(change.sessionId);
      return;
    }
    for (const [sessionId, entry] of entries) {
      if (entry.tenantId !== change.tenantId) continue;
      if (change.userId === undefined || entry.state.userId === change.userId) entries.delete(sessionId);
    }
  }

  function clear() {
    generation += 1;
    entries.clear();
  }

  /** Back on the bus after a gap: invalidations of the gap may be lost, so holders check afresh. */
  function reconnected() {
    clear();
    tellEnded(null);
  }

  const announce = () => {
    if (bus?.isConnected()) bus.client.publish(SESSION_TOPICS.instances, instance, { qos: 0 });
  };

  const onMessage = (topic: string, payload: Buffer) => {
    if (!topic.startsWith('kerf-auth/')) return;
    const text = payload.toString('utf8');
    if (topic === SESSION_TOPICS.instances) {
      if (text !== instance && !peers.has(text)) {
        peers.set(text, Date.now());
        announce(); // a newcomer learns of this instance at once
      } else if (text !== instance) peers.set(text, Date.now());
      return;
    }
    if (topic === SESSION_TOPICS.ack(instance)) {
      const [nonce, from] = text.split(' ');
      const wait = waiting.get(nonce ?? '');
      if (wait && from) {
        wait.missing.delete(from);
        if (wait.missing.size === 0) wait.done();
      }
      return;
    }
    if (topic !== SESSION_TOPICS.invalidate) return;
    try {
      const message = JSON.parse(text) as Message;
      if (typeof message.tenantId !== 'string') throw new Error('no tenant');
      if (message.from === instance) return;
      drop(message);
      bus?.client.publish(SESSION_TOPICS.ack(message.from), `${message.nonce} ${instance}`, { qos: 1 });
    } catch (error) {
      // An unreadable message may have meant anything: forget everything.
      clear();
      tellEnded(null);
      log?.warn({ err: error }, 'unreadable session invalidation: session memory emptied');
    }
  };
  let heartbeat: NodeJS.Timeout | null = null;
  if (bus) {
    bus.client.on('message', onMessage);
    bus.client.on('connect', reconnected);
    bus.client.on('close', clear);
    bus.client.subscribe(
      [SESSION_TOPICS.invalidate, SESSION_TOPICS.ack(instance), SESSION_TOPICS.instances],
      { qos: 1 },
      () => announce(),
    );
    heartbeat = setInterval(() => {
      const now = Date.now();
      for (const [peer, seen] of peers) if (now - seen > 3 * heartbeatMs) peers.delete(peer);
      announce();
    }, heartbeatMs);
    heartbeat.unref();
  }

  return {
    /**
     * The session's state: from memory while fresh, else from `load` (remembered only if nothing
     * was invalidated while it ran). A missing session is never remembered.
     */
    async get(
      tenantId: string,
      sessionId: string,
      load: () => Promise<SessionState | null>,
    ): Promise<SessionState | null> {
      if (!enabled()) return load();
      const entry = entries.get(sessionId);
      const now = Date.now();
      if (entry && entry.tenantId === tenantId && now - entry.cachedAt < ttlMs) {
        stats.hits += 1;
        return entry.state;
      }
      stats.misses += 1;
      const before = generation;
      const state = await load();
      if (state && generation === before && enabled()) {
        entries.delete(sessionId);
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(sessionId, { tenantId, state, cachedAt: now });
      }
      return state;
    },

    /**
     * Call after the commit of a change that ends or alters sessions. Drops the entries here at
     * once and resolves when every other running instance has dropped them too (or after
     * `ackTimeoutMs` for one that does not answer).
     */
    async invalidate(change: SessionInvalidation): Promise<void> {
      drop(change);
      if (!bus || peers.size === 0 || !bus.isConnected()) return;
      const nonce = randomUUID();
      const message: Message = {
        tenantId: change.tenantId,
        ...(change.sessionId ? { sessionId: change.sessionId } : {}),
        ...(change.userId ? { userId: change.userId } : {}),
        from: instance,
        nonce,
      };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(nonce);
          log?.warn(
            { missing: peers.size },
            'session invalidation not acknowledged by every instance in time',
          );
          resolve();
        }, ackTimeoutMs);
        waiting.set(nonce, {
          missing: new Set(peers.keys()),
          done: () => {
            clearTimeout(timer);
            waiting.delete(nonce);
            resolve();
          },
        });
        bus.client.publish(SESSION_TOPICS.invalidate, JSON.stringify(message), { qos: 1 });
      });
    },

    /**
     * Hears of every session change, made here or on another instance (as the bus delivers it), as
     * `invalidate` describes it; `null` when changes may have been missed (the bus reconnected) and
     * every session held open should be checked again. Answers the function that stops listening.
     */
    onEnded(listener: (change: SessionInvalidation | null) => void): () => void {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },

    stats: () => ({ ...stats, entries: entries.size, peers: peers.size }),

    close() {
      if (heartbeat) clearInterval(heartbeat);
      if (!bus) return;
      bus.client.off('message', onMessage);
      bus.client.off('connect', reconnected);
      bus.client.off('close', clear);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
