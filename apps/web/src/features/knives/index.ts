/** Knives: list, details, grinding cycles, history, edit and interval dialogs, comparison, CSV. */
export { downloadComparisonCsv, downloadKnivesCsv } from './api/download-csv';
export { KNIFE_AWAY_REFRESH_MS, useKnife } from './api/get-knife';
export { knifeKeys } from './api/keys';
export { useGrindingCycles } from './api/list-grinding-cycles';
export { useMinimalKnives } from './api/list-knives-minimal';
export { CompareLimitAlert } from './components/compare-limit-alert';
export { GrindingCyclesTable } from './components/grinding-cycles-table';
export { KnifeStateBadge } from './components/knife-badges';
export { KnifeComparison } from './components/knife-comparison';
export { KnifeCyclesChart } from './components/knife-cycles-chart';
export { KnifeEditModal } from './components/knife-edit-modal';
export { KnifeEvents } from './components/knife-events';
export { KnifeFacts } from './components/knife-facts';
export { KnifeIntervalModal } from './components/knife-interval-modal';
export { type KnifeSelection, KnifeTable, knifeDetailsPath } from './components/knife-table';
