import {
  createApiKey,
  createWebhook,
  deleteWebhook,
  listApiKeys,
  listWebhookDeliveries,
  listWebhooks,
  revokeApiKey,
} from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { ApiKeysService } from './api-keys.service';
import type { WebhooksService } from './webhooks.service';

/** The tenant admin's API keys and webhooks, mounted at /api/printing-shop. */
export function registerIntegrationsRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; apiKeys: ApiKeysService; webhooks: WebhooksService },
) {
  const { authenticator: auth, apiKeys, webhooks } = deps;
  registerRoute(app, auth, listApiKeys, ({ actor }) => apiKeys.list(actor));
  registerRoute(app, auth, createApiKey, ({ actor, body }) => apiKeys.create(actor, body));
  registerRoute(app, auth, revokeApiKey, ({ actor, params }) => apiKeys.revoke(actor, params.id));
  registerRoute(app, auth, listWebhooks, ({ actor }) => webhooks.list(actor));
  registerRoute(app, auth, createWebhook, ({ actor, body }) => webhooks.create(actor, body));
  registerRoute(app, auth, deleteWebhook, ({ actor, params }) => webhooks.remove(actor, params.id));
  registerRoute(app, auth, listWebhookDeliveries, ({ actor, params, query }) =>
    webhooks.deliveries(actor, params.id, query.limit),
  );
}
