import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { knives } from './printing-shop';

/**
 * One grinding of a knife (product.md §3 "Grinding cycle"): when it was sharpened (the spec's
 * creationTimestamp), the cuts of the cycle it closed, and the knife's measurements after grinding.
 * Owned by the knife module. `grinding_reference` is where the grinding shop's own record of the job
 * goes once grinding shops record their work (issue 13); null for regrinds recorded by the printing shop.
 */
export const grindingCycles = pgTable(
  'grinding_cycles',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    rfid: text('rfid').notNull(),
    sharpenedAt: timestamp('sharpened_at', { withTimezone: true }).notNull(),
    cutsInCycle: bigint('cuts_in_cycle', { mode: 'number' }).notNull().default(0),
    height: doublePrecision('height'),
    backThickness: doublePrecision('back_thickness'),
    angleVf: doublePrecision('angle_vf'),
    angleHf: doublePrecision('angle_hf'),
    angleTm: doublePrecision('angle_tm'),
    grindingReference: text('grinding_reference'),
    /** the grinding shop that recorded it (issue 13); null for regrinds recorded by the printing shop */
    grindingTenantId: uuid('grinding_tenant_id'),
    /** the knife's stay at that grinding shop (knife_custody.id) */
    custodyId: uuid('custody_id'),
    /** the grinder who recorded it (a user of the grinding shop) */
    recordedBy: uuid('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.rfid], foreignColumns: [knives.tenantId, knives.rfid] }).onDelete(
      'cascade',
    ),
    index('grinding_cycles_rfid_sharpened_idx').on(t.tenantId, t.rfid, t.sharpenedAt),
    index('grinding_cycles_grinding_tenant_idx').on(t.grindingTenantId, t.rfid),
  ],
);
