import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './platform';
import { locations } from './printing-shop';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A knife grinding machine at a grinding shop's location. Unlike cutting machines it is not connected
 * to Kerf (no telemetry, network settings or licence), so it has a table of its own. A removed
 * machine stays (soft delete) so that grinding cycles recorded on it keep their machine.
 */
export const grindingMachines = pgTable(
  'grinding_machines',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    manufacturer: text('manufacturer'),
    designation: text('designation'),
    serialNumber: text('serial_number').notNull(),
    maxKnifeLength: integer('max_knife_length'),
    active: boolean('active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('grinding_machines_tenant_serial_key')
      .on(t.tenantId, t.serialNumber)
      .where(sql`deleted_at IS NULL`),
    // No foreign key to the location: a removed machine keeps the id of a location deleted after it.
    index('grinding_machines_tenant_location_idx').on(t.tenantId, t.locationId),
  ],
);

/** The location a grinding-shop employee works at now; received knives and cycles are booked there. */
export const currentLocations = pgTable(
  'current_locations',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    locationId: uuid('location_id').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({
      columns: [t.tenantId, t.locationId],
      foreignColumns: [locations.tenantId, locations.id],
    }).onDelete('cascade'),
  ],
);
