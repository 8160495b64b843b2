import { desc } from 'drizzle-orm';
import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cuttingMachines } from './printing-shop';

/**
 * One run of the setup assistant for a machine (product.md §2 "Setup assistant"): the cloud's checks and,
 * once the site manager's doctor has reported, the site's. `checks` holds contracts
 * `SetupCheckResult[]`; `state` is RUNNING, SUCCESS or ERROR (product.md §4 "Setup checks").
 */
export const setupCheckRuns = pgTable(
  'setup_check_runs',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    machineId: uuid('machine_id').notNull(),
    state: text('state').notNull(),
    checks: jsonb('checks').notNull(),
    siteManagerSerial: text('site_manager_serial'),
    /** the admin who started it; null when the site manager's report opened it */
    requestedBy: uuid('requested_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('setup_check_runs_tenant_machine_started_idx').on(t.tenantId, t.machineId, desc(t.startedAt)),
    foreignKey({
      columns: [t.tenantId, t.machineId],
      foreignColumns: [cuttingMachines.tenantId, cuttingMachines.id],
    }).onDelete('cascade'),
  ],
);
