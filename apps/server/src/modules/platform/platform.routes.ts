import { health, ready } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { Bus } from '../../plugins/bus';

/** Liveness and readiness probes. */
export function registerPlatformRoutes(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    database: Pick<DatabaseHandle, 'ping'>;
    bus: Pick<Bus, 'isConnected'>;
  },
) {
  registerRoute(app, deps.authenticator, health, async () => ({ status: 'ok' as const }));
  registerRoute(app, deps.authenticator, ready, async ({ reply }) => {
    const checks = { database: await deps.database.ping(), broker: deps.bus.isConnected() };
    const isReady = checks.database && checks.broker;
    const body = { status: isReady ? ('ready' as const) : ('not_ready' as const), checks };
    if (!isReady) reply.code(503);
    return body;
  });
}
