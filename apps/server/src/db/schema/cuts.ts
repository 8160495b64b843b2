import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Raw cuts, range-partitioned by month on `at`. drizzle-kit cannot declare partitioning, so this
 * table is created by the hand-written migration 0002 and deliberately not exported from
 * `index.ts` (drizzle-kit would otherwise try to create it plain). The primary key is the
 * idempotency key (machine, boot, seq) plus the partition key; `at` is stamped once by the agent
 * and kept in its outbox, so a re-sent cut carries the same `at`.
 */
export const cuts = pgTable(
  'cuts',
  {
    tenantId: uuid('tenant_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    machineId: uuid('machine_id').notNull(),
    bootId: uuid('boot_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    knifeRfid: text('knife_rfid'),
    operatorId: uuid('operator_id'),
    jobId: uuid('job_id'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.machineId, t.bootId, t.seq, t.at] })],
);
