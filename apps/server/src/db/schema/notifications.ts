import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Notifications and scheduled report e-mails (issue 18, module `notifications`; docs/architecture.md "Notifications").
 */

/**
 * One notification for one user. `dedupe_key` names the occurrence (`knife:<rfid>:<cuts at the last
 * grinding>`, `offline:<machine>:<when it went offline>`, `interruption:<machine>:<interval>`), so
 * an occurrence is notified once per user however often the job sees it.
 */
export const notifications = pgTable(
  'notifications',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    machineId: uuid('machine_id'),
    knifeRfid: text('knife_rfid'),
    status: text('status'),
    since: timestamp('since', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('notifications_dedupe_key').on(t.tenantId, t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.tenantId, t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.tenantId, t.userId).where(sql`read_at IS NULL`),
  ],
);

/** The notification kinds a user also wants by e-mail (opt-in; no row: none). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    emailKinds: text('email_kinds').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

/** The tenant's notification rules (no row: the defaults of contracts `DEFAULT_NOTIFICATION_SETTINGS`). */
export const notificationSettings = pgTable('notification_settings', {
  tenantId: uuid('tenant_id').primaryKey(),
  timeZone: text('time_zone').notNull(),
  shiftDays: smallint('shift_days').array().notNull(),
  shiftStart: text('shift_start').notNull(),
  shiftEnd: text('shift_end').notNull(),
  interruptionMinutes: integer('interruption_minutes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's scheduled report e-mail: DAILY (the previous day) or WEEKLY (the previous Monday to
 * Sunday), local to `time_zone`, sent at 06:00 local time. `last_period_start` is the first day of
 * the last period mailed, so a period is mailed once.
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    frequency: text('frequency').notNull(),
    timeZone: text('time_zone').notNull(),
    language: text('language').notNull(),
    active: boolean('active').notNull().default(true),
    lastPeriodStart: text('last_period_start'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.frequency] })],
);

export type NotificationRow = typeof notifications.$inferSelect;
