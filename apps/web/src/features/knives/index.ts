/** Knives: list, details, grinding cycles, history, edit and interval dialogs, comparison, CSV. */

export { useGrindingCycles } from './api/grinding-cycles';
export { knifeKeys } from './api/keys';
export {
  downloadComparisonCsv,
  KNIFE_AWAY_REFRESH_MS,
  useKnife,
  useMinimalKnives,
} from './api/knives';
export { CompareLimitAlert } from './components/compare-limit-alert';
export { GrindingCyclesTable } from './components/grinding-cycles-table';
export { KnifeStateBadge } from './components/knife-badges';
export { KnifeComparison } from './components/knife-comparison';
export { KnifeCyclesChart } from './components/knife-cycles-chart';
export { KnifeEditModal } from './components/knife-edit-modal';
export { KnifeEvents } from './components/knife-events';
export { KnifeFacts } from './components/knife-facts';
export { KnifeIntervalModal } from './components/knife-interval-modal';
export { KnifeTable } from './components/knife-table';
