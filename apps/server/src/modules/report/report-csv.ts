import { type Language, MACHINE_STATUSES, type ReportStatus } from '@kerf/contracts';
import type { Actor } from '../../lib/actor';
import { BOM, type CsvValue, csvDialect, csvRow } from '../../lib/csv';
import type { ReportService } from './report.service';
import { ddhhmm } from './report-time';

/**
 * The columns of the report CSVs (docs/architecture.md "CSV exports"), one definition per section,
 * used by the download endpoints and by the scheduled report e-mails (`reportCsvFile`).
 */
const STATUSES: ReportStatus[] = [...MACHINE_STATUSES, 'NO_DATA'];

const durationHeader = (name: string) => [`${name} (s)`, `${name} (DD:HH:MM)`];
const duration = (value: number): CsvValue[] => [value, ddhhmm(value)];
const statusHeader = STATUSES.flatMap(durationHeader);
const statusCells = (statuses: { status: ReportStatus; seconds: number }[]) => {
  const seconds = new Map(statuses.map((s) => [s.status, s.seconds]));
  return STATUSES.flatMap((status) => duration(seconds.get(status) ?? 0));
};

type Rows<K extends keyof ReportService> = Awaited<ReturnType<ReportService[K]>>;
type Row<K extends keyof ReportService> = Rows<K> extends readonly (infer R)[] ? R : never;

export const EMPLOYEE_CSV = {
  header: ['employee id', 'employee', 'pseudonym', 'cuts', ...statusHeader],
  row: (row: Row<'employeeRows'>): CsvValue[] => [
    row.employee.id,
    row.employee.label,
    row.employee.pseudonym,
    row.cuts,
    ...statusCells(row.statuses),
  ],
};

export const MACHINE_CSV = {
  header: [
    'machine',
    'serial number',
    'location',
    'period start',
    'period end',
    'cuts',
    'knives used',
    ...durationHeader('period'),
    ...durationHeader('uptime'),
    ...durationHeader('average daily uptime'),
    ...statusHeader,
  ],
  row: (row: Row<'machineRows'>, period: { startDate: string; endDate: string }): CsvValue[] => [
    row.machine.name,
    row.machine.serialNumber,
    row.machine.locationName,
    period.startDate,
    period.endDate,
    row.cuts,
    row.knives,
    ...duration(row.periodSeconds),
    ...duration(row.uptimeSeconds),
    ...duration(row.averageDailyUptimeSeconds),
    ...statusCells(row.statuses),
  ],
};

export const KNIFE_CSV = {
  header: [
    'rfid',
    'article number',
    'knife class',
    'cuts',
    'grinding cycles',
    'average cuts per cycle',
    'cuts since last grinding',
    'swap urgency',
  ],
  row: (row: Row<'knifeRows'>): CsvValue[] => [
    row.rfid,
    row.articleNumber,
    row.knifeClassName,
    row.cuts,
    row.cycles,
    row.averageCutsPerCycle,
    row.cutsSinceLastGrinding,
    row.swapUrgency,
  ],
};

export const ORDER_CSV = {
  header: [
    'order',
    'order number',
    'program number',
    'state',
    'partial job of',
    'machine',
    'serial number',
    'start',
    'end',
    'cuts',
    ...durationHeader('duration'),
    ...durationHeader('processing time'),
    ...durationHeader('downtime'),
    ...durationHeader('support time'),
  ],
  row: (row: Row<'cuttingJobRows'>): CsvValue[] => [
    row.name,
    row.orderNumber,
    row.programNumber,
    row.state,
    row.parentJobId,
    row.machine.name,
    row.machine.serialNumber,
    row.startDate,
    row.endDate,
    row.cuts,
    ...duration(row.durationSeconds),
    ...duration(row.processingSeconds),
    ...duration(row.downtimeSeconds),
    ...duration(row.supportSeconds),
  ],
};

/** The section titles of the combined file, in its order. */
export const REPORT_CSV_SECTIONS = ['cutting machines', 'employees', 'knives', 'orders'] as const;

/**
 * The four report sections of a period as one CSV file, for the scheduled report e-mails: for each
 * section a title row (`# cutting machines`), its header row, its rows and an empty row; the
 * columns and dialect are those of the section downloads. Runs with the manager's own scope (their
 * locations, works-council mode), as the reports page would.
 */
export async function reportCsvFile(
  reports: ReportService,
  actor: Actor,
  period: { startDate: string; endDate: string; timeZone: string },
  language: Language,
): Promise<string> {
  const dialect = csvDialect(language);
  const query = { ...period, lang: language };
  const sections: [string, readonly string[], CsvValue[][]][] = [
    [
      REPORT_CSV_SECTIONS[0],
      MACHINE_CSV.header,
      (await reports.machineRows(actor, query)).map((row) => MACHINE_CSV.row(row, period)),
    ],
    [
      REPORT_CSV_SECTIONS[1],
      EMPLOYEE_CSV.header,
      (await reports.employeeRows(actor, query)).map(EMPLOYEE_CSV.row),
    ],
    [REPORT_CSV_SECTIONS[2], KNIFE_CSV.header, (await reports.knifeRows(actor, query)).map(KNIFE_CSV.row)],
    [
      REPORT_CSV_SECTIONS[3],
      ORDER_CSV.header,
      (await reports.cuttingJobRows(actor, query)).map(ORDER_CSV.row),
    ],
  ];
  let file = BOM;
  for (const [title, header, rows] of sections) {
    file += csvRow([`# ${title}`], dialect) + csvRow(header, dialect);
    for (const row of rows) file += csvRow(row, dialect);
    file += '\r\n';
  }
  return file;
}
