import { randomBytes } from 'node:crypto';
import type {
  CreatedWebhook,
  CreateWebhookRequest,
  WebhookDelivery,
  WebhookDeliveryState,
  WebhookEndpoint,
  WebhookEvent,
} from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import {
  deleteWebhookEndpointRow,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listDeliveryRows,
  listWebhookEndpointRows,
} from './integrations.repository';
import { checkTarget, TargetRefused } from './webhook-transport';
import type { WebhookOptions } from './webhooks.service';

function toEndpoint(row: Awaited<ReturnType<typeof listWebhookEndpointRows>>[number]): WebhookEndpoint {
  const { endpoint } = row;
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events as WebhookEvent[],
    description: endpoint.description,
    createdAt: endpoint.createdAt.toISOString(),
    recent: { delivered: row.delivered, pending: row.pending, failed: row.failed },
  };
}

function toDelivery(row: Awaited<ReturnType<typeof listDeliveryRows>>[number]): WebhookDelivery {
  return {
    id: row.id,
    event: row.eventType as WebhookEvent,
    status: row.status as WebhookDeliveryState,
    attempts: row.attempts,
    responseCode: row.responseCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload as Record<string, unknown>,
  };
}

/** What the dispatch remembers of a tenant's endpoints, told when the admin changes them. */
export interface EndpointChanges {
  /** the tenant's endpoints changed: read them afresh */
  forget(tenantId: string): void;
  /** the tenant has an endpoint now: collect its events from the next run on */
  watch(tenantId: string): void;
}

/** The tenant admin's webhook endpoints and their delivery log (ADR 0020). */
export function createWebhookEndpointsService(deps: {
  transactions: Transactions;
  options: Pick<WebhookOptions, 'allowPrivateTargets'>;
  dispatch: EndpointChanges;
}) {
  const { transactions, options } = deps;

  return {
    async list(actor: Actor): Promise<WebhookEndpoint[]> {
      const rows = await transactions.withTenant(actor.tenantId, (tx) => listWebhookEndpointRows(tx));
      return rows.map(toEndpoint);
    },

    async create(actor: Actor, request: CreateWebhookRequest): Promise<CreatedWebhook> {
      try {
        await checkTarget(request.url, options.allowPrivateTargets);
      } catch (error) {
        if (error instanceof TargetRefused)
          throw new AppError('service.printing-shops.WEBHOOK_URL_NOT_ALLOWED');
        throw error;
      }
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const created = await transactions.withTenant(actor.tenantId, async (tx) => {
        const row = await insertWebhookEndpoint(tx, {
          tenantId: actor.tenantId,
          url: request.url,
          events: [...new Set(request.events)],
          secret,
          description: request.description || null,
          createdBy: actor.userId,
        });
        await audit(tx, actor, 'integrations.webhook.create', 'webhook_endpoint', row.id, {
          url: request.url,
          events: row.events,
        });
        const [listed] = (await listWebhookEndpointRows(tx)).filter((r) => r.endpoint.id === row.id);
        return toEndpoint(listed!);
      });
      deps.dispatch.watch(actor.tenantId);
      return { ...created, secret };
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await transactions.withTenant(actor.tenantId, async (tx) => {
        if (!(await deleteWebhookEndpointRow(tx, id)))
          throw new AppError('service.printing-shops.WEBHOOK_NOT_FOUND');
        await audit(tx, actor, 'integrations.webhook.delete', 'webhook_endpoint', id);
      });
      deps.dispatch.forget(actor.tenantId);
    },

    async deliveries(actor: Actor, id: string, limit: number): Promise<WebhookDelivery[]> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        if (!(await findWebhookEndpoint(tx, id)))
          throw new AppError('service.printing-shops.WEBHOOK_NOT_FOUND');
        return (await listDeliveryRows(tx, id, limit)).map(toDelivery);
      });
    },
  };
}
