import { z } from 'zod';
import { CsvFileSchema, LanguageSchema, pageQuerySchema, pageSchema, TimeZoneSchema } from './common';
import { KnifeSwapUrgencySchema } from './machine-status';
import { KnifeSwapIntervalSchema, SORT_DIRECTIONS } from './printing-shop';
import { defineRoute } from './route';
import { RfidSchema } from './telemetry';
import { searchText, text } from './text';

// ---------------------------------------------------------------------------------------------
// Knives (product.md §3 "Knife", §7 "Knife server", at /api/knife)

/**
 * Where a knife is in its loop (product.md §4 "active, scrapped, or shipped", with shipped told apart by
 * direction): in use at its printing shop (ACTIVE), shipped to or held by a grinding shop
 * (AT_GRINDER), shipped back by the grinding shop and on its way home until its owner receives it
 * (SHIPPED_BACK), or retired for good (SCRAPPED). The one state of a knife: stored on the knife
 * (`knives.state`, knife module) and moved only along `KNIFE_STATE_TRANSITIONS`; every screen of
 * both companies shows this value (docs/architecture.md "Knife state").
 */
export const KNIFE_STATES = ['ACTIVE', 'AT_GRINDER', 'SHIPPED_BACK', 'SCRAPPED'] as const;
export const KnifeStateSchema = z.enum(KNIFE_STATES).meta({ id: 'KnifeState' });
export type KnifeState = z.infer<typeof KnifeStateSchema>;

/**
 * The moves a knife's state may make, and who makes them: the owner ships (ACTIVE → AT_GRINDER),
 * the grinding shop ships back (AT_GRINDER → SHIPPED_BACK) or scraps (AT_GRINDER → SCRAPPED), the
 * owner receives it back (SHIPPED_BACK → ACTIVE) or retires it (ACTIVE → SCRAPPED).
 */
export const KNIFE_STATE_TRANSITIONS = {
  ship: { from: ['ACTIVE'], to: 'AT_GRINDER' },
  shipBack: { from: ['AT_GRINDER'], to: 'SHIPPED_BACK' },
  scrapAtGrinder: { from: ['AT_GRINDER'], to: 'SCRAPPED' },
  receiveBack: { from: ['SHIPPED_BACK'], to: 'ACTIVE' },
  retire: { from: ['ACTIVE'], to: 'SCRAPPED' },
} as const satisfies Record<string, { from: readonly KnifeState[]; to: KnifeState }>;
export type KnifeStateTransition = keyof typeof KNIFE_STATE_TRANSITIONS;

/** A knife away from its owner (at a grinding shop or on its way back): the grinding workflow's. */
export const isKnifeAway = (state: KnifeState) => state === 'AT_GRINDER' || state === 'SHIPPED_BACK';

/** Knife comparison (product.md §5, §9): at most 5 knives side by side. */
export const MAX_COMPARED_KNIVES = 5;

/**
 * Article numbers (Kerf's format, `service.knives.INVALID_ARTICLE_NUMBER` otherwise): 3 to 32
 * characters, groups of letters A–Z and digits joined by single `-`, `.` or `/`, such as
 * `PM-K-1150`, `115.0370` or `HSS/137-24`. Stored in capitals.
 */
export const ARTICLE_NUMBER_PATTERN = /^[A-Z0-9]+(?:[-./][A-Z0-9]+)*$/;
export const ARTICLE_NUMBER_MIN = 3;
export const ARTICLE_NUMBER_MAX = 32;
export function isValidArticleNumber(value: string): boolean {
  const upper = value.toUpperCase();
  return (
    upper.length >= ARTICLE_NUMBER_MIN &&
    upper.length <= ARTICLE_NUMBER_MAX &&
    ARTICLE_NUMBER_PATTERN.test(upper)
  );
}

/** Knife dimensions in millimetres and angles in degrees, as measured after grinding. */
export const KNIFE_HEIGHT_MAX = 300;
export const KNIFE_THICKNESS_MAX = 50;
const millimetres = (max: number) => z.number().gt(0).max(max);
const degrees = z.number().min(0).max(90);

/** What a person enters about a knife (register and edit); the RFID is in the path when editing. */
const knifeFields = {
  /** checked by the service against the article-number format (INVALID_ARTICLE_NUMBER) */
  articleNumber: text({ min: 1, max: 64 }),
  knifeClassName: text({ min: 1, max: 100 }),
  height: millimetres(KNIFE_HEIGHT_MAX),
  backThickness: millimetres(KNIFE_THICKNESS_MAX),
  angleVf: degrees.nullable().optional(),
  angleHf: degrees.nullable().optional(),
  angleTm: degrees.nullable().optional(),
  carrierMaterial: text({ max: 100 }).nullable().optional(),
  material: text({ max: 100 }).nullable().optional(),
};

export const KnifeUpdateSchema = z
  .strictObject({
    ...knifeFields,
    /** ACTIVE keeps the knife in use; SCRAPPED retires it for good (shipping is the grinding workflow's) */
    state: z.enum(['ACTIVE', 'SCRAPPED']).optional(),
  })
  .meta({ id: 'KnifeUpdate' });
export type KnifeUpdate = z.input<typeof KnifeUpdateSchema>;

export const KnifeCreateSchema = z
  .strictObject({
    rfid: RfidSchema,
    ...knifeFields,
    knifeSwapInterval: KnifeSwapIntervalSchema.nullable().optional(),
  })
  .meta({ id: 'KnifeCreate' });
export type KnifeCreate = z.input<typeof KnifeCreateSchema>;

const LatestScanSchema = z
  .object({
    at: z.iso.datetime().nullable(),
    locationId: z.uuid().nullable(),
    locationName: z.string().nullable(),
    machineId: z.uuid().nullable(),
    machineName: z.string().nullable(),
  })
  .meta({ id: 'KnifeLatestScan' });

export const KnifeSummarySchema = z
  .object({
    rfid: z.string(),
    articleNumber: z.string().nullable(),
    knifeClassName: z.string().nullable(),
    height: z.number().nullable(),
    backThickness: z.number().nullable(),
    cutsSinceLastGrinding: z.number().int(),
    totalCuts: z.number().int(),
    /** the interval that applies: the knife's own, else its machine's, else its location's, else the default */
    effectiveSwapInterval: z.number().int(),
    swapUrgency: KnifeSwapUrgencySchema,
    state: KnifeStateSchema,
    latestScan: LatestScanSchema,
  })
  .meta({ id: 'KnifeSummary' });
export type KnifeSummary = z.infer<typeof KnifeSummarySchema>;

export const KnifeDetailsSchema = KnifeSummarySchema.extend({
  angleVf: z.number().nullable(),
  angleHf: z.number().nullable(),
  angleTm: z.number().nullable(),
  carrierMaterial: z.string().nullable(),
  material: z.string().nullable(),
  /** the knife's circuit: how many times it has been ground */
  rotation: z.number().int(),
  averageCutsPerCycle: z.number().nullable(),
  originalHeight: z.number().nullable(),
  originalBackThickness: z.number().nullable(),
  /** set on the knife itself, or null when it inherits */
  knifeSwapInterval: z.number().int().nullable(),
  swapIntervalSource: z.enum(['KNIFE', 'MACHINE', 'PRINTING_SHOP', 'DEFAULT']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).meta({ id: 'KnifeDetails' });
export type KnifeDetails = z.infer<typeof KnifeDetailsSchema>;

export const GrindingCycleSchema = z
  .object({
    id: z.uuid(),
    /** when the knife was sharpened (the spec's creationTimestamp) */
    sharpenedAt: z.iso.datetime(),
    /** the cuts of the cycle this grinding closed */
    cutsInCycle: z.number().int(),
    height: z.number().nullable(),
    backThickness: z.number().nullable(),
    angleVf: z.number().nullable(),
    angleHf: z.number().nullable(),
    angleTm: z.number().nullable(),
    /** the grinding shop's reference of the job, once grinding shops record their work */
    grindingReference: z.string().nullable(),
  })
  .meta({ id: 'GrindingCycle' });
export type GrindingCycle = z.infer<typeof GrindingCycleSchema>;

export const KNIFE_EVENT_KINDS = [
  'REGISTERED',
  'SCANNED_IN',
  'SCANNED_OUT',
  'GROUND',
  'EDITED',
  'STATE_CHANGED',
  'SWAP_INTERVAL_CHANGED',
] as const;
export const KnifeEventKindSchema = z.enum(KNIFE_EVENT_KINDS);
export type KnifeEventKind = z.infer<typeof KnifeEventKindSchema>;

export const KnifeHistoryEventSchema = z
  .object({
    at: z.iso.datetime(),
    kind: KnifeEventKindSchema,
    machineId: z.uuid().nullable(),
    machineName: z.string().nullable(),
    locationId: z.uuid().nullable(),
    locationName: z.string().nullable(),
    /** GROUND: the cycle's cuts and height after grinding */
    cutsInCycle: z.number().int().nullable(),
    height: z.number().nullable(),
    /** EDITED: the fields that changed; STATE_CHANGED: the new state; SWAP_INTERVAL_CHANGED: the value */
    changedFields: z.array(z.string()).nullable(),
    state: KnifeStateSchema.nullable(),
    value: z.number().int().nullable(),
    /** who did it (edits, state and interval changes) */
    actorName: z.string().nullable(),
  })
  .meta({ id: 'KnifeHistoryEvent' });
export type KnifeHistoryEvent = z.infer<typeof KnifeHistoryEventSchema>;

export const KNIFE_SORTS = [
  'RFID',
  'ARTICLE_NUMBER',
  'KNIFE_CLASS',
  'HEIGHT',
  'CUTS_SINCE_LAST_GRINDING',
  'TOTAL_CUTS',
  'SWAP_URGENCY',
  'LATEST_SCAN',
] as const;
export type KnifeSort = (typeof KNIFE_SORTS)[number];

const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    z.array(item).max(max),
  );

/** The filters of the knife list, shared by its CSV export. */
const knifeFilters = {
  /** part of the RFID, article number or knife class */
  search: searchText(100).optional(),
  locationIds: listOf(z.uuid(), 1000).optional(),
  states: listOf(KnifeStateSchema, KNIFE_STATES.length).optional(),
  urgencies: listOf(KnifeSwapUrgencySchema, 5).optional(),
  sort: z.enum(KNIFE_SORTS).default('SWAP_URGENCY'),
  sort_direction: z.enum(SORT_DIRECTIONS).default('DESCENDING'),
};

export const KnifeListQuerySchema = pageQuerySchema(10).extend(knifeFilters);
export type KnifeListQuery = z.input<typeof KnifeListQuerySchema>;

/** CSV: the language decides the separators (see `docs/architecture.md` "CSV exports"). */
/**
 * A CSV export's language (`lang`: separators, headers, labels, local times; docs/exports.md) and the
 * zone its timestamps are written in (`timeZone`, UTC by default).
 */
const csvDialectQuery = { lang: LanguageSchema.optional(), timeZone: TimeZoneSchema.default('UTC') };

export const KnifeCsvQuerySchema = z.strictObject({ ...knifeFilters, ...csvDialectQuery });

export const KnifeComparisonCsvQuerySchema = z.strictObject({
  rfids: listOf(RfidSchema, MAX_COMPARED_KNIVES).pipe(z.array(RfidSchema).min(1)),
  ...csvDialectQuery,
});

export const KnifeParamsSchema = z.strictObject({ rfid: RfidSchema });

const countsBy = <T extends z.ZodEnum>(values: T) => z.record(values, z.number().int());
const KnifeCountsSchema = z.object({
  total: z.number().int(),
  byState: countsBy(KnifeStateSchema),
  /** active knives only: knives away at a grinding shop and scrapped knives have no swap to plan */
  byUrgency: countsBy(KnifeSwapUrgencySchema),
});

export const KnifeManagerViewSchema = z
  .object({
    totals: KnifeCountsSchema,
    locations: z.array(
      KnifeCountsSchema.extend({
        /** null: knives not yet seen at any location */
        locationId: z.uuid().nullable(),
        locationName: z.string().nullable(),
      }),
    ),
    /** the active knives most in need of a swap, most urgent first (at most 5) */
    mostUrgent: z.array(KnifeSummarySchema),
  })
  .meta({ id: 'KnifeManagerView' });
export type KnifeManagerView = z.infer<typeof KnifeManagerViewSchema>;

export const KnifeMinimalSchema = z
  .object({ rfid: z.string(), articleNumber: z.string().nullable(), knifeClassName: z.string().nullable() })
  .meta({ id: 'KnifeMinimal' });

/** A CSV file (UTF-8 with BOM), streamed. */

// ---------------------------------------------------------------------------------------------
// Routes (product.md §7 "Knife server")

const MODULE = 'knife' as const;
const NOT_FOUND = ['service.knives.KNIFE_NOT_FOUND'] as const;

export const listKnives = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/knives',
  summary: 'Knives of the printing shop: search, filter by location, state and urgency, sort, page',
  access: 'knives:read',
  apiScope: 'knives:read',
  query: KnifeListQuerySchema,
  responses: { 200: pageSchema(KnifeSummarySchema).meta({ id: 'KnifePage' }) },
  errors: [],
});

export const createKnife = defineRoute({
  module: MODULE,
  method: 'POST',
  path: '/knives',
  summary: 'Register a new knife with its measurements (they become its originals)',
  specAddition:
    'product.md §7 lists no way to register a knife before a machine reads its tag; the manager enters a new knife with its measured originals',
  access: 'knives:manage',
  body: KnifeCreateSchema,
  responses: { 201: KnifeDetailsSchema },
  errors: ['service.knives.KNIFE_ALREADY_EXISTS', 'service.knives.INVALID_ARTICLE_NUMBER'],
});

export const getKnivesManagerView = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/knives/manager-view',
  summary: "The manager's knife overview: counts by urgency and state per location, the most urgent knives",
  access: 'knives:read',
  responses: { 200: KnifeManagerViewSchema },
  errors: [],
});

export const getKnivesGroupedByPrintingShop = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/knives/grouped-by-printing-shop-ids',
  summary: 'Knives per location (by their latest scan), for the given locations or all',
  access: 'knives:read',
  query: z.strictObject({ printingShopIds: listOf(z.uuid(), 1000).optional() }),
  responses: { 200: z.record(z.string(), z.array(KnifeSummarySchema)) },
  errors: [],
});

export const listKnivesMinimal = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/knives/minimal-info',
  summary: 'RFID, article number and class of every knife (page 0, size 1000 by default)',
  access: 'knives:read',
  query: pageQuerySchema(1000),
  responses: { 200: pageSchema(KnifeMinimalSchema).meta({ id: 'KnifeMinimalPage' }) },
  errors: [],
});

export const exportKnivesCsv = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/knives/csv-export',
  summary: 'The knife list as CSV (same filters and order as the list, every page), streamed',
  access: 'knives:read',
  apiScope: 'knives:read',
  query: KnifeCsvQuerySchema,
  responses: { 200: CsvFileSchema },
  errors: [],
});

export const exportKnifeComparisonCsv = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/knives/comparison/csv-export',
  summary: 'Up to 5 knives side by side as CSV (one column per knife), streamed',
  access: 'knives:read',
  query: KnifeComparisonCsvQuerySchema,
  responses: { 200: CsvFileSchema },
  errors: [...NOT_FOUND],
});

export const getKnife = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/knives/:rfid',
  summary:
    'One knife with its measurements, counters, swap urgency, latest scan and state (lang: the UI language; the answer holds codes the client translates)',
  access: 'knives:read',
  apiScope: 'knives:read',
  params: KnifeParamsSchema,
  query: z.strictObject({ lang: LanguageSchema.optional() }),
  responses: { 200: KnifeDetailsSchema },
  errors: [...NOT_FOUND],
});

export const updateKnife = defineRoute({
  module: MODULE,
  method: 'PUT',
  path: '/knives/:rfid',
  summary: 'Edit a knife; height and back thickness may never exceed the original',
  specAddition: 'product.md §2 has a knife edit dialog but §7 lists no endpoint for it (issue 11)',
  access: 'knives:manage',
  params: KnifeParamsSchema,
  body: KnifeUpdateSchema,
  responses: { 200: KnifeDetailsSchema },
  errors: [
    ...NOT_FOUND,
    'service.knives.KNIFE_HEIGHT_INCREASED',
    'service.knives.KNIFE_THICKNESS_INCREASED',
    'service.knives.KNIFE_IS_SCRAPPED',
    'service.knives.KNIFE_ALREADY_SHIPPED',
    'service.knives.INVALID_ARTICLE_NUMBER',
  ],
});

export const listGrindingCycles = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/knives/:rfid/grinding-cycles',
  summary: "The knife's grinding cycles, oldest first",
  access: 'knives:read',
  params: KnifeParamsSchema,
  responses: { 200: z.array(GrindingCycleSchema) },
  errors: [...NOT_FOUND],
});

export const listKnifeEvents = defineRoute({
  module: MODULE,
  method: 'GET',
  path: '/knives/:rfid/events',
  summary: "The knife's history: scans in and out of machines, grindings, edits, state and interval changes",
  specAddition: 'product.md §2 shows a knife history on the knife details; §7 lists no endpoint for it',
  access: 'knives:read',
  params: KnifeParamsSchema,
  query: pageQuerySchema(50),
  responses: { 200: pageSchema(KnifeHistoryEventSchema).meta({ id: 'KnifeHistoryPage' }) },
  errors: [...NOT_FOUND],
});

/** The knife routes, in registration order (static paths before parameterised ones). */
export const knifeRoutes = [
  listKnives,
  createKnife,
  getKnivesManagerView,
  getKnivesGroupedByPrintingShop,
  listKnivesMinimal,
  exportKnivesCsv,
  exportKnifeComparisonCsv,
  getKnife,
  updateKnife,
  listGrindingCycles,
  listKnifeEvents,
] as const;
