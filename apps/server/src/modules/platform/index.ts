/**
 * Operations under /api: liveness and readiness probes, the system admin area (`/api/system/…`,
 * issue 18), log retention and the metrics endpoint. Owns no table: tenants and users are changed
 * through auth, the outbox through mail, the audit log through `db/`.
 */

import { exportTenantData } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import type { ReadSource } from '../../db/client';
import type { Transactions } from '../../db/transactions';
import type { IngestStats } from '../../ingest/index';
import { AppError } from '../../lib/app-error';
import { createTenantLimiter } from '../../lib/budget';
import { isoDay } from '../../lib/dates';
import type { EventLoopMonitor } from '../../lib/event-loop';
import type { PasswordHasher } from '../../lib/password-hasher';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { Scheduler } from '../../lib/scheduler';
import type { Metrics } from '../../plugins/metrics';
import type { SessionCache } from '../auth/index';
import { registerMetricsRoute } from './metrics.routes';
import { type RetentionLimits, retentionJob } from './retention';
import { registerSystemAdminRoutes } from './system-admin.routes';
import { createSystemAdminService } from './system-admin.service';
import { exportTenantZip } from './tenant-export';

export { registerPlatformRoutes as registerPlatformModule } from './platform.routes';

/** what a second export of the same tenant is told to wait */
const EXPORT_RETRY_AFTER_SECONDS = 30;

export { RETENTION_BATCH } from './retention';

/** The system admin's endpoints, the metrics endpoint and the retention job. */
export function registerSystemAdminModule(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    transactions: Transactions;
    /** where the tenant export reads from: the primary's transactions, or a replica's (`DATABASE_READ_URL`) */
    reads?: { transactions: Transactions; source: ReadSource };
    hasher: PasswordHasher;
    sessions?: SessionCache;
    disconnectTenantMachines: (tenantId: string) => number;
    scheduler: Scheduler;
    ingestStats: () => IngestStats;
    brokerConnected: () => boolean;
    eventLoop: Pick<EventLoopMonitor, 'delay'>;
    deliverMail: () => void;
    retention: RetentionLimits & { intervalSeconds: number };
    metrics: Metrics;
    /** METRICS_TOKEN: the scraper's bearer token */
    metricsToken: string | undefined;
  },
) {
  const system = createSystemAdminService(deps);
  app.addHook('onClose', async () => system.close());
  registerSystemAdminRoutes(app, { authenticator: deps.authenticator, system });
  // One export per tenant at a time (issue 30): a second one while it runs is refused, not queued.
  const exports = createTenantLimiter(1);
  registerRoute(app, deps.authenticator, exportTenantData, async ({ actor, reply, request }) => {
    const release = exports.tryAcquire(actor.tenantId);
    if (!release) throw AppError.tooManyAttempts('common.RATE_LIMITED', EXPORT_RETRY_AFTER_SECONDS);
    const date = isoDay(Date.now());
    const zip = exportTenantZip(deps.transactions, actor, deps.reads);
    zip.once('close', release);
    zip.once('error', (error) =>
      // the answer has begun: the client sees the download cut short; the log says why
      request.log.warn({ err: error, route: request.routeOptions.url }, 'tenant export failed'),
    );
    reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="kerf-export-${date}.zip"`)
      .header('cache-control', 'no-store')
      .send(zip);
    return reply;
  });
  registerMetricsRoute(app, {
    authenticator: deps.authenticator,
    metrics: deps.metrics,
    token: deps.metricsToken,
  });
  deps.scheduler.register(
    retentionJob({
      transactions: deps.transactions,
      limits: deps.retention,
      everyMs: deps.retention.intervalSeconds * 1000,
    }),
  );
}
