import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** No operator / job / knife in a rollup key: keys may not be NULL, so these stand for "none". */
export const NONE_ID = '00000000-0000-0000-0000-000000000000';
export const NO_KNIFE = '';

/**
 * Status intervals of a machine (status, operator, start, end). Written from `status` telemetry
 * and from `PUT /cutting-machines/{id}/status` through the same ingest path; idempotent by
 * (machine, boot, seq). An interval ends where the next one (by time) starts.
 */
export const machineStatusIntervals = pgTable(
  'machine_status_intervals',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    machineId: uuid('machine_id').notNull(),
    status: text('status').notNull(),
    operatorId: uuid('operator_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    source: text('source').notNull(), // MACHINE | OPERATOR
    bootId: uuid('boot_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('machine_status_intervals_event_key').on(t.tenantId, t.machineId, t.bootId, t.seq),
    index('machine_status_intervals_machine_started_idx').on(t.tenantId, t.machineId, t.startedAt),
  ],
);

/** RFID reads: a knife put into or taken out of a machine. Idempotent by (machine, boot, seq). */
export const knifeScans = pgTable(
  'knife_scans',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    rfid: text('rfid').notNull(),
    machineId: uuid('machine_id').notNull(),
    locationId: uuid('location_id'),
    kind: text('kind').notNull(), // INSERTED | REMOVED
    at: timestamp('at', { withTimezone: true }).notNull(),
    bootId: uuid('boot_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('knife_scans_event_key').on(t.tenantId, t.machineId, t.bootId, t.seq),
    index('knife_scans_rfid_at_idx').on(t.tenantId, t.rfid, t.at),
  ],
);

/**
 * Cuts per hour and (machine, knife, operator, job), maintained by the ingest in the cuts'
 * transaction. Reports read these, so their cost does not grow with the raw history.
 */
export const cutRollupsHourly = pgTable(
  'cut_rollups_hourly',
  {
    tenantId: uuid('tenant_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    machineId: uuid('machine_id').notNull(),
    knifeRfid: text('knife_rfid').notNull().default(NO_KNIFE),
    operatorId: uuid('operator_id').notNull().default(NONE_ID),
    jobId: uuid('job_id').notNull().default(NONE_ID),
    cuts: bigint('cuts', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.hour, t.machineId, t.knifeRfid, t.operatorId, t.jobId] }),
    // migration 0009 adds INCLUDE (knife_rfid, operator_id, job_id, cuts): index-only scans for reports
    index('cut_rollups_hourly_machine_idx').on(t.tenantId, t.machineId, t.hour),
    index('cut_rollups_hourly_operator_idx').on(t.tenantId, t.operatorId, t.hour),
  ],
);

/**
 * Cuts per UTC day and (machine, knife, operator): the hourly rollups summed per day, maintained by
 * the ingest in the same statement that moves the hourly rollups, so late cuts land in their day.
 * Reports read these for the whole UTC days inside a period (ADR 0019): a year is 365 rows per
 * machine, knife and operator instead of one per hour and job.
 */
export const cutRollupsDaily = pgTable(
  'cut_rollups_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    machineId: uuid('machine_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    knifeRfid: text('knife_rfid').notNull().default(NO_KNIFE),
    operatorId: uuid('operator_id').notNull().default(NONE_ID),
    cuts: bigint('cuts', { mode: 'number' }).notNull().default(0),
  },
  // migration 0031 adds INCLUDE (cuts) to the key: index-only scans for reports
  (t) => [primaryKey({ columns: [t.tenantId, t.machineId, t.day, t.knifeRfid, t.operatorId] })],
);

/**
 * Time per UTC day and (machine, operator, status), in microseconds (exact integer sums), of the
 * closed status intervals: maintained with every interval the ingest inserts or shortens, so a
 * replayed old status change moves exactly the days it touches. The open interval (a machine's
 * current status) is not in here; reports add it from `machine_status_intervals`.
 */
export const statusTimesDaily = pgTable(
  'status_times_daily',
  {
    tenantId: uuid('tenant_id').notNull(),
    machineId: uuid('machine_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    operatorId: uuid('operator_id').notNull().default(NONE_ID),
    status: text('status').notNull(),
    micros: bigint('micros', { mode: 'number' }).notNull().default(0),
  },
  // migration 0031 adds INCLUDE (micros) to the key: index-only scans for reports
  (t) => [primaryKey({ columns: [t.tenantId, t.machineId, t.day, t.operatorId, t.status] })],
);
