import {
  KNIFE_STATES,
  KNIFE_SWAP_URGENCIES,
  type KnifeManagerView,
  type KnifeSummary,
  type KnifeSwapUrgency,
  type Page,
} from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import {
  countKnives,
  knivesByLocation,
  listGrindingCycleRows,
  listKnifeEventRows,
  listKnifeViews,
  listMinimalKnives,
} from './knife-views.repository';
import { filtersOf, type ListQuery, requireDetails, tenantRunner } from './knives';

const zeroCounts = <T extends string>(keys: readonly T[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<T, number>;

/** The manager's knife list, details, grinding cycles, history, overview and the minimal list (product.md §7 "Knife server"). */
export function createKnifeViewsService(deps: { transactions: Transactions }) {
  const inTenant = tenantRunner(deps.transactions);

  return {
    async list(actor: Actor, query: ListQuery): Promise<Page<KnifeSummary>> {
      const { items, total } = await inTenant(actor, (tx) =>
        listKnifeViews(tx, filtersOf(query), { page: query.page, pageSize: query.page_size }),
      );
      return { items, total, page: query.page, pageSize: query.page_size };
    },

    details: (actor: Actor, rfid: string) => inTenant(actor, (tx) => requireDetails(tx, rfid)),

    grindingCycles: (actor: Actor, rfid: string) =>
      inTenant(actor, async (tx) => {
        await requireDetails(tx, rfid);
        return listGrindingCycleRows(tx, rfid);
      }),

    events: (actor: Actor, rfid: string, page: number, pageSize: number) =>
      inTenant(actor, async (tx) => {
        await requireDetails(tx, rfid);
        const { items, total } = await listKnifeEventRows(tx, rfid, { page, pageSize });
        return { items, total, page, pageSize };
      }),

    async managerView(actor: Actor): Promise<KnifeManagerView> {
      return inTenant(actor, async (tx) => {
        const rows = await countKnives(tx);
        const blank = () => ({
          total: 0,
          byState: zeroCounts(KNIFE_STATES),
          byUrgency: zeroCounts(KNIFE_SWAP_URGENCIES),
        });
        const totals = blank();
        const byLocation = new Map<
          string | null,
          ReturnType<typeof blank> & { locationName: string | null }
        >();
        for (const row of rows) {
          const location = byLocation.get(row.locationId) ?? { ...blank(), locationName: row.locationName };
          byLocation.set(row.locationId, location);
          for (const counts of [totals, location]) {
            counts.total += row.count;
            counts.byState[row.state] += row.count;
            if (row.state === 'ACTIVE') counts.byUrgency[row.swapUrgency as KnifeSwapUrgency] += row.count;
          }
        }
        const urgent = await listKnifeViews(
          tx,
          {
            states: ['ACTIVE'],
            urgencies: ['SWAP_REQUIRED', 'SWAP_SOON', 'SWAP_PREFERRED'],
            sort: 'SWAP_URGENCY',
            descending: true,
          },
          { page: 0, pageSize: 5 },
        );
        return {
          totals,
          locations: [...byLocation].map(([locationId, counts]) => ({ locationId, ...counts })),
          mostUrgent: urgent.items,
        };
      });
    },

    groupedByLocation: (actor: Actor, locationIds: string[] | undefined) =>
      inTenant(actor, (tx) => knivesByLocation(tx, locationIds)),

    async minimal(actor: Actor, page: number, pageSize: number) {
      const { items, total } = await inTenant(actor, (tx) => listMinimalKnives(tx, page, pageSize));
      return { items, total, page, pageSize };
    },
  };
}
