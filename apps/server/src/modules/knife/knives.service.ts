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
import { recordAudit } from '../../db/audit.repository';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { BOM, type CsvValue, csvDialect, csvRow, csvTimestamp } from '../../lib/csv';
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

/** The columns of the knife list export (English names: stable for imports; codes as in the API). */
const LIST_COLUMNS: [string, (knife: KnifeSummary) => CsvValue][] = [
  ['RFID', (k) => k.rfid],
  ['Article number', (k) => k.articleNumber],
  ['Knife class', (k) => k.knifeClassName],
  ['State', (k) => k.state],
  ['Swap urgency', (k) => k.swapUrgency],
  ['Height (mm)', (k) => k.height],
  ['Back thickness (mm)', (k) => k.backThickness],
  ['Cuts since last grinding', (k) => k.cutsSinceLastGrinding],
  ['Total cuts', (k) => k.totalCuts],
  ['Swap interval (cuts)', (k) => k.effectiveSwapInterval],
  ['Latest scan location', (k) => k.latestScan.locationName],
  ['Latest scan machine', (k) => k.latestScan.machineName],
  ['Latest scan (UTC)', (k) => csvTimestamp(k.latestScan.at)],
];

/** The rows of the comparison export: one row per property, one column per knife. */
const COMPARISON_ROWS: [string, (knife: KnifeDetails) => CsvValue][] = [
  ['Article number', (k) => k.articleNumber],
  ['Knife class', (k) => k.knifeClassName],
  ['State', (k) => k.state],
  ['Swap urgency', (k) => k.swapUrgency],
  ['Angle VF (°)', (k) => k.angleVf],
  ['Angle HF (°)', (k) => k.angleHf],
  ['Angle TM (°)', (k) => k.angleTm],
  ['Height (mm)', (k) => k.height],
  ['Original height (mm)', (k) => k.originalHeight],
  ['Back thickness (mm)', (k) => k.backThickness],
  ['Original back thickness (mm)', (k) => k.originalBackThickness],
  ['Carrier material', (k) => k.carrierMaterial],
  ['Material', (k) => k.material],
  ['Rotation', (k) => k.rotation],
  ['Cuts since last grinding', (k) => k.cutsSinceLastGrinding],
  ['Total cuts', (k) => k.totalCuts],
  ['Average cuts per cycle', (k) => k.averageCutsPerCycle],
  ['Swap interval (cuts)', (k) => k.effectiveSwapInterval],
  ['Latest scan location', (k) => k.latestScan.locationName],
  ['Latest scan machine', (k) => k.latestScan.machineName],
  ['Latest scan (UTC)', (k) => csvTimestamp(k.latestScan.at)],
];

/**
 * The knife server of spec §7 (`/api/knife`): the manager's knife list, details, grinding cycles,
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
        await recordAudit(tx, {
          tenantId: actor.tenantId,
          actorUserId: actor.userId,
          action: KNIFE_AUDIT.created,
          targetType: 'knife',
          targetId: input.rfid,
          ip: actor.ip,
        });
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
          await recordAudit(tx, {
            tenantId: actor.tenantId,
            actorUserId: actor.userId,
            action: KNIFE_AUDIT.updated,
            targetType: 'knife',
            targetId: rfid,
            ip: actor.ip,
            details: { changedFields, ...(state !== knife.state ? { state } : {}) },
          });
        }
        return requireDetails(tx, rfid);
      });
    },

    /** The knife list (every page of it, same filters and order) as CSV. */
    exportList(actor: Actor, query: CsvQuery): Readable {
      const dialect = csvDialect(query.lang);
      const filters = filtersOf(query);
      return csvStream(async function* () {
        yield csvRow(
          LIST_COLUMNS.map(([header]) => header),
          dialect,
        );
        const BATCH = 500;
        for (let page = 0; ; page++) {
          const { items } = await inTenant(actor, (tx) =>
            listKnifeViews(tx, filters, { page, pageSize: BATCH }),
          );
          for (const knife of items)
            yield csvRow(
              LIST_COLUMNS.map(([, value]) => value(knife)),
              dialect,
            );
          if (items.length < BATCH) return;
        }
      });
    },

    /** Up to 5 knives side by side as CSV; refused as a whole when one of them is unknown. */
    async exportComparison(actor: Actor, query: ComparisonQuery): Promise<Readable> {
      const rfids = [...new Set(query.rfids)];
      const knives = await inTenant(actor, (tx) => findKnifeDetails(tx, rfids));
      if (knives.length !== rfids.length) throw new AppError('service.knives.KNIFE_NOT_FOUND');
      const dialect = csvDialect(query.lang);
      return csvStream(async function* () {
        yield csvRow(['RFID', ...knives.map((knife) => knife.rfid)], dialect);
        for (const [label, value] of COMPARISON_ROWS)
          yield csvRow([label, ...knives.map((knife) => value(knife))], dialect);
      });
    },
  };
}

export type KnivesService = ReturnType<typeof createKnivesService>;
