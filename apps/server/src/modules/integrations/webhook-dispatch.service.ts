import type { WebhookEvent } from '@kerf/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformActor, Transactions } from '../../db/transactions';
import type { MachineChange } from '../../live/machine-change';
import {
  activeEndpoints,
  addCutsToMinute,
  advanceScan,
  dueDeliveries,
  type NewDelivery,
  ordersClosedBetween,
  pruneCutMinutes,
  queueDeliveries,
  recordAttempt,
  shipmentsBetween,
  takeClosedMinutes,
  tenantsWithEndpoints,
} from './integrations.repository';
import { postWebhook } from './webhook-transport';
import type { WebhookOptions } from './webhooks.service';

/** After this many failed attempts a delivery is FAILED and no longer retried. */
const MAX_ATTEMPTS = 12;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;
/** Orders and shipments are read this long after they happened, so a slow commit is not skipped. */
const SCAN_LAG_MS = 30_000;
/** How long the tenants with endpoints are remembered before the job asks the database again. */
const TENANT_LIST_TTL_MS = 5 * 60_000;
/** How long an instance remembers a tenant's endpoints when live events arrive. */
const ENDPOINT_CACHE_TTL_MS = 30_000;
const DELIVERIES_PER_TENANT_AND_RUN = 100;

const SYSTEM: PlatformActor = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null };

type EndpointRow = Awaited<ReturnType<typeof activeEndpoints>>[number];

/** Delay before attempt `attempts + 1`: base, 2 × base, 4 × base, … at most 6 hours. */
export function retryDelay(baseMs: number, attempts: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/** The JSON a receiver gets; the same on every attempt of a delivery. */
function deliveryBody(delivery: { id: string; eventType: string; createdAt: Date; payload: unknown }) {
  return JSON.stringify({
    id: delivery.id,
    type: delivery.eventType,
    createdAt: delivery.createdAt.toISOString(),
    data: delivery.payload,
  });
}

/**
 * The delivery of outbound webhooks (ADR 0020): the events turned into deliveries (cuts batched per
 * machine and minute, status changes, orders closed, knives shipped) and the job that signs, sends
 * and retries them with exponential back-off.
 */
export function createWebhookDispatchService(deps: {
  transactions: Transactions;
  options: WebhookOptions;
  log: FastifyBaseLogger;
}) {
  const { transactions, options, log } = deps;
  const endpointCache = new Map<string, { at: number; endpoints: EndpointRow[] }>();
  const knownTenants = new Set<string>();
  let tenantsLoadedAt = 0;

  async function endpointsOf(tenantId: string): Promise<EndpointRow[]> {
    const cached = endpointCache.get(tenantId);
    if (cached && Date.now() - cached.at < ENDPOINT_CACHE_TTL_MS) return cached.endpoints;
    const endpoints = await transactions.withTenant(tenantId, (tx) => activeEndpoints(tx));
    endpointCache.set(tenantId, { at: Date.now(), endpoints });
    return endpoints;
  }

  const subscribed = (endpoints: EndpointRow[], event: WebhookEvent) =>
    endpoints.filter((endpoint) => endpoint.events.includes(event));

  /** The machine changes of a committed telemetry batch: cuts into minute buckets, status changes queued. */
  async function record(tenantId: string, changes: MachineChange[]) {
    const endpoints = await endpointsOf(tenantId);
    const cutEndpoints = subscribed(endpoints, 'MACHINE_CUTS');
    const statusEndpoints = subscribed(endpoints, 'MACHINE_STATUS');
    if (cutEndpoints.length === 0 && statusEndpoints.length === 0) return;
    knownTenants.add(tenantId);
    await transactions.withTenant(tenantId, async (tx) => {
      const deliveries: NewDelivery[] = [];
      for (const change of changes) {
        if (change.kind === 'CUTS' && cutEndpoints.length > 0 && change.cuts > 0) {
          const at = new Date(change.lastCutAt);
          const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
          await addCutsToMinute(tx, tenantId, change.machineId, minute, change.cuts);
        } else if (change.kind === 'STATUS') {
          for (const endpoint of statusEndpoints) {
            deliveries.push({
              tenantId,
              endpointId: endpoint.id,
              eventType: 'MACHINE_STATUS',
              eventKey: `status:${change.machineId}:${change.since}:${change.status}`,
              payload: {
                machineId: change.machineId,
                status: change.status,
                since: change.since,
                operatorId: change.operatorId,
              },
            });
          }
        }
      }
      await queueDeliveries(tx, deliveries);
    });
  }

  /** Turns finished cut minutes, closed orders and shipments of one tenant into deliveries. */
  async function collect(tenantId: string, now: Date): Promise<number> {
    const endpoints = await transactions.withTenant(tenantId, (tx) => activeEndpoints(tx));
    if (endpoints.length === 0) return 0;
    let queued = 0;
    const cutEndpoints = subscribed(endpoints, 'MACHINE_CUTS');
    queued += await transactions.withTenant(tenantId, async (tx) => {
      const minutes = await takeClosedMinutes(tx, now);
      await pruneCutMinutes(tx);
      return queueDeliveries(
        tx,
        minutes.flatMap((bucket) =>
          cutEndpoints.map((endpoint) => ({
            tenantId,
            endpointId: endpoint.id,
            eventType: 'MACHINE_CUTS' as const,
            eventKey: `cuts:${bucket.machineId}:${bucket.minute.toISOString()}:${bucket.batch}`,
            payload: {
              machineId: bucket.machineId,
              minute: bucket.minute.toISOString(),
              cuts: bucket.cuts,
              ...(bucket.batch > 1 ? { late: true } : {}),
            },
          })),
        ),
      );
    });
    const until = new Date(now.getTime() - SCAN_LAG_MS);
    for (const endpoint of endpoints) {
      if (endpoint.scannedUntil >= until) continue;
      queued += await transactions.withTenant(tenantId, async (tx) => {
        const deliveries: NewDelivery[] = [];
        if (endpoint.events.includes('ORDER_CLOSED')) {
          for (const order of await ordersClosedBetween(tx, endpoint.scannedUntil, until)) {
            deliveries.push({
              tenantId,
              endpointId: endpoint.id,
              eventType: 'ORDER_CLOSED',
              eventKey: `order:${order.id}`,
              payload: {
                orderId: order.id,
                machineId: order.machineId,
                name: order.name,
                orderNumber: order.orderNumber,
                startedAt: order.startedAt.toISOString(),
                endedAt: order.endedAt?.toISOString() ?? null,
              },
            });
          }
        }
        if (endpoint.events.includes('KNIVES_SHIPPED')) {
          for (const shipment of await shipmentsBetween(tx, tenantId, endpoint.scannedUntil, until)) {
            deliveries.push({
              tenantId,
              endpointId: endpoint.id,
              eventType: 'KNIVES_SHIPPED',
              eventKey: `shipment:${shipment.id}`,
              payload: {
                shipmentId: shipment.id,
                direction: shipment.direction,
                shippedAt: new Date(shipment.shippedAt).toISOString(),
                grindingShopTenantId: shipment.grindingTenantId,
                rfids: shipment.rfids,
              },
            });
          }
        }
        const count = await queueDeliveries(tx, deliveries);
        await advanceScan(tx, endpoint.id, until);
        return count;
      });
    }
    return queued;
  }

  /** Sends the tenant's due deliveries, one at a time; each outcome is written before the next. */
  async function send(tenantId: string, signal: AbortSignal): Promise<{ delivered: number; failed: number }> {
    const due = await transactions.withTenant(tenantId, (tx) =>
      dueDeliveries(tx, DELIVERIES_PER_TENANT_AND_RUN),
    );
    let delivered = 0;
    let failed = 0;
    for (const { delivery, url, secret } of due) {
      if (signal.aborted) break;
      const outcome = await postWebhook({
        url,
        secret,
        deliveryId: delivery.id,
        event: delivery.eventType,
        body: deliveryBody(delivery),
        allowPrivate: options.allowPrivateTargets,
      });
      const attempts = delivery.attempts + 1;
      await transactions.withTenant(tenantId, (tx) =>
        recordAttempt(
          tx,
          delivery.id,
          outcome.ok
            ? { delivered: true, responseCode: outcome.status ?? 200 }
            : {
                delivered: false,
                responseCode: outcome.status,
                error: outcome.error ?? 'failed',
                nextAttemptAt:
                  attempts >= MAX_ATTEMPTS
                    ? null
                    : new Date(Date.now() + retryDelay(options.retryBaseMs, attempts)),
              },
        ),
      );
      if (outcome.ok) delivered += 1;
      else failed += 1;
    }
    return { delivered, failed };
  }

  return {
    /** Takes the machine changes of committed telemetry; never throws into the writer. */
    observe(tenantId: string, changes: MachineChange[]) {
      if (!changes.some((change) => change.kind === 'CUTS' || change.kind === 'STATUS')) return;
      record(tenantId, changes).catch((error) => log.warn({ err: error }, 'webhook events not recorded'));
    },

    /** One run of the `webhooks` job: collect events, then send what is due. */
    async run(signal: AbortSignal, now = new Date()): Promise<string> {
      if (Date.now() - tenantsLoadedAt > TENANT_LIST_TTL_MS) {
        const tenants = await transactions.withPlatform(
          { actor: SYSTEM, action: 'webhooks.tenants.read' },
          (tx) => tenantsWithEndpoints(tx),
        );
        knownTenants.clear();
        for (const tenantId of tenants) knownTenants.add(tenantId);
        tenantsLoadedAt = Date.now();
      }
      let queued = 0;
      let delivered = 0;
      let failed = 0;
      for (const tenantId of knownTenants) {
        if (signal.aborted) break;
        queued += await collect(tenantId, now);
        const sent = await send(tenantId, signal);
        delivered += sent.delivered;
        failed += sent.failed;
      }
      return `queued ${queued}, delivered ${delivered}, failed attempts ${failed}`;
    },

    /** The tenant's endpoints changed: they are read afresh on the next event. */
    forget(tenantId: string) {
      endpointCache.delete(tenantId);
    },

    /** The tenant has an endpoint now: the next run collects its events. */
    watch(tenantId: string) {
      endpointCache.delete(tenantId);
      knownTenants.add(tenantId);
    },
  };
}
