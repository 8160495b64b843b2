/** Reports: the report server's queries, the filter bar, the charts of each section, CSV downloads. */

export { useMachineUsedKnives, useUptimeLast24h } from './api/machine-reports';
export type { ReportFilter } from './api/report-filter';
export { ChartCard } from './components/chart-card';

export { CutsChartCard } from './components/cuts-chart';
export { EmployeesReportSection } from './components/employees-section';
export { KnivesReportSection } from './components/knives-section';
export { MachinesReportSection } from './components/machines-section';
export { OeeReportSection } from './components/oee-section';
export { OrdersReportSection } from './components/orders-section';
export { ReplicaLagNotice } from './components/replica-lag-notice';
export {
  DEFAULT_FILTER_INPUT,
  ReportFilterBar,
  type ReportFilterInput,
} from './components/report-filter-bar';

export { ReportTable } from './components/report-table';

export { UptimeStrip, UptimeTimelineCard } from './components/uptime-timeline';
export { segmentSecondsByGroup } from './report-data';
