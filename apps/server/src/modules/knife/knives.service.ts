import { Readable } from 'node:stream';
import {
  isKnifeAway,
  isValidArticleNumber,
  KNIFE_STATES,
  KNIFE_SWAP_URGENCIES,
  type KnifeComparisonCsvQuerySchema,
  type KnifeCreateSchema,
  type KnifeCsvQuerySchema,
  type KnifeDetails,
  type KnifeListQuerySchema,
  type KnifeManagerView,
  type KnifeState,
  type KnifeSummary,
  type KnifeSwapUrgency,
  type KnifeUpdateSchema,
  type Page,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
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
import {
  countKnives,
  findKnifeDetails,
  KNIFE_AUDIT,
  type KnifeFilters,
  knivesByLocation,
  listGrindingCycleRows,
  listKnifeEventRows,
  listKnifeViews,
  listMinimalKnives,
} from './knife-views.repository';
import { insertKnife, type KnifeValues, lockKnife, updateKnife } from './knives.repository';

type ListQuery = z.output<typeof KnifeListQuerySchema>;
type CsvQuery = z.output<typeof KnifeCsvQuerySchema>;
type ComparisonQuery = z.output<typeof KnifeComparisonCsvQuerySchema>;
type KnifeUpdate = z.output<typeof KnifeUpdateSchema>;
type KnifeCreate = z.output<typeof KnifeCreateSchema>;

/** Measurements are compared with a tolerance far below what a gauge reads (0.01 mm). */
const EPSILON = 1e-6;

function filtersOf(query: ListQuery | CsvQuery): KnifeFilters {
  return {
    search: query.search || undefined,
    locationIds: query.locationIds,
    states: query.states,
    urgencies: query.urgencies,
    sort: query.sort,
    descending: query.sort_direction === 'DESCENDING',
  };
}

function knifeValues(input: KnifeUpdate | KnifeCreate): KnifeValues {
  if (!isValidArticleNumber(input.articleNumber))
    throw new AppError('service.knives.INVALID_ARTICLE_NUMBER', {
      details: { fields: [{ field: 'articleNumber', in: 'body', code: 'INVALID_FORMAT' }] },
    });
  return {
    articleNumber: input.articleNumber.toUpperCase(),
    knifeClassName: input.knifeClassName,
    height: input.height,
    backThickness: input.backThickness,
    angleVf: input.angleVf ?? null,
    angleHf: input.angleHf ?? null,
    angleTm: input.angleTm ?? null,
    carrierMaterial: input.carrierMaterial || null,
    material: input.material || null,
  };
}

const zeroCounts = <T extends string>(keys: readonly T[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<T, number>;

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

/**
 * The knife server of product.md §7 (`/api/knife`): the manager's knife list, details, grinding cycles,
 * history, overview, CSV exports, and registering and editing knives. Every knife of the tenant is
 * visible to a holder of `knives:read`, as locations and machines are to `locations:read` (the
 * printing-shop module does not narrow a manager to their assigned locations either).
 */
export function createKnivesService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  async function requireDetails(tx: Tx, rfid: string): Promise<KnifeDetails> {
    const [knife] = await findKnifeDetails(tx, [rfid]);
    if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
    return knife;
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

  return {
    async list(actor: Actor, query: ListQuery): Promise<Page<KnifeSummary>> {
      const { items, total } = await inTenant(actor, (tx) =>
        listKnifeViews(tx, filtersOf(query), { page: query.page, pageSize: query.page_size }),
      );
      return { items, total, page: query.page, pageSize: query.page_size };
    },

    details: (actor: Actor, rfid: string) => inTenant(actor, (tx) => requireDetails(tx, rfid)),

    grindingCycles: (actor: Actor, rfid: string) =>
      inTenant(actor, async (tx) => {
        await requireDetails(tx, rfid);
        return listGrindingCycleRows(tx, rfid);
      }),

    events: (actor: Actor, rfid: string, page: number, pageSize: number) =>
      inTenant(actor, async (tx) => {
        await requireDetails(tx, rfid);
        const { items, total } = await listKnifeEventRows(tx, rfid, { page, pageSize });
        return { items, total, page, pageSize };
      }),

    async managerView(actor: Actor): Promise<KnifeManagerView> {
      return inTenant(actor, async (tx) => {
        const rows = await countKnives(tx);
        const blank = () => ({
          total: 0,
          byState: zeroCounts(KNIFE_STATES),
          byUrgency: zeroCounts(KNIFE_SWAP_URGENCIES),
        });
        const totals = blank();
        const byLocation = new Map<
          string | null,
          ReturnType<typeof blank> & { locationName: string | null }
        >();
        for (const row of rows) {
          const location = byLocation.get(row.locationId) ?? { ...blank(), locationName: row.locationName };
          byLocation.set(row.locationId, location);
          for (const counts of [totals, location]) {
            counts.total += row.count;
            counts.byState[row.state] += row.count;
            if (row.state === 'ACTIVE') counts.byUrgency[row.swapUrgency as KnifeSwapUrgency] += row.count;
          }
        }
        const urgent = await listKnifeViews(
          tx,
          {
            states: ['ACTIVE'],
            urgencies: ['SWAP_REQUIRED', 'SWAP_SOON', 'SWAP_PREFERRED'],
            sort: 'SWAP_URGENCY',
            descending: true,
          },
          { page: 0, pageSize: 5 },
        );
        return {
          totals,
          locations: [...byLocation].map(([locationId, counts]) => ({ locationId, ...counts })),
          mostUrgent: urgent.items,
        };
      });
    },

    groupedByLocation: (actor: Actor, locationIds: string[] | undefined) =>
      inTenant(actor, (tx) => knivesByLocation(tx, locationIds)),

    async minimal(actor: Actor, page: number, pageSize: number) {
      const { items, total } = await inTenant(actor, (tx) => listMinimalKnives(tx, page, pageSize));
      return { items, total, page, pageSize };
    },

    async create(actor: Actor, input: KnifeCreate): Promise<KnifeDetails> {
      const values = knifeValues(input);
      return inTenant(actor, async (tx) => {
        const inserted = await insertKnife(tx, actor.tenantId, {
          rfid: input.rfid,
          ...values,
          knifeSwapInterval: input.knifeSwapInterval ?? null,
        });
        if (!inserted) throw new AppError('service.knives.KNIFE_ALREADY_EXISTS');
        await audit(tx, actor, KNIFE_AUDIT.created, 'knife', input.rfid);
        return requireDetails(tx, input.rfid);
      });
    },

    /**
     * Edits a knife in use. A knife at the grinder is the grinding shop's to change, a scrapped one
     * nobody's; height and back thickness only ever shrink (grinding removes material), so neither
     * may exceed what the knife measured when it was registered.
     */
    async update(actor: Actor, rfid: string, input: KnifeUpdate): Promise<KnifeDetails> {
      return inTenant(actor, async (tx) => {
        const knife = await lockKnife(tx, rfid);
        if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        if (knife.state === 'SCRAPPED') throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
        // At the grinding shop or on its way back: the grinding workflow's until its owner receives it.
        if (isKnifeAway(knife.state)) throw new AppError('service.knives.KNIFE_ALREADY_SHIPPED');
        const values = knifeValues(input);
        if (knife.originalHeight !== null && values.height > knife.originalHeight + EPSILON)
          throw new AppError('service.knives.KNIFE_HEIGHT_INCREASED', {
            details: { fields: [{ field: 'height', in: 'body', code: 'TOO_BIG' }] },
          });
        if (
          knife.originalBackThickness !== null &&
          values.backThickness > knife.originalBackThickness + EPSILON
        )
          throw new AppError('service.knives.KNIFE_THICKNESS_INCREASED', {
            details: { fields: [{ field: 'backThickness', in: 'body', code: 'TOO_BIG' }] },
          });
        const state: KnifeState = input.state ?? knife.state;
        const changedFields = (Object.keys(values) as (keyof KnifeValues)[]).filter(
          (key) => values[key] !== knife[key],
        );
        await updateKnife(tx, rfid, { ...values, state });
        if (changedFields.length > 0 || state !== knife.state) {
          await audit(tx, actor, KNIFE_AUDIT.updated, 'knife', rfid, {
            changedFields,
            ...(state !== knife.state ? { state } : {}),
          });
        }
        return requireDetails(tx, rfid);
      });
    },

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

export type KnivesService = ReturnType<typeof createKnivesService>;
