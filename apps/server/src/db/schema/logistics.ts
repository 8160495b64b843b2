import { sql } from 'drizzle-orm';
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
import { tenants } from './platform';
import { knives } from './printing-shop';

/*
 * Knife logistics between companies (issue 13, docs/decisions/0018-cross-tenant-knife-custody.md).
 * These rows belong to two tenants at once: the printing shop that owns the knives and the grinding
 * shop that sharpens them. Each row carries both tenant ids, and row-level security lets exactly
 * those two read it (printing shop first, so its id leads every key as elsewhere).
 */

/** A printing shop and a grinding shop that exchange knives: INVITED → ACTIVE → ENDED. */
export const partnerships = pgTable(
  'partnerships',
  {
    printingTenantId: uuid('printing_tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    grindingTenantId: uuid('grinding_tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** names as the partners were called when they met: neither may read the other's tenant row */
    printingShopName: text('printing_shop_name').notNull(),
    grindingShopName: text('grinding_shop_name').notNull(),
    state: text('state').notNull().default('INVITED'), // INVITED | ACTIVE | ENDED
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** which side ended it */
    endedByTenantId: uuid('ended_by_tenant_id'),
  },
  (t) => [
    primaryKey({ columns: [t.printingTenantId, t.id] }),
    uniqueIndex('partnerships_id_key').on(t.id),
    uniqueIndex('partnerships_open_pair_key')
      .on(t.printingTenantId, t.grindingTenantId)
      .where(sql`state <> 'ENDED'`),
    index('partnerships_grinding_idx').on(t.grindingTenantId),
  ],
);

/** Knives sent together: to the grinding shop (TO_GRINDER) or back to their owner (TO_OWNER). */
export const shipments = pgTable(
  'shipments',
  {
    printingTenantId: uuid('printing_tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    grindingTenantId: uuid('grinding_tenant_id').notNull(),
    partnershipId: uuid('partnership_id').notNull(),
    direction: text('direction').notNull(), // TO_GRINDER | TO_OWNER
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    /** a user of the sending tenant */
    shippedBy: uuid('shipped_by'),
  },
  (t) => [
    primaryKey({ columns: [t.printingTenantId, t.id] }),
    uniqueIndex('shipments_id_key').on(t.id),
    index('shipments_grinding_idx').on(t.grindingTenantId, t.shippedAt),
    index('shipments_printing_shipped_idx').on(t.printingTenantId, t.shippedAt),
  ],
);

/**
 * One stay of one knife with a grinding shop: sent, received, and then shipped back or scrapped.
 * While it is open (neither returned nor scrapped) the grinding shop may read and grind the knife.
 * The knife's article number and class are copied at sending, so the grinding shop's record of its
 * work stays readable after the knife has gone home.
 */
export const knifeCustody = pgTable(
  'knife_custody',
  {
    printingTenantId: uuid('printing_tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    grindingTenantId: uuid('grinding_tenant_id').notNull(),
    rfid: text('rfid').notNull(),
    articleNumber: text('article_number'),
    knifeClassName: text('knife_class_name'),
    outboundShipmentId: uuid('outbound_shipment_id').notNull(),
    returnShipmentId: uuid('return_shipment_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: uuid('received_by'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    /** received back by its owner (issue 29); until then the knife is SHIPPED_BACK */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** a user of the printing shop */
    deliveredBy: uuid('delivered_by'),
    scrappedAt: timestamp('scrapped_at', { withTimezone: true }),
    scrappedBy: uuid('scrapped_by'),
  },
  (t) => [
    primaryKey({ columns: [t.printingTenantId, t.id] }),
    uniqueIndex('knife_custody_id_key').on(t.id),
    foreignKey({
      columns: [t.printingTenantId, t.rfid],
      foreignColumns: [knives.tenantId, knives.rfid],
    }).onDelete('cascade'),
    uniqueIndex('knife_custody_open_key')
      .on(t.printingTenantId, t.rfid)
      .where(sql`returned_at IS NULL AND scrapped_at IS NULL`),
    // A grinding shop holds at most one knife per RFID at a time, whoever owns it (issue 31): a second
    // owner's knife with the same RFID is refused (KNIFE_RFID_HELD_FOR_ANOTHER_OWNER).
    uniqueIndex('knife_custody_grinder_open_rfid_key')
      .on(t.grindingTenantId, t.rfid)
      .where(sql`returned_at IS NULL AND scrapped_at IS NULL`),
    index('knife_custody_grinding_rfid_idx').on(t.grindingTenantId, t.rfid, t.sentAt),
    index('knife_custody_shipment_idx').on(t.outboundShipmentId),
  ],
);

/**
 * A shipment refused because the grinding shop already held another company's knife with one of
 * its RFIDs (issue 31). Written by the refused printing shop; read by it, by the grinding shop and
 * by the printing shop whose stay of that RFID at that grinding shop was open at that moment
 * (migration 0053), so the conflict is visible to both owners without either reading the other's rows.
 */
export const rfidConflicts = pgTable(
  'rfid_conflicts',
  {
    /** the printing shop whose shipment was refused */
    printingTenantId: uuid('printing_tenant_id')
      .notNull()
      .references(() => tenants.id),
    id: uuid('id').notNull().defaultRandom(),
    grindingTenantId: uuid('grinding_tenant_id')
      .notNull()
      .references(() => tenants.id),
    partnershipId: uuid('partnership_id').notNull(),
    grindingShopName: text('grinding_shop_name').notNull(),
    rfid: text('rfid').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** a user of the refused printing shop */
    refusedBy: uuid('refused_by'),
  },
  (t) => [
    primaryKey({ columns: [t.printingTenantId, t.id] }),
    uniqueIndex('rfid_conflicts_id_key').on(t.id),
    index('rfid_conflicts_grinding_rfid_idx').on(t.grindingTenantId, t.rfid, t.at),
  ],
);
