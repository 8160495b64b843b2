import websocket from '@fastify/websocket';
import {
  BOARD_SECRET_PATTERN,
  type ErrorCode,
  hasPermission,
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_MAX_SUBSCRIPTIONS,
  LIVE_PATH,
  LIVE_PING_SECONDS,
  LIVE_SESSION_ENDED_CLOSE,
  LiveClientMessageSchema,
  type LiveEventType,
  type LiveServerMessage,
  MACHINE_VIEW_EVENT_TYPES,
} from '@kerf/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Actor } from '../lib/actor';
import { AppError } from '../lib/app-error';
import { type LiveBus, type LiveFrame, liveTopic } from './live-bus';
import type { LiveEvent } from './live-event';

const MAX_SUBSCRIPTIONS = LIVE_MAX_SUBSCRIPTIONS;
/**
 * What may wait for one socket, sent but not yet read (a few thousand events). A client that stops
 * reading — a frozen tab, a link gone dead before the ping notices — would otherwise make the server
 * hold every later frame for it.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const PING_MS = LIVE_PING_SECONDS * 1000;

export { LIVE_SESSION_ENDED_CLOSE };

/** A session change as the auth module's session memory reports it (`SessionCache.onEnded`). */
export interface SessionChange {
  tenantId: string;
  sessionId?: string;
  userId?: string;
}

function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now();
  } catch {
    return Date.now();
  }
}

/**
 * `/api/live` (product.md §7 "Live events"). The token arrives in each subscribe message, because
 * browsers cannot set headers on a WebSocket. Each subscription is authorised against the token's
 * tenant and role; the tenant in the bus topic comes from the token, never from the client, so a
 * subscription can only ever see its own tenant's events. When a subscription's token expires the
 * client gets a 401 event for it and is expected to refresh and subscribe again.
 */
export async function registerLiveGateway(
  app: FastifyInstance,
  deps: {
    live: LiveBus;
    authenticate: (authorization: string, ip: string) => Promise<Actor>;
    machineExists: (tenantId: string, machineId: string) => Promise<boolean>;
    /** a machine event type: the machine's view now, built afresh for the replay; null for other types */
    lastLiveEvent?: (tenantId: string, type: LiveEventType, machineId: string) => Promise<LiveEvent | null>;
    allowedOrigins: string[];
    /**
     * Hears of every session that ended or changed, on this instance or another (the bus); `null`:
     * changes may have been missed, check every session again. Without it a socket's subscriptions
     * end only when their token expires.
     */
    onSessionChange?: (listener: (change: SessionChange | null) => void) => () => void;
    /**
     * Shop-floor boards (issue 36): a subscribe message may carry a board link's secret instead of an
     * access token. Such a socket gets the machine views of the link's location and nothing else; the
     * link is checked again on every session change (a revocation ends it like a logout).
     */
    board?: {
      authenticate: (secret: string, ip: string) => Promise<Actor>;
      hasMachine: (tenantId: string, locationId: string, machineId: string) => Promise<boolean>;
    };
  },
) {
  const { live } = deps;
  /** every open socket's check of its sessions, for the session changes below */
  const sessionChecks = new Set<(change: SessionChange | null) => void>();
  const stopListening = deps.onSessionChange?.((change) => {
    for (const check of sessionChecks) check(change);
  });
  app.addHook('onClose', async () => stopListening?.());
  // No per-message compression: events are small, and deflating each frame for each of a
  // thousand sockets costs more CPU than the bytes it saves on a LAN.
  await app.register(websocket, {
    options: { maxPayload: LIVE_MAX_MESSAGE_BYTES, perMessageDeflate: false },
  });

  /** The actor of a subscribe message's token: a board link's secret, or an access token. */
  const authorize = (token: string, ip: string) =>
    deps.board && BOARD_SECRET_PATTERN.test(token)
      ? deps.board.authenticate(token, ip)
      : deps.authenticate(`Bearer ${token}`, ip);

  const isOriginAllowed = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined) return true; // not a browser: nothing to forge
    if (deps.allowedOrigins.includes(origin)) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  };

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request, reply) => {
        if (!isOriginAllowed(request)) {
          await reply.code(403).send({ code: 'authentication.FORBIDDEN', message: 'Origin not allowed.' });
        }
      },
    },
    (socket: WebSocket, request) => {
      const subscriptions = new Map<
        string,
        { unlisten: () => void; expiresAt: number; type: string; resource: string; sessionId: string }
      >();
      /** the sessions this socket's subscriptions were made with, and the latest token of each */
      const sessions = new Map<string, { tenantId: string; userId: string; token: string }>();
      const send = (message: LiveServerMessage | string) => {
        if (socket.readyState === socket.OPEN)
          socket.send(typeof message === 'string' ? message : JSON.stringify(message));
      };
      const fail = (
        status: number,
        code: ErrorCode | string,
        extra: { type?: never; resource?: string } | object = {},
      ) => send({ kind: 'ERROR', status, code, ...extra } as LiveServerMessage);

      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const timer = setInterval(() => {
        const now = Date.now();
        for (const [key, sub] of subscriptions) {
          if (sub.expiresAt <= now) {
            sub.unlisten();
            subscriptions.delete(key);
            fail(401, 'authentication.TOKEN_EXPIRED', { type: sub.type, resource: sub.resource });
          }
        }
      }, 1000);
      const ping = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_MS);
      /**
       * A session of this socket ended or changed (issue 31): its token is checked again at once —
       * the session memory has already forgotten it — and its subscriptions end when it no longer
       * passes; a socket left without subscriptions is closed.
       */
      const recheck = async (sessionId: string) => {
        const session = sessions.get(sessionId);
        if (!session) return;
        let refusal: { status: number; code: string } | null = null;
        try {
          const actor = await authorize(session.token, request.ip);
          if (!actor.board && !hasPermission(actor.role, 'live:subscribe'))
            refusal = { status: 403, code: 'authentication.FORBIDDEN' };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refusal = { status: error.status, code: error.code };
        }
        if (!refusal) return;
        sessions.delete(sessionId);
        for (const [key, sub] of subscriptions) {
          if (sub.sessionId !== sessionId) continue;
          sub.unlisten();
          subscriptions.delete(key);
          fail(refusal.status, refusal.code, { type: sub.type, resource: sub.resource });
        }
        if (subscriptions.size === 0) socket.close(LIVE_SESSION_ENDED_CLOSE, 'session ended');
      };
      const onSessionChange = (change: SessionChange | null) => {
        for (const [sessionId, session] of sessions) {
          const affected =
            change === null ||
            (change.tenantId === session.tenantId &&
              (change.sessionId
                ? change.sessionId === sessionId
                : change.userId === undefined || change.userId === session.userId));
          if (affected)
            void recheck(sessionId).catch((error) =>
              request.log.error({ err: error }, 'live session check failed'),
            );
        }
      };
      sessionChecks.add(onSessionChange);
      socket.on('close', () => {
        sessionChecks.delete(onSessionChange);
        clearInterval(timer);
        clearInterval(ping);
        for (const sub of subscriptions.values()) sub.unlisten();
        subscriptions.clear();
      });

      // Frames are handled one after the other, so a subscribe is settled before the next message.
      let chain = Promise.resolve();
      socket.on('message', (raw, isBinary) => {
        chain = chain
          .then(() => handle(raw.toString(), isBinary))
          .catch((error) => {
            request.log.error({ err: error }, 'live message failed');
            fail(500, 'common.INTERNAL_ERROR');
          });
      });

      async function handle(text: string, isBinary: boolean) {
        let body: unknown;
        try {
          if (isBinary) throw new Error('binary');
          body = JSON.parse(text);
        } catch {
          return fail(400, 'validation.MALFORMED_BODY');
        }
        const parsed = LiveClientMessageSchema.safeParse(body);
        if (!parsed.success) return fail(400, 'validation.INVALID_INPUT');
        const message = parsed.data;
        const where = { type: message.type, resource: message.resource };
        if (message.action === 'UNSUBSCRIBE') {
          for (const [key, sub] of subscriptions) {
            if (sub.type === message.type && sub.resource === message.resource) {
              sub.unlisten();
              subscriptions.delete(key);
            }
          }
          return send({ kind: 'UNSUBSCRIBED', ...where });
        }
        let actor: Actor;
        try {
          actor = await authorize(message.token, request.ip);
        } catch (error) {
          if (error instanceof AppError) return fail(error.status, error.code, where);
          throw error;
        }
        if (actor.board) {
          // a board sees the machine views of its own location's machines, nothing else (issue 36)
          if (!(MACHINE_VIEW_EVENT_TYPES as readonly string[]).includes(message.type))
            return fail(403, 'authentication.FORBIDDEN', where);
          if (!(await deps.board?.hasMachine(actor.tenantId, actor.board.locationId, message.resource)))
            return fail(404, 'service.printing-shops.MACHINE_NOT_FOUND', where);
        } else if (!hasPermission(actor.role, 'live:subscribe')) {
          return fail(403, 'authentication.FORBIDDEN', where);
        } else if (message.type === 'NOTIFICATION') {
          // a user's own notifications only: the resource is the signed-in user's id
          if (
            !hasPermission(actor.role, 'notifications:read') ||
            message.resource !== actor.userId.toLowerCase()
          )
            return fail(403, 'authentication.FORBIDDEN', where);
        } else if (!(await deps.machineExists(actor.tenantId, message.resource))) {
          return fail(404, 'service.printing-shops.MACHINE_NOT_FOUND', where);
        }
        const topic = liveTopic(actor.tenantId, message.type, message.resource);
        // a board link does not expire: it ends when it is revoked (checked on every session change)
        const expiresAt = actor.board ? Number.POSITIVE_INFINITY : tokenExpiry(message.token);
        sessions.set(actor.sessionId, {
          tenantId: actor.tenantId,
          userId: actor.userId,
          token: message.token,
        });
        const existing = subscriptions.get(topic);
        if (existing) {
          existing.expiresAt = expiresAt;
          existing.sessionId = actor.sessionId;
        } else {
          if (subscriptions.size >= MAX_SUBSCRIPTIONS) return fail(429, 'common.RATE_LIMITED', where);
          const unlisten = live.listen(topic, (frame: LiveFrame) => {
            if (!frame.wire || socket.readyState !== socket.OPEN) return;
            if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
              // Dropped; the client connects again after its retry delay and replays the last event.
              request.log.warn({ bufferedBytes: socket.bufferedAmount }, 'live socket not reading: dropped');
              socket.terminate();
              return;
            }
            // The message was serialised once for every subscriber of the topic.
            socket.send(frame.wire, { binary: false });
          });
          subscriptions.set(topic, { unlisten, expiresAt, sessionId: actor.sessionId, ...where });
        }
        send({ kind: 'SUBSCRIBED', ...where });
        // Notifications are read over HTTP first; the last one is never replayed.
        if (message.replayLastEvent && message.type !== 'NOTIFICATION') {
          const lastFrame = live.lastEvent(topic);
          // A machine's view is always read afresh (the retained event may be older than the last
          // commit, and a machine goes silent without any event); other types replay the last frame.
          const stored = await deps.lastLiveEvent?.(actor.tenantId, message.type, message.resource);
          if (stored) {
            send({ kind: 'EVENT', ...where, data: stored.data, publishedAt: Date.now(), replay: true });
          } else if (lastFrame) {
            send({
              kind: 'EVENT',
              type: lastFrame.type,
              resource: lastFrame.resource,
              data: lastFrame.data,
              publishedAt: lastFrame.publishedAt,
              replay: true,
            });
          }
        }
      }
    },
  );
}
