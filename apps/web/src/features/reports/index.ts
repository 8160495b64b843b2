/** Reports: the report server's queries, the filter bar, the charts of each section, CSV downloads. */
export { CUTTING_JOBS_PAGE_SIZE, type CuttingJobsQuery, useCuttingJobsReport } from './api/cutting-jobs';
export { reportKeys } from './api/keys';
export { useMachineUsedKnives, useUptimeLast24h } from './api/machine-reports';
export { type ReportFilter, rangeQuery } from './api/report-filter';
export { ChartCard } from './components/chart-card';
export { CsvButton, csvFileName } from './components/csv-button';
export { CutsChartCard } from './components/cuts-chart';
export { EmployeesReportSection } from './components/employees-section';
export { KnivesReportSection } from './components/knives-section';
export { MachinesReportSection } from './components/machines-section';
export { OrdersReportSection } from './components/orders-section';
export { ReplicaLagNotice } from './components/replica-lag-notice';
export {
  DEFAULT_FILTER_INPUT,
  ReportFilterBar,
  type ReportFilterInput,
} from './components/report-filter-bar';
export { useReportFormat } from './components/report-format';
export { type ReportColumn, ReportTable } from './components/report-table';
export { StatusLegend } from './components/status-legend';
export { UptimeStrip, UptimeTimelineCard, useTimelineSummary } from './components/uptime-timeline';
export {
  addSeries,
  addStatusSeconds,
  interruptionPareto,
  producingShare,
  reportStatusGroup,
  secondsByGroup,
  segmentSecondsByGroup,
} from './report-data';
