import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Integration API and outbound webhooks (issue 18, module `integrations`, ADR 0020): per-tenant API
 * keys for ERP, BDE and CRM systems, the tenant's webhook endpoints, the deliveries to them, and the
 * per-machine minute buckets that batch cuts into one event per machine and minute.
 */

/**
 * A tenant's API key. The key itself is shown once; only its SHA-256 is stored. `prefix` is the
 * key's first characters, so the admin can tell keys apart. A key acts for the user who created it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('api_keys_hash_key').on(t.tenantId, t.keyHash),
  ],
);

/** Where a tenant wants its events POSTed, which events, and the secret the signature uses. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    description: text('description'),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** orders closed and knives shipped up to here have been turned into deliveries */
    scannedUntil: timestamp('scanned_until', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/**
 * One event for one endpoint, with its attempts. `event_key` makes each occurrence one delivery
 * (an order closed once is delivered once, however often the job sees it).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    endpointId: uuid('endpoint_id').notNull(),
    eventType: text('event_type').notNull(),
    eventKey: text('event_key').notNull(),
    payload: jsonb('payload').notNull(),
    /** PENDING | DELIVERED | FAILED */
    status: text('status').notNull().default('PENDING'),
    attempts: smallint('attempts').notNull().default(0),
    responseCode: smallint('response_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('webhook_deliveries_event_key').on(t.tenantId, t.endpointId, t.eventKey),
    index('webhook_deliveries_due_idx').on(t.tenantId, t.nextAttemptAt).where(sql`status = 'PENDING'`),
    index('webhook_deliveries_endpoint_idx').on(t.tenantId, t.endpointId, t.createdAt),
  ],
);

/** Cuts of one machine in one minute (by the cut's time) and how many of them went out already. */
export const webhookCutMinutes = pgTable(
  'webhook_cut_minutes',
  {
    tenantId: uuid('tenant_id').notNull(),
    machineId: uuid('machine_id').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    cuts: bigint('cuts', { mode: 'number' }).notNull(),
    sentCuts: bigint('sent_cuts', { mode: 'number' }).notNull().default(0),
    /** how many deliveries this minute has produced (late cuts make another) */
    batches: integer('batches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.machineId, t.minute] })],
);
