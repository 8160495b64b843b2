/**
 * The integration API (issue 18, ADR 0020): per-tenant API keys with scopes, accepted on the routes
 * whose contracts name a scope, and outbound webhooks. Owns `api_keys`, `webhook_endpoints`,
 * `webhook_deliveries` and `webhook_cut_minutes` (ADR 0012).
 */

import { API_KEY_HEADER } from '@kerf/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import type { Authenticator } from '../../lib/route';
import type { Scheduler } from '../../lib/scheduler';
import { type ApiKeysService, createApiKeysService } from './api-keys.service';
import { registerIntegrationsRoutes } from './integrations.routes';
import { createWebhooksService, type WebhookOptions } from './webhooks.service';

export { seedDemoIntegrations } from './integrations.seed';
export { isPrivateAddress, signature } from './webhook-transport';

/** The module's services, made before the routes so that telemetry and the authenticator can use them. */
export function createIntegrations(deps: {
  transactions: Transactions;
  log: FastifyBaseLogger;
  webhooks: WebhookOptions;
}) {
  return {
    apiKeys: createApiKeysService({ transactions: deps.transactions }),
    webhooks: createWebhooksService({
      transactions: deps.transactions,
      options: deps.webhooks,
      log: deps.log,
    }),
  };
}
export type Integrations = ReturnType<typeof createIntegrations>;

/**
 * Requests with an `X-API-Key` header are integration clients; all others go to the session
 * authenticator. A request never gets both: with the header, only the key decides.
 */
export function withApiKeys(sessions: Authenticator, apiKeys: ApiKeysService): Authenticator {
  return {
    authenticate(request) {
      const key = request.headers[API_KEY_HEADER];
      if (key === undefined) return sessions.authenticate(request);
      return apiKeys.authenticate(typeof key === 'string' ? key : '', request.ip);
    },
  };
}

/** API keys and webhooks under /api/printing-shop, and the `webhooks` background job. */
export function registerIntegrationsModule(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    integrations: Integrations;
    scheduler: Scheduler;
    intervalMs: number;
  },
) {
  const { apiKeys, webhooks } = deps.integrations;
  registerIntegrationsRoutes(app, { authenticator: deps.authenticator, apiKeys, webhooks });
  deps.scheduler.register({
    name: 'webhooks',
    everyMs: deps.intervalMs,
    run: ({ signal }) => webhooks.run(signal),
  });
}
