import { Readable } from 'node:stream';
import type { KnifeDetails, KnifeSummary } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { BOM, csvRow } from '../../lib/csv';
import {
  type CsvColumn,
  csvCells,
  csvColumns,
  csvHeader,
  type ExportTexts,
  exportFileName,
  exportTexts,
  tenantSlug,
} from '../../lib/csv-export';
import { findKnifeDetails, listKnifeViews } from './knife-views.repository';
import { type ComparisonQuery, type CsvQuery, filtersOf, tenantRunner } from './knives';

/**
 * The columns of the knife list export in the export's language (docs/exports.md): states and
 * swap urgencies as label and code, the latest scan as ISO 8601 and as local time.
 */
function listColumns(texts: ExportTexts, timeZone: string): CsvColumn<KnifeSummary>[] {
  const c = csvColumns(texts, timeZone);
  type K = KnifeSummary;
  return [
    ...c.plain<K>('rfid', (k) => k.rfid),
    ...c.plain<K>('articleNumber', (k) => k.articleNumber),
    ...c.plain<K>('knifeClass', (k) => k.knifeClassName),
    ...c.coded<K>('state', 'knifeState', (k) => k.state),
    ...c.coded<K>('swapUrgency', 'swapUrgency', (k) => k.swapUrgency),
    ...c.plain<K>('heightMm', (k) => k.height),
    ...c.plain<K>('backThicknessMm', (k) => k.backThickness),
    ...c.plain<K>('cutsSinceLastGrinding', (k) => k.cutsSinceLastGrinding),
    ...c.plain<K>('totalCuts', (k) => k.totalCuts),
    ...c.plain<K>('swapIntervalCuts', (k) => k.effectiveSwapInterval),
    ...c.plain<K>('latestScanLocation', (k) => k.latestScan.locationName),
    ...c.plain<K>('latestScanMachine', (k) => k.latestScan.machineName),
    ...c.instant<K>('latestScan', (k) => k.latestScan.at),
  ];
}

/** The rows of the comparison export: one row per property, one column per knife. */
function comparisonRows(texts: ExportTexts, timeZone: string): CsvColumn<KnifeDetails>[] {
  const c = csvColumns(texts, timeZone);
  type K = KnifeDetails;
  return [
    ...c.plain<K>('articleNumber', (k) => k.articleNumber),
    ...c.plain<K>('knifeClass', (k) => k.knifeClassName),
    ...c.coded<K>('state', 'knifeState', (k) => k.state),
    ...c.coded<K>('swapUrgency', 'swapUrgency', (k) => k.swapUrgency),
    ...c.plain<K>('angleVf', (k) => k.angleVf),
    ...c.plain<K>('angleHf', (k) => k.angleHf),
    ...c.plain<K>('angleTm', (k) => k.angleTm),
    ...c.plain<K>('heightMm', (k) => k.height),
    ...c.plain<K>('originalHeightMm', (k) => k.originalHeight),
    ...c.plain<K>('backThicknessMm', (k) => k.backThickness),
    ...c.plain<K>('originalBackThicknessMm', (k) => k.originalBackThickness),
    ...c.plain<K>('carrierMaterial', (k) => k.carrierMaterial),
    ...c.plain<K>('material', (k) => k.material),
    ...c.plain<K>('rotation', (k) => k.rotation),
    ...c.plain<K>('cutsSinceLastGrinding', (k) => k.cutsSinceLastGrinding),
    ...c.plain<K>('totalCuts', (k) => k.totalCuts),
    ...c.plain<K>('averageCutsPerCycle', (k) => k.averageCutsPerCycle),
    ...c.plain<K>('swapIntervalCuts', (k) => k.effectiveSwapInterval),
    ...c.plain<K>('latestScanLocation', (k) => k.latestScan.locationName),
    ...c.plain<K>('latestScanMachine', (k) => k.latestScan.machineName),
    ...c.instant<K>('latestScan', (k) => k.latestScan.at),
  ];
}

/** Streams the CSV: headers at once, then the rows a batch (own short transaction) at a time. */
function csvStream(lines: () => AsyncGenerator<string>): Readable {
  return Readable.from(
    (async function* () {
      yield BOM;
      yield* lines();
    })(),
    { objectMode: false },
  );
}

/** The knife CSV exports (docs/exports.md): the list and the comparison, streamed, and their file names. */
export function createKnifeExportsService(deps: { transactions: Transactions }) {
  const inTenant = tenantRunner(deps.transactions);

  return {
    /** The file name of a knife export: `knives-demo-2026-11-27` (the tenant and the day of the export). */
    async exportName(actor: Actor, what: string, timeZone: string): Promise<string> {
      const tenant = await inTenant(actor, (tx) => tenantSlug(tx, actor.tenantId));
      return exportFileName({ what, tenant, timeZone });
    },

    /** The knife list (every page of it, same filters and order) as CSV. */
    exportList(actor: Actor, query: CsvQuery): Readable {
      const texts = exportTexts(query.lang);
      const { dialect } = texts;
      const columns = listColumns(texts, query.timeZone);
      const filters = filtersOf(query);
      return csvStream(async function* () {
        yield csvRow(csvHeader(columns), dialect);
        const BATCH = 500;
        for (let page = 0; ; page++) {
          const { items } = await inTenant(actor, (tx) =>
            listKnifeViews(tx, filters, { page, pageSize: BATCH }),
          );
          for (const knife of items) yield csvRow(csvCells(columns, knife), dialect);
          if (items.length < BATCH) return;
        }
      });
    },

    /** Up to 5 knives side by side as CSV; refused as a whole when one of them is unknown. */
    async exportComparison(actor: Actor, query: ComparisonQuery): Promise<Readable> {
      const rfids = [...new Set(query.rfids)];
      const knives = await inTenant(actor, (tx) => findKnifeDetails(tx, rfids));
      if (knives.length !== rfids.length) throw new AppError('service.knives.KNIFE_NOT_FOUND');
      const texts = exportTexts(query.lang);
      const { dialect } = texts;
      return csvStream(async function* () {
        yield csvRow([texts.column('rfid'), ...knives.map((knife) => knife.rfid)], dialect);
        for (const row of comparisonRows(texts, query.timeZone))
          yield csvRow([row.header, ...knives.map((knife) => row.cell(knife))], dialect);
      });
    },
  };
}
