import {
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { locations } from './printing-shop';

/*
 * The shop-floor board (issue 36 item 3, module `board`): links that open one location's wall screen.
 */

/**
 * A board link of a location. Its secret is shown once; only the secret's SHA-256 is stored, so a
 * link can be revoked but never shown again. A revoked link stays listed with `revoked_at`.
 */
export const boardLinks = pgTable(
  'board_links',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** the admin who created it; null for the demo seed's link */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('board_links_secret_hash_key').on(t.tenantId, t.secretHash),
    index('board_links_location_idx').on(t.tenantId, t.locationId),
    foreignKey({
      name: 'board_links_location_fk',
      columns: [t.tenantId, t.locationId],
      foreignColumns: [locations.tenantId, locations.id],
    }).onDelete('cascade'),
  ],
);
