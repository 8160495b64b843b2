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
import { users } from './platform';
import { locations } from './printing-shop';

/** Which locations an employee works at (product.md §3: "location or locations"). */
export const userLocations = pgTable(
  'user_locations',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    locationId: uuid('location_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.locationId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.locationId], foreignColumns: [locations.tenantId, locations.id] }),
    index('user_locations_location_idx').on(t.tenantId, t.locationId),
  ],
);

/**
 * A per-machine software licence (product.md §9). Bought through registration or the licence order; an
 * installed machine takes one by its serial number. Licences run with the calendar year. A licence
 * ordered with a new machine has no serial number yet: it is paid (invoiced, `licensedAt` is the
 * order date) and waits for the machine's installation, which gives it the machine's serial.
 */
export const machineLicences = pgTable(
  'machine_licences',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** null: ordered with a machine that is not installed yet */
    serialNumber: text('serial_number'),
    /** the machine ordered with the licence (registration or later order); null for others */
    manufacturer: text('manufacturer'),
    model: text('model'),
    /** the invoice that charged the licence */
    invoiceNumber: text('invoice_number'),
    /** when an ordered licence was given to an installed machine */
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    licensedAt: timestamp('licensed_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('machine_licences_tenant_serial_key').on(t.tenantId, t.serialNumber),
  ],
);
