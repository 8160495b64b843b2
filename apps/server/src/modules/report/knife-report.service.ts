import { knifeSwapUrgency } from '@kerf/contracts';
import { NO_KNIFE } from '../../db/schema/telemetry';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { iso } from '../../lib/dates';
import { grindingCyclesClosedIn } from '../knife/index';
import { cutTotals, knivesOf } from './report.repository';
import { add, type RangeQuery, type ReportScope, scopeRunner } from './report-scope';

async function knifeCuts(scope: ReportScope) {
  const perKnife = new Map<string, Map<string, number>>();
  for (const row of await cutTotals(scope.tx, scope.machineIds, scope.start, scope.end, { knife: true })) {
    if (row.knifeRfid === NO_KNIFE) continue;
    const map = perKnife.get(row.knifeRfid) ?? new Map<string, number>();
    add(map, row.machineId, row.cuts);
    perKnife.set(row.knifeRfid, map);
  }
  return perKnife;
}

async function cutsTotal(scope: ReportScope) {
  const perKnife = await knifeCuts(scope);
  const knives = await knivesOf(scope.tx, { rfids: [...perKnife.keys()], search: scope.search });
  const names = new Map(scope.machines.map((m) => [m.id, m.name]));
  return knives
    .map((knife) => {
      const machines = [...(perKnife.get(knife.rfid) ?? new Map<string, number>())]
        .map(([id, cuts]) => ({ id, name: names.get(id) ?? '', cuts: Math.round(cuts) }))
        .sort((a, b) => b.cuts - a.cuts || a.name.localeCompare(b.name));
      return {
        rfid: knife.rfid,
        articleNumber: knife.articleNumber,
        knifeClassName: knife.knifeClassName,
        cuts: machines.reduce((sum, m) => sum + m.cuts, 0),
        machines,
      };
    })
    .sort((a, b) => b.cuts - a.cuts || a.rfid.localeCompare(b.rfid));
}

/** Knives that cut at the selected machines in the period or were last scanned at the selected locations. */
async function knifeCycles(scope: ReportScope) {
  const perKnife = await knifeCuts(scope);
  const knives = await knivesOf(scope.tx, {
    rfids: [...perKnife.keys()],
    locationIds: scope.locationIds,
    search: scope.search,
  });
  // the cycles the knife module recorded (ADR 0012: read through the owner's function)
  const cycles = await grindingCyclesClosedIn(
    scope.tx,
    knives.map((k) => k.rfid),
    scope.start,
    scope.end,
  );
  return knives.map((knife) => {
    const closed = cycles
      .filter((c) => c.rfid === knife.rfid)
      .map((c) => ({ sharpenedAt: c.sharpenedAt.getTime(), cuts: Math.round(c.cutsInCycle) }));
    const total = closed.reduce((sum, c) => sum + c.cuts, 0);
    return {
      rfid: knife.rfid,
      articleNumber: knife.articleNumber,
      knifeClassName: knife.knifeClassName,
      cycles: closed.length,
      averageCutsPerCycle: closed.length > 0 ? Math.round(total / closed.length) : null,
      cutsSinceLastGrinding: Math.round(knife.cutsSinceLastGrinding),
      swapUrgency: knifeSwapUrgency(knife.cutsSinceLastGrinding, knife.knifeSwapInterval),
      cycleCuts: closed.map((c) => ({ sharpenedAt: iso(c.sharpenedAt), cuts: c.cuts })),
    };
  });
}

/** The knives section (product.md §7 "Report server"): cuts per knife and machine, grinding cycles. */
export function createKnifeReportService(deps: { transactions: Transactions }) {
  const inScope = scopeRunner(deps.transactions);
  return {
    knifeCutsTotal: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, cutsTotal),
    knifeCycles: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, knifeCycles),
    knifeRows: (actor: Actor, query: RangeQuery) =>
      inScope(actor, query, { search: query.search }, async (scope) => {
        const [totals, cycles] = [await cutsTotal(scope), await knifeCycles(scope)];
        const cuts = new Map(totals.map((row) => [row.rfid, row.cuts]));
        return cycles.map((row) => ({ ...row, cuts: cuts.get(row.rfid) ?? 0 }));
      }),
  };
}
