import { z } from 'zod';
import {
  CsvFileSchema,
  InstantSchema,
  LanguageSchema,
  listOf,
  pageQuerySchema,
  pageSchema,
  TimeZoneSchema,
  withDateRange,
} from './common';
import { KnifeSwapUrgencySchema } from './machine-status';
import { defineRoute } from './route';
import { MachineStatusSchema } from './telemetry';
import { searchText } from './text';

/**
 * The report server (product.md §7 "Report server", prefix /api/report). Every report covers a period
 * (`startDate` ≤ t < `endDate`, at most `MAX_REPORT_DAYS`), is computed in the browser's time zone
 * (`timeZone`, product.md §7 "General": days and hours are local, so a DST day has 23 or 25 hours), and
 * is limited to the locations the user may see (`locations`, default all of them). Durations are
 * whole seconds; the web app shows them as DD:HH:MM and times as hh:mm (product.md §9).
 *
 * Cuts come from the hourly rollups (`cut_rollups_hourly`), times from the status intervals, so a
 * year-long report costs about as much as a day's.
 */

/** Longest period one report covers. */
export const MAX_REPORT_DAYS = 400;
/** Periods up to this long are bucketed by hour in the charts; longer ones by local day. */
export const HOURLY_BUCKETS_UP_TO_HOURS = 48;

const instant = InstantSchema;

/** endDate after startDate, and at most `MAX_REPORT_DAYS` after it: one field error on endDate. */
const withPeriodChecks = <S extends z.ZodType<{ startDate: string; endDate: string }>>(schema: S) =>
  withDateRange(schema, { start: 'startDate', end: 'endDate', maxDays: MAX_REPORT_DAYS });

const reportRange = {
  startDate: instant,
  endDate: instant,
  timeZone: TimeZoneSchema.default('UTC'),
  /** location ids; none = every location the user may see */
  locations: listOf(z.uuid()).optional(),
  /** narrows machines, employees, knives or jobs by name / serial / rfid */
  search: searchText(100).optional(),
  /** only these machines (machine details) */
  machineIds: listOf(z.uuid()).optional(),
};
export const ReportRangeQuerySchema = withPeriodChecks(z.strictObject(reportRange));
export type ReportRangeQuery = z.input<typeof ReportRangeQuerySchema>;
/**
 * A section's CSV: the report's filters and the user's language, which decides the separators
 * (`;` and a decimal comma for German, French …), as for the knife CSVs.
 */
export const ReportCsvQuerySchema = withPeriodChecks(
  z.strictObject({ ...reportRange, lang: LanguageSchema.optional() }),
);

/** A status or, where no status was reported (machine off or offline), `NO_DATA`. */
export const ReportStatusSchema = z
  .union([MachineStatusSchema, z.literal('NO_DATA')])
  .meta({ id: 'ReportStatus' });
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

/** Seconds spent in each status over the period (statuses with 0 seconds may be left out). */
export const StatusSecondsSchema = z
  .array(z.object({ status: ReportStatusSchema, seconds: z.number().int().min(0) }))
  .meta({ id: 'StatusSeconds' });
export type StatusSeconds = z.infer<typeof StatusSecondsSchema>;

/**
 * An employee as reports show them: under the pseudonym (display name) where one is set, else
 * first and last name (product.md §3 "displayName (pseudonym)"). `id` is null for cuts and times booked
 * without a signed-in operator.
 */
export const ReportEmployeeSchema = z
  .object({
    id: z.uuid().nullable(),
    label: z.string(),
    pseudonym: z.boolean(),
    /** works-council mode TEAMS: a team (`id` null: the employees in no team), not a person */
    team: z.boolean().optional(),
  })
  .meta({ id: 'ReportEmployee' });

export const ReportMachineSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    serialNumber: z.string(),
    locationId: z.uuid().nullable(),
    locationName: z.string().nullable(),
  })
  .meta({ id: 'ReportMachine' });

/** One bar of a time chart: a local hour or local day starting at `start`. */
export const BucketSchema = z.object({ start: instant, cuts: z.number().int().min(0) });
export const BucketSizeSchema = z.enum(['HOUR', 'DAY']);

// ---- employees ------------------------------------------------------------------------------

export const EmployeeCutsSchema = z
  .object({ employee: ReportEmployeeSchema, cuts: z.number().int().min(0) })
  .meta({ id: 'EmployeeCuts' });

export const EmployeeCutsPerHourSchema = z
  .object({
    bucketSize: BucketSizeSchema,
    series: z.array(z.object({ employee: ReportEmployeeSchema, buckets: z.array(BucketSchema) })),
  })
  .meta({ id: 'EmployeeCutsPerHour' });

export const EmployeeTimesSchema = z
  .object({
    employee: ReportEmployeeSchema,
    statuses: StatusSecondsSchema,
    cuts: z.number().int().min(0),
  })
  .meta({ id: 'EmployeeTimes' });

export const TotalTimesSchema = z
  .object({
    /** seconds of the period inside the selection, per status, over all employees */
    statuses: StatusSecondsSchema,
    cuts: z.number().int().min(0),
    employees: z.number().int().min(0),
  })
  .meta({ id: 'TotalTimes' });

const employeeReport = <S extends z.ZodType>(path: string, summary: string, schema: S) =>
  defineRoute({
    module: 'report',
    method: 'GET',
    path: `/reports/employees/${path}`,
    summary,
    access: 'reports:read',
    apiScope: 'reports:read',
    query: ReportRangeQuerySchema,
    responses: { 200: schema },
    errors: [],
  });

export const getEmployeeCutsChart = employeeReport(
  'cuts-chart',
  'Cuts per employee over the period',
  z.array(EmployeeCutsSchema),
);
export const getEmployeeCutsPerHourChart = employeeReport(
  'cuts-per-hour-chart',
  'Cuts per local hour (or day, for periods over 48 hours) per employee',
  EmployeeCutsPerHourSchema,
);
export const getEmployeeTimesChart = employeeReport(
  'times-chart-for-range',
  'Time per status per employee over the period',
  z.array(EmployeeTimesSchema),
);
export const getEmployeeTotalTimes = employeeReport(
  'total-times',
  'Time per status and cuts over all employees of the selection',
  TotalTimesSchema,
);

// ---- cutting machines -----------------------------------------------------------------------

export const MachineUptimeSchema = z
  .object({
    machine: ReportMachineSchema,
    /** seconds in RUNNING over the period */
    uptimeSeconds: z.number().int().min(0),
    periodSeconds: z.number().int().min(0),
    /** RUNNING seconds per local day of the period, averaged */
    averageDailyUptimeSeconds: z.number().int().min(0),
    cuts: z.number().int().min(0),
  })
  .meta({ id: 'MachineUptime' });

export const MachineTotalUptimeSchema = z
  .object({ machine: ReportMachineSchema, statuses: StatusSecondsSchema, cuts: z.number().int().min(0) })
  .meta({ id: 'MachineTotalUptime' });

/** One stretch of a machine's last 24 hours in one status (`NO_DATA` where nothing was reported). */
export const UptimeSegmentSchema = z
  .object({ status: ReportStatusSchema, from: instant, to: instant })
  .meta({ id: 'UptimeSegment' });

export const MachineUptimeLast24hSchema = z
  .object({
    machine: ReportMachineSchema,
    from: instant,
    to: instant,
    segments: z.array(UptimeSegmentSchema),
    /** cuts per hour of the 24 hours, oldest first */
    cutsPerHour: z.array(BucketSchema),
  })
  .meta({ id: 'MachineUptimeLast24h' });

export const MachineKnivesUsedSchema = z
  .object({
    machine: ReportMachineSchema,
    count: z.number().int().min(0),
    knives: z.array(z.object({ rfid: z.string(), cuts: z.number().int().min(0) })),
  })
  .meta({ id: 'MachineKnivesUsed' });

const machineReport = <S extends z.ZodType>(path: string, summary: string, schema: S) =>
  defineRoute({
    module: 'report',
    method: 'GET',
    path: `/reports/cutting-machines/${path}`,
    summary,
    access: 'reports:read',
    apiScope: 'reports:read',
    query: ReportRangeQuerySchema,
    responses: { 200: schema },
    errors: [],
  });

export const getMachineAverageUptime = machineReport(
  'average-uptime',
  'Running time per machine over the period and per local day on average',
  z.array(MachineUptimeSchema),
);
export const getMachineTotalUptime = machineReport(
  'total-uptime',
  'Time per status per machine over the period',
  z.array(MachineTotalUptimeSchema),
);
export const getMachineUsedKnivesCount = machineReport(
  'used-knives-count',
  'Knives used per machine over the period, with their cuts',
  z.array(MachineKnivesUsedSchema),
);
export const exportMachineReport = defineRoute({
  module: 'report',
  method: 'GET',
  path: '/reports/cutting-machines/csv-exports',
  summary: "The cutting-machines report of the period as CSV (lang: the separators of the user's language)",
  access: 'reports:read',
  apiScope: 'reports:read',
  query: ReportCsvQuerySchema,
  responses: { 200: CsvFileSchema },
  errors: [],
});

export const UptimeLast24hQuerySchema = z.strictObject({
  timeZone: TimeZoneSchema.default('UTC'),
  locations: listOf(z.uuid()).optional(),
  machineIds: listOf(z.uuid()).optional(),
});

export const getMachineUptimeLast24h = defineRoute({
  module: 'report',
  method: 'GET',
  path: '/reports/cutting-machines/uptime-last-24h',
  summary: 'Status timeline and cuts per hour of each machine over the last 24 hours',
  access: 'reports:read',
  apiScope: 'reports:read',
  query: UptimeLast24hQuerySchema,
  responses: { 200: z.array(MachineUptimeLast24hSchema) },
  errors: [],
});

// ---- knives ---------------------------------------------------------------------------------

export const KnifeCutsTotalSchema = z
  .object({
    rfid: z.string(),
    articleNumber: z.string().nullable(),
    knifeClassName: z.string().nullable(),
    cuts: z.number().int().min(0),
    machines: z.array(z.object({ id: z.uuid(), name: z.string(), cuts: z.number().int().min(0) })),
  })
  .meta({ id: 'KnifeCutsTotal' });

/** Service life of a knife: its grinding cycles and the cuts each lasted (the sharpening closes a cycle). */
export const KnifeCyclesReportSchema = z
  .object({
    rfid: z.string(),
    articleNumber: z.string().nullable(),
    knifeClassName: z.string().nullable(),
    /** grinding cycles closed in the period */
    cycles: z.number().int().min(0),
    averageCutsPerCycle: z.number().int().min(0).nullable(),
    /** cuts since the last grinding, now */
    cutsSinceLastGrinding: z.number().int().min(0),
    swapUrgency: KnifeSwapUrgencySchema,
    cycleCuts: z.array(z.object({ sharpenedAt: instant, cuts: z.number().int().min(0) })),
  })
  .meta({ id: 'KnifeCyclesReport' });

const knifeReport = <S extends z.ZodType>(path: string, summary: string, schema: S) =>
  defineRoute({
    module: 'report',
    method: 'GET',
    path: `/reports/knives/${path}`,
    summary,
    access: 'reports:read',
    apiScope: 'reports:read',
    query: ReportRangeQuerySchema,
    responses: { 200: schema },
    errors: [],
  });

export const getKnifeCutsTotal = knifeReport(
  'cuts-total',
  'Cuts per knife over the period, per machine',
  z.array(KnifeCutsTotalSchema),
);
export const getKnifeCycles = knifeReport(
  'knife-cycles',
  'Grinding cycles and cuts per cycle of each knife (service life)',
  z.array(KnifeCyclesReportSchema),
);

// ---- cutting jobs (orders) ------------------------------------------------------------------

/** PLANNED: imported from the ERP, not started yet (never in a report); OPEN: started, books cuts. */
export const CUTTING_JOB_STATES = ['PLANNED', 'OPEN', 'CLOSED', 'CANCELLED'] as const;
export const CuttingJobStateSchema = z.enum(CUTTING_JOB_STATES).meta({ id: 'CuttingJobState' });

export const CuttingJobReportRowSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    orderNumber: z.string().nullable(),
    programNumber: z.string().nullable(),
    state: CuttingJobStateSchema,
    parentJobId: z.uuid().nullable(),
    machine: ReportMachineSchema,
    startDate: instant,
    endDate: instant.nullable(),
    durationSeconds: z.number().int().min(0),
    cuts: z.number().int().min(0),
    processingSeconds: z.number().int().min(0),
    downtimeSeconds: z.number().int().min(0),
    supportSeconds: z.number().int().min(0),
  })
  .meta({ id: 'CuttingJobReportRow' });

const cuttingJobsPeriod = {
  startDate: instant,
  endDate: instant,
  timeZone: TimeZoneSchema.default('UTC'),
  locations: listOf(z.uuid()).optional(),
  cuttingJobNameFilter: searchText(100).optional(),
};
export const CuttingJobsReportQuerySchema = withPeriodChecks(
  z.strictObject({ ...pageQuerySchema(25).shape, ...cuttingJobsPeriod }),
);
/** The orders' CSV: the same filters, every row (no paging). */
export const CuttingJobsExportQuerySchema = withPeriodChecks(
  z.strictObject({ ...cuttingJobsPeriod, lang: LanguageSchema.optional() }),
);

export const listCuttingJobsReport = defineRoute({
  module: 'report',
  method: 'GET',
  path: '/reports/cutting-jobs',
  summary: 'Orders (cutting jobs) that overlap the period, newest first',
  access: 'reports:read',
  apiScope: 'reports:read',
  query: CuttingJobsReportQuerySchema,
  responses: { 200: pageSchema(CuttingJobReportRowSchema) },
  errors: [],
});

// ---- where reports read from (issue 35) ----------------------------------------------------------

export const ReportReadSourceSchema = z
  .object({
    /** PRIMARY: the database the machines write to; REPLICA: a streaming copy (`DATABASE_READ_URL`) */
    source: z.enum(['PRIMARY', 'REPLICA']),
    /** how many seconds the replica's figures are behind; 0 when caught up; null when unknown */
    lagSeconds: z.number().nonnegative().nullable(),
    checkedAt: instant,
  })
  .meta({ id: 'ReportReadSource' });

export const getReportReadSource = defineRoute({
  module: 'report',
  method: 'GET',
  path: '/reports/read-source',
  summary: 'Where the reports read from: the primary database, or a replica and how far behind it is',
  access: 'reports:read',
  apiScope: 'reports:read',
  responses: { 200: ReportReadSourceSchema },
  errors: [],
  specAddition: 'reports may read from a streaming replica; the screens say how far behind it is.',
});

// ---- CSV per section (the spec lists the machines' export; the other sections are additions) --

const csvExport = <Q extends z.ZodType>(path: string, summary: string, query: Q) =>
  defineRoute({
    module: 'report',
    method: 'GET',
    path,
    summary,
    access: 'reports:read',
    apiScope: 'reports:read',
    query,
    responses: { 200: CsvFileSchema },
    errors: [],
    specAddition: 'every report section has a CSV export, not only the cutting machines.',
  });

export const exportEmployeeReport = csvExport(
  '/reports/employees/csv-exports',
  'The employees report of the period as CSV',
  ReportCsvQuerySchema,
);
export const exportKnifeReport = csvExport(
  '/reports/knives/csv-exports',
  'The knives report of the period as CSV',
  ReportCsvQuerySchema,
);
export const exportCuttingJobsReport = csvExport(
  '/reports/cutting-jobs/csv-exports',
  'The orders of the period as CSV',
  CuttingJobsExportQuerySchema,
);

// ---- printing-shop server: the people a report can show --------------------------------------

export const ReportUserViewSchema = z
  .object({
    employee: ReportEmployeeSchema,
    role: z.string(),
    locationIds: z.array(z.uuid()),
    active: z.boolean(),
  })
  .meta({ id: 'ReportUserView' });

/** product.md §7 printing-shop server "reports user-view": employees of the selected locations, for the report filters. */
export const getReportsUserView = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/printing-shops/reports/user-view',
  summary: 'Employees of the selected locations as the reports show them (pseudonym where set)',
  access: 'reports:read',
  apiScope: 'reports:read',
  query: z.strictObject({ locations: listOf(z.uuid()).optional() }),
  responses: { 200: z.array(ReportUserViewSchema) },
  errors: [],
});
