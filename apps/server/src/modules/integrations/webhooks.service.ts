import type { FastifyBaseLogger } from 'fastify';
import type { Transactions } from '../../db/transactions';
import { createWebhookDispatchService } from './webhook-dispatch.service';
import { createWebhookEndpointsService } from './webhook-endpoints.service';

export interface WebhookOptions {
  allowPrivateTargets: boolean;
  retryBaseMs: number;
}

/**
 * Outbound webhooks (ADR 0020): the admin's endpoints (webhook-endpoints.service.ts) and their
 * delivery (webhook-dispatch.service.ts: events into deliveries, the job that signs, sends and retries).
 */
export function createWebhooksService(deps: {
  transactions: Transactions;
  options: WebhookOptions;
  log: FastifyBaseLogger;
}) {
  const dispatch = createWebhookDispatchService(deps);
  const endpoints = createWebhookEndpointsService({
    transactions: deps.transactions,
    options: deps.options,
    dispatch,
  });
  return {
    observe: dispatch.observe,
    run: dispatch.run,
    list: endpoints.list,
    create: endpoints.create,
    remove: endpoints.remove,
    deliveries: endpoints.deliveries,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
