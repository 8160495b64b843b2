/**
 * Knives (spec §3 "Knife", §7 "Knife server", `/api/knife`): owns the `knives` table. Swap intervals
 * of knives, knife master data and, later, grinding cycles are written here; telemetry's cut write
 * path moves the knife counters (ADR 0012).
 */

export { seedDemoKnives } from './knife.seed';
export {
  creditKnifeRegrind,
  findKnifeInterval,
  insertKnife,
  type KnifeSighting,
  type NewKnife,
  recordKnifeSighting,
  setKnifeSwapInterval,
} from './knives.repository';
