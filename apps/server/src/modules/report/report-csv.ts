import { type Language, MACHINE_STATUSES, type ReportStatus } from '@kerf/contracts';
import type { Actor } from '../../lib/actor';
import { BOM, type CsvValue, csvRow } from '../../lib/csv';
import {
  type CsvColumn,
  csvCells,
  csvColumns,
  csvHeader,
  type ExportTexts,
  exportTexts,
} from '../../lib/csv-export';
import type { ReportService } from './report.service';
import { ddhhmm } from './report-time';

/**
 * The columns of the report CSVs (docs/exports.md), one definition per section, in the export's
 * language: headers and status names translated, enums as label and code, timestamps as ISO 8601
 * with the report's offset plus a localised column, every duration as seconds and DD:HH:MM (product.md §9).
 * Used by the download endpoints and by the scheduled report e-mails (`reportCsvFile`).
 */
const STATUSES: ReportStatus[] = [...MACHINE_STATUSES, 'NO_DATA'];

type Rows<K extends keyof ReportService> = Awaited<ReturnType<ReportService[K]>>;
type Row<K extends keyof ReportService> = Rows<K> extends readonly (infer R)[] ? R : never;
type StatusSeconds = { statuses: { status: ReportStatus; seconds: number }[] };

function duration<R>(title: string, seconds: (row: R) => number): CsvColumn<R>[] {
  return [
    { header: `${title} (s)`, cell: seconds },
    { header: `${title} (DD:HH:MM)`, cell: (row) => ddhhmm(seconds(row)) },
  ];
}

function statusColumns<R extends StatusSeconds>(texts: ExportTexts): CsvColumn<R>[] {
  const secondsOf = (row: R, status: ReportStatus) =>
    row.statuses.find((s) => s.status === status)?.seconds ?? 0;
  return STATUSES.flatMap((status) =>
    duration<R>(texts.label('reportStatus', status)!, (row) => secondsOf(row, status)),
  );
}

export interface ReportCsvContext {
  texts: ExportTexts;
  timeZone: string;
  period: { startDate: string; endDate: string };
}

export function employeeCsv({ texts }: ReportCsvContext): CsvColumn<Row<'employeeRows'>>[] {
  const c = csvColumns(texts);
  type R = Row<'employeeRows'>;
  return [
    ...c.plain<R>('employeeId', (row) => row.employee.id),
    ...c.plain<R>('employee', (row) => row.employee.label),
    ...c.plain<R>('pseudonym', (row) => row.employee.pseudonym),
    ...c.plain<R>('cuts', (row) => row.cuts),
    ...statusColumns<R>(texts),
  ];
}

export function machineCsv({ texts, timeZone, period }: ReportCsvContext): CsvColumn<Row<'machineRows'>>[] {
  const c = csvColumns(texts, timeZone);
  type R = Row<'machineRows'>;
  return [
    ...c.plain<R>('machine', (row) => row.machine.name),
    ...c.plain<R>('serialNumber', (row) => row.machine.serialNumber),
    ...c.plain<R>('location', (row) => row.machine.locationName),
    ...c.instant<R>('periodStart', () => period.startDate),
    ...c.instant<R>('periodEnd', () => period.endDate),
    ...c.plain<R>('cuts', (row) => row.cuts),
    ...c.plain<R>('knivesUsed', (row) => row.knives),
    ...duration<R>(texts.column('period'), (row) => row.periodSeconds),
    ...duration<R>(texts.column('uptime'), (row) => row.uptimeSeconds),
    ...duration<R>(texts.column('averageDailyUptime'), (row) => row.averageDailyUptimeSeconds),
    ...statusColumns<R>(texts),
  ];
}

export function knifeCsv({ texts }: ReportCsvContext): CsvColumn<Row<'knifeRows'>>[] {
  const c = csvColumns(texts);
  type R = Row<'knifeRows'>;
  return [
    ...c.plain<R>('rfid', (row) => row.rfid),
    ...c.plain<R>('articleNumber', (row) => row.articleNumber),
    ...c.plain<R>('knifeClass', (row) => row.knifeClassName),
    ...c.plain<R>('cuts', (row) => row.cuts),
    ...c.plain<R>('grindingCycles', (row) => row.cycles),
    ...c.plain<R>('averageCutsPerCycle', (row) => row.averageCutsPerCycle),
    ...c.plain<R>('cutsSinceLastGrinding', (row) => row.cutsSinceLastGrinding),
    ...c.coded<R>('swapUrgency', 'swapUrgency', (row) => row.swapUrgency),
  ];
}

export function orderCsv({ texts, timeZone }: ReportCsvContext): CsvColumn<Row<'cuttingJobRows'>>[] {
  const c = csvColumns(texts, timeZone);
  type R = Row<'cuttingJobRows'>;
  return [
    ...c.plain<R>('order', (row) => row.name),
    ...c.plain<R>('orderNumber', (row) => row.orderNumber),
    ...c.plain<R>('programNumber', (row) => row.programNumber),
    ...c.coded<R>('state', 'orderState', (row) => row.state),
    ...c.plain<R>('partialJobOf', (row) => row.parentJobId),
    ...c.plain<R>('machine', (row) => row.machine.name),
    ...c.plain<R>('serialNumber', (row) => row.machine.serialNumber),
    ...c.instant<R>('start', (row) => row.startDate),
    ...c.instant<R>('end', (row) => row.endDate),
    ...c.plain<R>('cuts', (row) => row.cuts),
    ...duration<R>(texts.column('duration'), (row) => row.durationSeconds),
    ...duration<R>(texts.column('processingTime'), (row) => row.processingSeconds),
    ...duration<R>(texts.column('downtime'), (row) => row.downtimeSeconds),
    ...duration<R>(texts.column('supportTime'), (row) => row.supportSeconds),
  ];
}

/** A ratio as a percentage with one decimal (the dialect writes its decimal mark); null stays empty. */
const percent = (ratio: number | null) => (ratio === null ? null : Math.round(ratio * 1000) / 10);

/**
 * The OEE report as one file (issue 36): a row per machine, location, shift, date and the total, the
 * kind of row in the first column as a code (MACHINE, LOCATION, SHIFT, DAY, TOTAL); durations as
 * seconds and DD:HH:MM, ratios as percentages, figures that are not measured empty.
 */
export function oeeCsv({ texts }: ReportCsvContext): CsvColumn<Row<'oeeRows'>>[] {
  type R = Row<'oeeRows'>;
  const title = (key: string) => texts.column(key);
  const plain = (key: string, cell: (row: R) => CsvValue): CsvColumn<R>[] => [{ header: title(key), cell }];
  const loss = (row: R, name: string) => row.figures.losses.find((l) => l.loss === name)?.amount ?? 0;
  return [
    ...plain('oeeRowKind', (row) => row.kind),
    ...plain('machine', (row) => row.machine),
    ...plain('serialNumber', (row) => row.serialNumber),
    ...plain('location', (row) => row.location),
    ...plain('shift', (row) => row.shift),
    ...plain('date', (row) => row.date),
    ...plain('idealCutsPerHour', (row) => row.idealCutsPerHour),
    ...plain('idealCutsPerHourSource', (row) => row.idealCutsPerHourSource),
    ...duration<R>(title('plannedTime'), (row) => row.figures.plannedSeconds),
    ...duration<R>(title('runTime'), (row) => row.figures.runSeconds),
    ...duration<R>(title('noDataTime'), (row) => row.figures.noDataSeconds),
    ...plain('cuts', (row) => row.figures.cuts),
    ...plain('measuredCuts', (row) => row.figures.measuredCuts),
    ...plain('startupRejects', (row) => row.figures.startupRejects),
    ...plain('productionRejects', (row) => row.figures.productionRejects),
    ...plain('availability', (row) => percent(row.figures.availability)),
    ...plain('performance', (row) => percent(row.figures.performance)),
    ...plain('quality', (row) => percent(row.figures.quality)),
    ...plain('oee', (row) => percent(row.figures.oee)),
    ...duration<R>(title('breakdowns'), (row) => loss(row, 'BREAKDOWNS')),
    ...duration<R>(title('setupAndAdjustments'), (row) => loss(row, 'SETUP_AND_ADJUSTMENTS')),
    ...duration<R>(title('smallStops'), (row) => loss(row, 'SMALL_STOPS')),
    ...duration<R>(title('reducedSpeed'), (row) => loss(row, 'REDUCED_SPEED')),
  ];
}

/** The sections of the combined file, in its order. */
const REPORT_CSV_SECTIONS = ['machines', 'employees', 'knives', 'orders'] as const;

/**
 * The four report sections of a period as one CSV file, for the scheduled report e-mails: for each
 * section a title row (`# Schneidemaschinen`), its header row, its rows and an empty row; the
 * columns and dialect are those of the section downloads. Runs with the manager's own scope (their
 * locations, works-council mode), as the reports page would.
 */
export async function reportCsvFile(
  reports: ReportService,
  actor: Actor,
  period: { startDate: string; endDate: string; timeZone: string },
  language: Language,
): Promise<string> {
  const texts = exportTexts(language);
  const context: ReportCsvContext = { texts, timeZone: period.timeZone, period };
  const query = { ...period, lang: language };
  const section = <R>(columns: CsvColumn<R>[], rows: R[]): [string[], CsvValue[][]] => [
    csvHeader(columns),
    rows.map((row) => csvCells(columns, row)),
  ];
  const sections: [string, [string[], CsvValue[][]]][] = [
    ['machines', section(machineCsv(context), await reports.machineRows(actor, query))],
    ['employees', section(employeeCsv(context), await reports.employeeRows(actor, query))],
    ['knives', section(knifeCsv(context), await reports.knifeRows(actor, query))],
    ['orders', section(orderCsv(context), await reports.cuttingJobRows(actor, query))],
  ];
  let file = BOM;
  for (const [key, [header, rows]] of sections) {
    file += csvRow([`# ${texts.section(key as (typeof REPORT_CSV_SECTIONS)[number])}`], texts.dialect);
    file += csvRow(header, texts.dialect);
    for (const row of rows) file += csvRow(row, texts.dialect);
    file += '\r\n';
  }
  return file;
}
