import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A customer account. Not a tenant table itself: row-level security keys on its `id`. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  active: boolean('active').notNull().default(true),
  siteManagerSerial: text('site_manager_serial'),
  /** the customer's network administrator, shown on the admin dashboard and to the setup assistant */
  networkAdminName: text('network_admin_name'),
  networkAdminPhone: text('network_admin_phone'),
  networkAdminEmail: text('network_admin_email'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Reference list of the 11 roles; the permission matrix itself lives in @kerf/contracts. */
export const roles = pgTable('roles', {
  code: text('code').primaryKey(),
  tenantKind: text('tenant_kind').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const users = pgTable(
  'users',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    displayName: text('display_name'),
    personnelNumber: text('personnel_number'),
    role: text('role')
      .notNull()
      .references(() => roles.code),
    /** null until the user (or an admin editing them) chooses one: the web app then keeps the login page's */
    language: text('language'),
    active: boolean('active').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('users_tenant_username_key').on(t.tenantId, t.username).where(sql`deleted_at IS NULL`),
  ],
);

/** One login: the family of refresh tokens rotated from it. Revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    clientType: text('client_type').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    index('sessions_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

/** Refresh tokens are stored as SHA-256 hashes only. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: uuid('tenant_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tokenHash] }),
    foreignKey({
      columns: [t.tenantId, t.sessionId],
      foreignColumns: [sessions.tenantId, sessions.id],
    }).onDelete('cascade'),
    index('refresh_tokens_session_idx').on(t.tenantId, t.sessionId),
  ],
);

/** Append-only record of security-relevant actions, including every cross-tenant platform access. */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetTenantId: uuid('target_tenant_id'),
    ip: text('ip'),
    details: jsonb('details'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('audit_log_tenant_at_idx').on(t.tenantId, t.at)],
);

/**
 * Failed-login counters per account key (tenant + username as typed, normalised), kept whether or
 * not the account exists so that throttling reveals nothing. Holds no tenant data.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
