import type { ApiScope, WebhookEvent } from '@kerf/contracts';
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import {
  apiKeys,
  cuttingJobs,
  tenants,
  users,
  webhookCutMinutes,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

// ---- API keys ----------------------------------------------------------------------------

export async function insertApiKey(
  tx: Tx,
  values: {
    tenantId: string;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: ApiScope[];
    createdBy: string;
  },
) {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  return row!;
}

export async function listApiKeyRows(tx: Tx) {
  return tx
    .select({
      key: apiKeys,
      creatorName: users.displayName,
      creatorUsername: users.username,
    })
    .from(apiKeys)
    .leftJoin(users, and(eq(users.tenantId, apiKeys.tenantId), eq(users.id, apiKeys.createdBy)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function revokeApiKeyRow(tx: Tx, id: string) {
  const rows = await tx
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(eq(apiKeys.id, id))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** The key of a hash with what decides whether it may act: its creator and its tenant still active. */
export async function findApiKeyByHash(tx: Tx, keyHash: string) {
  const [row] = await tx
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      createdBy: apiKeys.createdBy,
      userActive: users.active,
      userDeletedAt: users.deletedAt,
      tenantActive: tenants.active,
      tenantKind: tenants.kind,
    })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.tenantId, apiKeys.tenantId), eq(users.id, apiKeys.createdBy)))
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .where(eq(apiKeys.keyHash, keyHash));
  return row ?? null;
}

export async function touchApiKey(tx: Tx, id: string) {
  await tx.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, id));
}

// ---- webhook endpoints -------------------------------------------------------------------

export async function insertWebhookEndpoint(
  tx: Tx,
  values: {
    tenantId: string;
    url: string;
    events: WebhookEvent[];
    secret: string;
    description: string | null;
    createdBy: string;
  },
) {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function listWebhookEndpointRows(tx: Tx) {
  return tx
    .select({
      endpoint: webhookEndpoints,
      delivered: sql<number>`count(*) FILTER (WHERE d.status = 'DELIVERED')::int`,
      pending: sql<number>`count(*) FILTER (WHERE d.status = 'PENDING')::int`,
      failed: sql<number>`count(*) FILTER (WHERE d.status = 'FAILED')::int`,
    })
    .from(webhookEndpoints)
    .leftJoin(
      sql`webhook_deliveries d`,
      sql`d.tenant_id = ${webhookEndpoints.tenantId} AND d.endpoint_id = ${webhookEndpoints.id}
        AND d.created_at > now() - interval '24 hours'`,
    )
    .where(isNull(webhookEndpoints.deletedAt))
    .groupBy(webhookEndpoints.tenantId, webhookEndpoints.id)
    .orderBy(desc(webhookEndpoints.createdAt));
}

export async function findWebhookEndpoint(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)));
  return row ?? null;
}

export async function deleteWebhookEndpointRow(tx: Tx, id: string) {
  const rows = await tx
    .update(webhookEndpoints)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) return false;
  await tx
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'PENDING')));
  return true;
}

/** Live endpoints of the transaction's tenant. */
export async function activeEndpoints(tx: Tx) {
  return tx.select().from(webhookEndpoints).where(isNull(webhookEndpoints.deletedAt));
}

/** Tenants with a live endpoint (platform role: only these two columns are granted). */
export async function tenantsWithEndpoints(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ tenantId: webhookEndpoints.tenantId })
    .from(webhookEndpoints)
    .where(isNull(webhookEndpoints.deletedAt));
  return rows.map((row) => row.tenantId);
}

// ---- deliveries --------------------------------------------------------------------------

export interface NewDelivery {
  tenantId: string;
  endpointId: string;
  eventType: WebhookEvent;
  eventKey: string;
  payload: Record<string, unknown>;
}

/** Queues deliveries; an occurrence already queued for an endpoint (same key) is not queued again. */
export async function queueDeliveries(tx: Tx, deliveries: NewDelivery[]) {
  if (deliveries.length === 0) return 0;
  const rows = await tx
    .insert(webhookDeliveries)
    .values(deliveries)
    .onConflictDoNothing({
      target: [webhookDeliveries.tenantId, webhookDeliveries.endpointId, webhookDeliveries.eventKey],
    })
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

export async function listDeliveryRows(tx: Tx, endpointId: string, limit: number) {
  return tx
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

/** Pending deliveries whose time has come, oldest first (one job run at a time sends them: lib/scheduler.ts). */
export async function dueDeliveries(tx: Tx, limit: number) {
  return tx
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookDeliveries)
    .innerJoin(
      webhookEndpoints,
      and(
        eq(webhookEndpoints.tenantId, webhookDeliveries.tenantId),
        eq(webhookEndpoints.id, webhookDeliveries.endpointId),
      ),
    )
    .where(
      and(
        eq(webhookDeliveries.status, 'PENDING'),
        lte(webhookDeliveries.nextAttemptAt, sql`now()`),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.createdAt)
    .limit(limit);
}

export async function recordAttempt(
  tx: Tx,
  id: string,
  outcome:
    | { delivered: true; responseCode: number }
    | { delivered: false; responseCode: number | null; error: string; nextAttemptAt: Date | null },
) {
  await tx
    .update(webhookDeliveries)
    .set(
      outcome.delivered
        ? {
            status: 'DELIVERED',
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            responseCode: outcome.responseCode,
            lastError: null,
            deliveredAt: sql`now()`,
          }
        : {
            status: outcome.nextAttemptAt ? 'PENDING' : 'FAILED',
            attempts: sql`${webhookDeliveries.attempts} + 1`,
            responseCode: outcome.responseCode,
            lastError: outcome.error.slice(0, 500),
            ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
          },
    )
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'PENDING')));
}

// ---- cut batching ------------------------------------------------------------------------

/** Adds cuts to their machine's minute bucket. */
export async function addCutsToMinute(
  tx: Tx,
  tenantId: string,
  machineId: string,
  minute: Date,
  cuts: number,
) {
  await tx
    .insert(webhookCutMinutes)
    .values({ tenantId, machineId, minute, cuts })
    .onConflictDoUpdate({
      target: [webhookCutMinutes.tenantId, webhookCutMinutes.machineId, webhookCutMinutes.minute],
      set: { cuts: sql`${webhookCutMinutes.cuts} + excluded.cuts` },
    });
}

/**
 * Minute buckets that ended before `before` and hold cuts not sent yet, with how many are new; each
 * is marked sent in the same transaction that queues its deliveries, so a bucket's cuts go out once.
 */
export async function takeClosedMinutes(tx: Tx, before: Date) {
  const open = await tx
    .select()
    .from(webhookCutMinutes)
    .where(
      and(
        lte(webhookCutMinutes.minute, sql`${before.toISOString()}::timestamptz - interval '1 minute'`),
        gt(webhookCutMinutes.cuts, webhookCutMinutes.sentCuts),
      ),
    )
    .limit(1000)
    .for('update');
  for (const row of open) {
    await tx
      .update(webhookCutMinutes)
      .set({ sentCuts: row.cuts, batches: row.batches + 1 })
      .where(and(eq(webhookCutMinutes.machineId, row.machineId), eq(webhookCutMinutes.minute, row.minute)));
  }
  return open.map((row) => ({
    machineId: row.machineId,
    minute: row.minute,
    cuts: row.cuts - row.sentCuts,
    batch: row.batches + 1,
  }));
}

/** Buckets fully sent and older than a day are no longer needed. */
export async function pruneCutMinutes(tx: Tx) {
  await tx.execute(
    sql`DELETE FROM webhook_cut_minutes WHERE sent_cuts = cuts AND minute < now() - interval '1 day'`,
  );
}

// ---- events read from other modules' tables ----------------------------------------------

/** Orders of the tenant closed in (from, to]. */
export async function ordersClosedBetween(tx: Tx, from: Date, to: Date) {
  return tx
    .select({
      id: cuttingJobs.id,
      machineId: cuttingJobs.machineId,
      name: cuttingJobs.name,
      orderNumber: cuttingJobs.orderNumber,
      startedAt: cuttingJobs.startedAt,
      endedAt: cuttingJobs.endedAt,
    })
    .from(cuttingJobs)
    .where(and(eq(cuttingJobs.state, 'CLOSED'), gt(cuttingJobs.endedAt, from), lte(cuttingJobs.endedAt, to)));
}

/** Shipments of the printing shop (either direction) in (from, to], with the knives in each. */
export async function shipmentsBetween(tx: Tx, tenantId: string, from: Date, to: Date) {
  return queryRows<{
    id: string;
    direction: string;
    shippedAt: string | Date;
    grindingTenantId: string;
    rfids: string[];
  }>(
    tx,
    sql`
    SELECT s.id, s.direction, s.shipped_at AS "shippedAt", s.grinding_tenant_id AS "grindingTenantId",
      coalesce(array_agg(c.rfid ORDER BY c.rfid) FILTER (WHERE c.rfid IS NOT NULL), '{}') AS rfids
    FROM shipments s
    LEFT JOIN knife_custody c ON c.printing_tenant_id = s.printing_tenant_id
      AND (c.outbound_shipment_id = s.id OR c.return_shipment_id = s.id)
    WHERE s.printing_tenant_id = ${tenantId} AND s.shipped_at > ${from.toISOString()}::timestamptz
      AND s.shipped_at <= ${to.toISOString()}::timestamptz
    GROUP BY s.id, s.direction, s.shipped_at, s.grinding_tenant_id`,
  );
}

export async function advanceScan(tx: Tx, endpointId: string, until: Date) {
  await tx.update(webhookEndpoints).set({ scannedUntil: until }).where(eq(webhookEndpoints.id, endpointId));
}

// ---- demo seed ----------------------------------------------------------------------------------

/** The demo tenant's admin (who created its keys and webhook), if not deleted. */
export async function findDemoAdmin(tx: Tx): Promise<{ id: string } | undefined> {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, 'admin'), isNull(users.deletedAt)));
  return admin;
}

/** A demo key's revocation and last use in the past. */
export async function setDemoApiKeyDates(tx: Tx, id: string, dates: { revokedAt: Date; lastUsedAt: Date }) {
  await tx.update(apiKeys).set(dates).where(eq(apiKeys.id, id));
}

/** The demo webhook's delivery log, as given. */
export async function insertDemoDeliveries(tx: Tx, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  await tx.insert(webhookDeliveries).values(rows);
}
