import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@kerf/contracts';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import {
  notificationPreferences,
  notificationSettings,
  notifications,
  reportSubscriptions,
} from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export type NotificationRow = typeof notifications.$inferSelect & { machineName: string | null };
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'createdAt' | 'readAt'>;

// ---- notifications ------------------------------------------------------------------------

export async function listUserNotifications(
  tx: Tx,
  userId: string,
  filter: { unreadOnly: boolean; limit: number },
): Promise<{ items: NotificationRow[]; unread: number }> {
  const rows = await queryRows<NotificationRow>(
    tx,
    sql`SELECT n.id, n.tenant_id AS "tenantId", n.user_id AS "userId", n.kind, n.dedupe_key AS "dedupeKey",
               n.machine_id AS "machineId", m.name AS "machineName", n.knife_rfid AS "knifeRfid",
               n.status, n.since, n.created_at AS "createdAt", n.read_at AS "readAt"
        FROM notifications n
        LEFT JOIN cutting_machines m ON m.id = n.machine_id
        WHERE n.user_id = ${userId} ${filter.unreadOnly ? sql`AND n.read_at IS NULL` : sql``}
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT ${filter.limit}`,
  );
  const [unread] = await tx
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { items: rows, unread: Number(unread?.value ?? 0) };
}

/** Marks one of the user's notifications read; false when the user has none with this id. */
export async function markRead(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`COALESCE(${notifications.readAt}, now())` })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(tx: Tx, userId: string) {
  await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** Inserts the notifications not recorded yet (by user and dedupe key); answers those inserted. */
export async function insertNotifications(tx: Tx, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.tenantId, notifications.userId, notifications.dedupeKey] })
    .returning();
}

// ---- preferences and settings -------------------------------------------------------------

export async function findEmailKinds(tx: Tx, userId: string): Promise<string[]> {
  const [row] = await tx
    .select({ emailKinds: notificationPreferences.emailKinds })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.emailKinds ?? [];
}

export async function saveEmailKinds(tx: Tx, tenantId: string, userId: string, emailKinds: string[]) {
  await tx
    .insert(notificationPreferences)
    .values({ tenantId, userId, emailKinds })
    .onConflictDoUpdate({
      target: [notificationPreferences.tenantId, notificationPreferences.userId],
      set: { emailKinds, updatedAt: sql`now()` },
    });
}

export async function findSettings(tx: Tx): Promise<NotificationSettings> {
  const [row] = await tx.select().from(notificationSettings);
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return {
    timeZone: row.timeZone,
    shiftDays: row.shiftDays,
    shiftStart: row.shiftStart,
    shiftEnd: row.shiftEnd,
    interruptionMinutes: row.interruptionMinutes,
  };
}

export async function saveSettings(tx: Tx, tenantId: string, settings: NotificationSettings) {
  await tx
    .insert(notificationSettings)
    .values({ tenantId, ...settings })
    .onConflictDoUpdate({
      target: notificationSettings.tenantId,
      set: { ...settings, updatedAt: sql`now()` },
    });
}

// ---- what the job looks at ----------------------------------------------------------------

/** Users who get notifications: the tenant's admins and managers, with their locations and e-mail choice. */
export interface Recipient {
  id: string;
  role: string;
  email: string | null;
  language: string | null;
  locationIds: string[];
  emailKinds: string[];
}
export async function recipients(tx: Tx): Promise<Recipient[]> {
  return queryRows<Recipient>(
    tx,
    sql`SELECT u.id, u.role, u.email, u.language,
               COALESCE((SELECT array_agg(ul.location_id::text) FROM user_locations ul WHERE ul.user_id = u.id), '{}') AS "locationIds",
               COALESCE(p.email_kinds, '{}') AS "emailKinds"
        FROM users u
        LEFT JOIN notification_preferences p ON p.user_id = u.id
        WHERE u.deleted_at IS NULL AND u.active AND u.role IN ('ADMIN_PRINTING_SHOP', 'PRINTING_SHOP_MANAGER')
        ORDER BY u.id`,
  );
}

export interface MachineState {
  id: string;
  name: string;
  locationId: string | null;
  presence: string | null;
  presenceAt: Date | null;
  lastHeartbeatAt: Date | null;
  currentStatus: string | null;
  statusSince: Date | null;
  knifeRfid: string | null;
  knifeCutsSinceGrinding: number | null;
  knifeTotalCuts: number | null;
  knifeSwapInterval: number | null;
  lastCutAt: Date | null;
}

/** Live state of the tenant's machines with the knife in each and its effective swap interval. */
export async function machineStates(tx: Tx): Promise<MachineState[]> {
  const rows = await queryRows<MachineState>(
    tx,
    sql`SELECT m.id, m.name, m.location_id AS "locationId", m.presence, m.presence_at AS "presenceAt",
               m.last_heartbeat_at AS "lastHeartbeatAt", m.current_status AS "currentStatus",
               m.status_since AS "statusSince", m.current_knife_rfid AS "knifeRfid",
               k.cuts_since_last_grinding::float8 AS "knifeCutsSinceGrinding", k.total_cuts::float8 AS "knifeTotalCuts",
               COALESCE(k.knife_swap_interval, m.knife_swap_interval, l.knife_swap_interval) AS "knifeSwapInterval",
               m.last_cut_at AS "lastCutAt"
        FROM cutting_machines m
        LEFT JOIN knives k ON k.rfid = m.current_knife_rfid
        LEFT JOIN locations l ON l.id = m.location_id
        WHERE m.deleted_at IS NULL AND m.active
        ORDER BY m.id`,
  );
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return rows.map((row) => ({
    ...row,
    presenceAt: date(row.presenceAt),
    lastHeartbeatAt: date(row.lastHeartbeatAt),
    statusSince: date(row.statusSince),
    lastCutAt: date(row.lastCutAt),
  }));
}

/** Active printing-shop tenants (platform role: `tenants` is granted to it). */
export async function printingShopTenants(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM tenants WHERE kind = 'PRINTING_SHOP' AND active ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

// ---- report subscriptions -----------------------------------------------------------------

export async function listSubscriptions(tx: Tx, userId: string) {
  return tx
    .select()
    .from(reportSubscriptions)
    .where(and(eq(reportSubscriptions.userId, userId), eq(reportSubscriptions.active, true)))
    .orderBy(reportSubscriptions.frequency);
}

export async function upsertSubscription(
  tx: Tx,
  row: { tenantId: string; userId: string; frequency: string; timeZone: string; language: string },
) {
  const [saved] = await tx
    .insert(reportSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: [reportSubscriptions.tenantId, reportSubscriptions.userId, reportSubscriptions.frequency],
      set: { timeZone: row.timeZone, language: row.language, active: true },
    })
    .returning();
  if (!saved) throw new Error('subscription not saved');
  return saved;
}

export async function deleteSubscription(tx: Tx, userId: string, frequency: string) {
  await tx
    .delete(reportSubscriptions)
    .where(and(eq(reportSubscriptions.userId, userId), eq(reportSubscriptions.frequency, frequency)));
}

/** Subscriptions of users who may still read reports and have an address, with what the mail needs. */
export async function dueSubscriptionCandidates(tx: Tx) {
  return queryRows<{
    userId: string;
    frequency: 'DAILY' | 'WEEKLY';
    timeZone: string;
    language: string;
    lastPeriodStart: string | null;
    email: string;
    role: string;
    firstName: string;
  }>(
    tx,
    sql`SELECT s.user_id AS "userId", s.frequency, s.time_zone AS "timeZone", s.language,
               s.last_period_start AS "lastPeriodStart", u.email, u.role, u.first_name AS "firstName"
        FROM report_subscriptions s
        JOIN users u ON u.id = s.user_id
        WHERE s.active AND u.deleted_at IS NULL AND u.active AND u.email IS NOT NULL
          AND u.role = 'PRINTING_SHOP_MANAGER'
        ORDER BY s.user_id, s.frequency`,
  );
}

export async function markSubscriptionSent(tx: Tx, userId: string, frequency: string, firstDay: string) {
  await tx
    .update(reportSubscriptions)
    .set({ lastPeriodStart: firstDay, lastSentAt: sql`now()` })
    .where(and(eq(reportSubscriptions.userId, userId), eq(reportSubscriptions.frequency, frequency)));
}

export async function userEmail(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ email: string | null }>(
    tx,
    sql`SELECT email FROM users WHERE id = ${userId}`,
  );
  return row?.email ?? null;
}
