import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './platform';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A region of customers that customer-service employees look after (product.md §3 "Service area"). Rows
 * belong to the provider tenant whose staff works in them.
 */
export const serviceAreas = pgTable(
  'service_areas',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('service_areas_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** Which service areas an employee of the provider works in (several allowed, product.md §3). */
export const serviceAreaUsers = pgTable(
  'service_area_users',
  {
    tenantId: uuid('tenant_id').notNull(),
    serviceAreaId: uuid('service_area_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.serviceAreaId, t.userId] }),
    foreignKey({
      columns: [t.tenantId, t.serviceAreaId],
      foreignColumns: [serviceAreas.tenantId, serviceAreas.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    index('service_area_users_user_idx').on(t.tenantId, t.userId),
  ],
);

/** The customers (printing and grinding shops) a service area looks after. */
export const serviceAreaCustomers = pgTable(
  'service_area_customers',
  {
    tenantId: uuid('tenant_id').notNull(),
    serviceAreaId: uuid('service_area_id').notNull(),
    customerTenantId: uuid('customer_tenant_id')
      .notNull()
      .references(() => tenants.id),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.serviceAreaId, t.customerTenantId] }),
    foreignKey({
      columns: [t.tenantId, t.serviceAreaId],
      foreignColumns: [serviceAreas.tenantId, serviceAreas.id],
    }).onDelete('cascade'),
    index('service_area_customers_customer_idx').on(t.tenantId, t.customerTenantId),
  ],
);

/**
 * A remote-service connection to a machine through the gate manager (glossary "machine access"):
 * who, when, which service type, state. Rows belong to the machine's tenant, so its own users may
 * read them; customer service writes them through the platform role.
 */
export const machineAccesses = pgTable(
  'machine_accesses',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    machineId: uuid('machine_id').notNull(),
    serviceType: text('service_type').notNull(), // REMOTE_DESKTOP | VPN | LOG_DOWNLOAD
    state: text('state').notNull(), // ACTIVE | CLOSED | FAILED
    actorTenantId: uuid('actor_tenant_id').notNull(),
    actorUserId: uuid('actor_user_id'),
    /** the service user's name as it was when they connected */
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** gate manager, protocol, latency, failure reason: shown to developers */
    diagnostics: jsonb('diagnostics'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('machine_accesses_machine_opened_idx').on(t.tenantId, t.machineId, t.openedAt),
    index('machine_accesses_opened_idx').on(t.openedAt),
  ],
);

/**
 * A machine manufacturer: the make its users see at customers who granted access. Keyed by the
 * manufacturer's tenant; not a tenant table (every tenant admin lists the manufacturers to grant).
 */
export const manufacturers = pgTable('manufacturers', {
  manufacturerTenantId: uuid('manufacturer_tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  name: text('name').notNull(),
  make: text('make').notNull(),
  createdAt: createdAt(),
});

/** A customer's permission for a manufacturer to see, read-only, its machines of that make. */
export const manufacturerGrants = pgTable(
  'manufacturer_grants',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    manufacturerTenantId: uuid('manufacturer_tenant_id')
      .notNull()
      .references(() => manufacturers.manufacturerTenantId),
    grantedByUserId: uuid('granted_by_user_id'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.manufacturerTenantId] }),
    index('manufacturer_grants_manufacturer_idx').on(t.manufacturerTenantId),
  ],
);
