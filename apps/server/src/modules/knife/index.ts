/**
 * Knives (product.md §3 "Knife", §7 "Knife server", `/api/knife`): owns `knives` and `grinding_cycles`.
 * Knife master data, swap intervals, the latest scan (`recordKnifeSighting`, called by telemetry)
 * and grinding cycles are written here; telemetry's cut write path moves the knife counters
 * (ADR 0012).
 */

import type { FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import type { Authenticator } from '../../lib/route';
import { registerKnifeRoutes } from './knife.routes';
import { createKnivesService } from './knives.service';

export { seedDemoKnives } from './knife.seed';
export { recordShopGrinding } from './knife-grinding';
export { attributeSeededGrindingCycles, moveKnifeState } from './knife-grinding.repository';
export { grindingCyclesClosedIn } from './knife-views.repository';
export {
  creditKnifeRegrind,
  findKnifeInterval,
  insertGrindingCycle,
  insertKnife,
  recordKnifeSighting,
  setKnifeSwapInterval,
} from './knives.repository';

/** The knife server: list, details, grinding cycles, history, overview, CSV, register and edit. */
export function registerKnifeModule(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; transactions: Transactions },
) {
  registerKnifeRoutes(app, {
    authenticator: deps.authenticator,
    knives: createKnivesService({ transactions: deps.transactions }),
  });
}
