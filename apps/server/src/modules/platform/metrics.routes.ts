import { timingSafeEqual } from 'node:crypto';
import { hasPermission } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/hash';
import type { Authenticator } from '../../lib/route';
import type { Metrics } from '../../plugins/metrics';

/**
 * `GET /api/metrics`: a Prometheus scraper presents METRICS_TOKEN as bearer token (compared in
 * constant time); anyone else needs a system admin's access token (`platform:manage`). Not a route
 * contract: its gate (either of two credentials) is not one of the matrix's, and its answer is the
 * Prometheus text format, not JSON; docs/operations/backup.md documents it.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; metrics: Metrics; token: string | undefined },
) {
  const expected = deps.token ? sha256(deps.token) : null;
  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const presented = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const isScraper =
      expected !== null && presented !== undefined && timingSafeEqual(sha256(presented), expected);
    if (!isScraper) {
      const actor = await deps.authenticator.authenticate(request);
      if (!hasPermission(actor.role, 'platform:manage')) throw new AppError('authentication.FORBIDDEN');
    }
    reply.type(deps.metrics.contentType).send(await deps.metrics.text());
    return reply;
  });
}
