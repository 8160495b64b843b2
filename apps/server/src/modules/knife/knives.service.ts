import type { Transactions } from '../../db/transactions';
import { createKnifeEditsService } from './knife-edits.service';
import { createKnifeExportsService } from './knife-exports.service';
import { createKnifeViewsService } from './knife-views.service';

/**
 * The knife server of product.md §7 (`/api/knife`): the manager's knife list, details, grinding cycles,
 * history, overview, CSV exports, and registering and editing knives. Every knife of the tenant is
 * visible to a holder of `knives:read`, as locations and machines are to `locations:read` (the
 * printing-shop module does not narrow a manager to their assigned locations either).
 * Each concern is its own service (knife-views, knife-edits, knife-exports), composed here.
 */
export function createKnivesService(deps: { transactions: Transactions }) {
  return {
    ...createKnifeViewsService(deps),
    ...createKnifeEditsService(deps),
    ...createKnifeExportsService(deps),
  };
}

export type KnivesService = ReturnType<typeof createKnivesService>;
