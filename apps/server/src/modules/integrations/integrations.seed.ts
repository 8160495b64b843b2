import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/transactions';
import { newApiKey } from './api-keys.service';
import {
  findDemoAdmin,
  insertApiKey,
  insertDemoDeliveries,
  insertWebhookEndpoint,
  setDemoApiKeyDates,
} from './integrations.repository';

const MINUTE = 60_000;

/**
 * The demo printing shop's integration (issue 18): an ERP key that reads orders and writes them, a
 * BI key that was revoked, and a webhook to the ERP with a short delivery log (delivered, one being
 * retried after a 503, one given up).
 */
export async function seedDemoIntegrations(tx: Tx, tenantId: string) {
  const admin = await findDemoAdmin(tx);
  if (!admin) return;
  const now = Date.now();
  const erp = newApiKey(tenantId);
  await insertApiKey(tx, {
    tenantId,
    name: 'ERP (SAP Business One)',
    prefix: erp.prefix,
    keyHash: erp.hash,
    scopes: ['machines:read', 'orders:read', 'orders:write', 'reports:read'],
    createdBy: admin.id,
  });
  const bi = newApiKey(tenantId);
  const revoked = await insertApiKey(tx, {
    tenantId,
    name: 'BI dashboard (pilot)',
    prefix: bi.prefix,
    keyHash: bi.hash,
    scopes: ['reports:read', 'knives:read'],
    createdBy: admin.id,
  });
  await setDemoApiKeyDates(tx, revoked.id, {
    revokedAt: new Date(now - 3 * 24 * 60 * MINUTE),
    lastUsedAt: new Date(now - 4 * 24 * 60 * MINUTE),
  });
  const endpoint = await insertWebhookEndpoint(tx, {
    tenantId,
    url: 'https://erp.druckerei-beispiel.example/kerf/webhooks',
    events: ['ORDER_CLOSED', 'KNIVES_SHIPPED'],
    secret: `whsec_${randomBytes(32).toString('base64url')}`,
    description: 'ERP: closed orders and knives sent for grinding',
    createdBy: admin.id,
  });
  const order = (n: number, name: string, number: string, endedMinutesAgo: number) => ({
    orderId: `00000000-0000-4000-8000-00000000000${n}`,
    machineId: null,
    name,
    orderNumber: number,
    startedAt: new Date(now - (endedMinutesAgo + 95) * MINUTE).toISOString(),
    endedAt: new Date(now - endedMinutesAgo * MINUTE).toISOString(),
  });
  await insertDemoDeliveries(tx, [
    {
      tenantId,
      endpointId: endpoint.id,
      eventType: 'ORDER_CLOSED',
      eventKey: 'demo:1',
      payload: order(1, 'Prospekt Frühjahr 48 S.', 'A-24017', 300),
      status: 'DELIVERED',
      attempts: 1,
      responseCode: 200,
      deliveredAt: new Date(now - 300 * MINUTE),
      createdAt: new Date(now - 300 * MINUTE),
      nextAttemptAt: new Date(now - 300 * MINUTE),
    },
    {
      tenantId,
      endpointId: endpoint.id,
      eventType: 'ORDER_CLOSED',
      eventKey: 'demo:2',
      payload: order(2, 'Etiketten Weingut Keller', 'A-24021', 140),
      status: 'DELIVERED',
      attempts: 3,
      responseCode: 200,
      deliveredAt: new Date(now - 125 * MINUTE),
      createdAt: new Date(now - 140 * MINUTE),
      nextAttemptAt: new Date(now - 125 * MINUTE),
    },
    {
      tenantId,
      endpointId: endpoint.id,
      eventType: 'ORDER_CLOSED',
      eventKey: 'demo:3',
      payload: order(3, 'Broschüre Stadtwerke', 'A-24030', 20),
      status: 'PENDING',
      attempts: 2,
      responseCode: 503,
      lastError: 'HTTP 503',
      createdAt: new Date(now - 20 * MINUTE),
      nextAttemptAt: new Date(now + 40 * MINUTE),
    },
    {
      tenantId,
      endpointId: endpoint.id,
      eventType: 'KNIVES_SHIPPED',
      eventKey: 'demo:4',
      payload: {
        shipmentId: '00000000-0000-4000-8000-000000000009',
        direction: 'TO_GRINDER',
        shippedAt: new Date(now - 3 * 24 * 60 * MINUTE).toISOString(),
        rfids: ['E2801160600002084F1A7E11', 'E2801160600002084F1A7E12'],
      },
      status: 'FAILED',
      attempts: 12,
      responseCode: null,
      lastError: 'connect ETIMEDOUT',
      createdAt: new Date(now - 3 * 24 * 60 * MINUTE),
      nextAttemptAt: new Date(now - 2 * 24 * 60 * MINUTE),
    },
  ]);
}
