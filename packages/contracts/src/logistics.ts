import { z } from 'zod';
import { TenantSlugSchema } from './auth';
import { pageQuerySchema, pageSchema } from './common';
import {
  GrindingCycleSchema,
  KNIFE_HEIGHT_MAX,
  KNIFE_THICKNESS_MAX,
  KnifeParamsSchema,
  KnifeStateSchema,
} from './knife';
import { defineRoute } from './route';
import { RfidSchema } from './telemetry';
import { text } from './text';

// ---------------------------------------------------------------------------------------------
// Knife logistics between a printing shop and its grinding shops (issue 13): partnerships,
// shipments, the knife's stays with a grinding shop (custody), its passport and its forecast.
// Printing-shop calls live in the knife module (/api/knife), grinding-shop calls in the grinding-shop
// module (/api/grinding-shop). None is in product.md §7: each says why it is added.

export const PARTNERSHIP_STATES = ['INVITED', 'ACTIVE', 'ENDED'] as const;
export const PartnershipStateSchema = z.enum(PARTNERSHIP_STATES).meta({ id: 'PartnershipState' });
export type PartnershipState = z.infer<typeof PartnershipStateSchema>;

export const PartnershipSchema = z
  .object({
    id: z.uuid(),
    printingShopName: z.string(),
    grindingShopName: z.string(),
    state: PartnershipStateSchema,
    invitedAt: z.iso.datetime(),
    acceptedAt: z.iso.datetime().nullable(),
    endedAt: z.iso.datetime().nullable(),
    /** knives of this partnership with the grinding shop now (sent, not yet back or scrapped) */
    knivesAtGrinder: z.number().int(),
  })
  .meta({ id: 'Partnership' });
export type Partnership = z.infer<typeof PartnershipSchema>;

export const PartnershipInviteSchema = z
  .strictObject({
    /** the grinding shop's client ID (the tenant ID typed at login) */
    grindingShopClient: TenantSlugSchema,
  })
  .meta({ id: 'PartnershipInvite' });
export type PartnershipInvite = z.input<typeof PartnershipInviteSchema>;

/**
 * One stay of a knife with a grinding shop (a line of a shipment): when it was sent, received by
 * the grinding shop, shipped back, received home again or scrapped. It has no state of its own:
 * `state` is the knife's one state (`KnifeStateSchema`, stored on the knife) — read from the knife
 * while this is its latest stay and the reader may see the knife, otherwise the state this stay
 * left it in (a grinding shop no longer sees a knife it has sent home).
 */
export const CustodySchema = z
  .object({
    id: z.uuid(),
    rfid: z.string(),
    /** the printing shop that owns the knife: with the RFID, how a grinding shop names a knife */
    ownerId: z.uuid(),
    articleNumber: z.string().nullable(),
    knifeClassName: z.string().nullable(),
    ownerName: z.string(),
    grindingShopName: z.string(),
    state: KnifeStateSchema,
    sentAt: z.iso.datetime(),
    /** received by the grinding shop (null: still on its way there) */
    receivedAt: z.iso.datetime().nullable(),
    /** shipped back by the grinding shop */
    returnedAt: z.iso.datetime().nullable(),
    /** received back by its owner (null while SHIPPED_BACK) */
    deliveredAt: z.iso.datetime().nullable(),
    scrappedAt: z.iso.datetime().nullable(),
    outboundShipmentId: z.uuid(),
    returnShipmentId: z.uuid().nullable(),
    /** grinding cycles recorded in this stay */
    cycles: z.number().int(),
  })
  .meta({ id: 'KnifeCustody' });
export type Custody = z.infer<typeof CustodySchema>;

export const SHIPMENT_DIRECTIONS = ['TO_GRINDER', 'TO_OWNER'] as const;
export const ShipmentDirectionSchema = z.enum(SHIPMENT_DIRECTIONS).meta({ id: 'ShipmentDirection' });
export type ShipmentDirection = z.infer<typeof ShipmentDirectionSchema>;

export const ShipmentSchema = z
  .object({
    id: z.uuid(),
    partnershipId: z.uuid(),
    direction: ShipmentDirectionSchema,
    printingShopName: z.string(),
    grindingShopName: z.string(),
    shippedAt: z.iso.datetime(),
    /** the knives' stays this shipment opened (TO_GRINDER) or closed (TO_OWNER), as they are now */
    knives: z.array(CustodySchema),
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof ShipmentSchema>;

/** One shipment carries at most this many knives (a grinding shop's crate holds far fewer). */
export const MAX_SHIPMENT_KNIVES = 50;
const rfidList = z.array(RfidSchema).min(1).max(MAX_SHIPMENT_KNIVES);

export const ShipmentCreateSchema = z
  .strictObject({ partnershipId: z.uuid(), rfids: rfidList })
  .meta({ id: 'ShipmentCreate' });
export type ShipmentCreate = z.input<typeof ShipmentCreateSchema>;

/** Knives go back to one owner per shipment, named by that owner and their RFIDs (never RFIDs alone). */
export const ShipmentReturnSchema = z
  .strictObject({ owner: z.uuid(), rfids: rfidList })
  .meta({ id: 'ShipmentReturn' });
export type ShipmentReturn = z.input<typeof ShipmentReturnSchema>;

const millimetres = (max: number) => z.number().gt(0).max(max);
const degrees = z.number().min(0).max(90);

/** What the grinder measures after grinding (product.md §3 "Grinding cycle"). */
export const GrindingCycleRecordSchema = z
  .strictObject({
    /** when it was sharpened; now when left out; never in the future */
    sharpenedAt: z.iso.datetime().optional(),
    height: millimetres(KNIFE_HEIGHT_MAX),
    backThickness: millimetres(KNIFE_THICKNESS_MAX),
    angleVf: degrees.nullable().optional(),
    angleHf: degrees.nullable().optional(),
    angleTm: degrees.nullable().optional(),
    /** the grinding shop's own job reference */
    grindingReference: text({ max: 64 }).nullable().optional(),
  })
  .meta({ id: 'GrindingCycleRecord' });
export type GrindingCycleRecord = z.input<typeof GrindingCycleRecordSchema>;

/**
 * Minimum height (Kerf's rule, stated here because product.md §3 gives none): a knife may lose at most
 * `REGRIND_ALLOWANCE_MM` of its original height to grinding; below that it must be scrapped.
 * Guillotine knife makers allow 20–30 mm for HSS knives of 120–150 mm; we take the cautious end.
 */
export const REGRIND_ALLOWANCE_MM = 25;
/** Height lost per regrind assumed while a knife has no measured grind yet (0.3–1.0 mm, midpoint). */
export const DEFAULT_LOSS_PER_GRIND_MM = 0.65;

export const KnifeForecastSchema = z
  .object({
    rfid: z.string(),
    height: z.number().nullable(),
    originalHeight: z.number().nullable(),
    /** original height − REGRIND_ALLOWANCE_MM */
    minimumHeight: z.number().nullable(),
    /** mean height lost per grinding: measured over the knife's cycles, or the default */
    averageLossPerGrind: z.number(),
    lossSource: z.enum(['MEASURED', 'DEFAULT']),
    /** how many more times it can be ground before it falls below the minimum height */
    regrindsLeft: z.number().int().nullable(),
    averageCutsPerCycle: z.number().nullable(),
    /** cuts until scrapping: the current cycle's rest plus a full cycle per regrind left */
    estimatedCutsLeft: z.number().int().nullable(),
    /** mean days between its grindings, and when it will likely be scrapped at that pace */
    averageDaysBetweenGrinds: z.number().nullable(),
    estimatedEndOfLife: z.iso.datetime().nullable(),
    state: KnifeStateSchema,
  })
  .meta({ id: 'KnifeForecast' });
export type KnifeForecast = z.infer<typeof KnifeForecastSchema>;

export const PASSPORT_EVENT_KINDS = [
  'REGISTERED',
  'SCANNED_IN',
  'SCANNED_OUT',
  'SHIPPED',
  'RECEIVED',
  'GROUND',
  'SHIPPED_BACK',
  'RECEIVED_BACK',
  'SCRAPPED',
  /** another company's knife with the same RFID was refused at the same grinding shop (issue 31) */
  'RFID_CONFLICT',
] as const;
export const PassportEventKindSchema = z.enum(PASSPORT_EVENT_KINDS).meta({ id: 'PassportEventKind' });
export type PassportEventKind = z.infer<typeof PassportEventKindSchema>;

export const PassportEventSchema = z
  .object({
    at: z.iso.datetime(),
    kind: PassportEventKindSchema,
    /** the company that held the knife at that moment */
    holderName: z.string(),
    holderKind: z.enum(['PRINTING_SHOP', 'GRINDING_SHOP']),
    /** scans: the machine and its location */
    machineName: z.string().nullable(),
    locationName: z.string().nullable(),
    /** GROUND: the cycle's cuts and measurements after grinding */
    cutsInCycle: z.number().int().nullable(),
    height: z.number().nullable(),
    backThickness: z.number().nullable(),
    grindingReference: z.string().nullable(),
    shipmentId: z.uuid().nullable(),
  })
  .meta({ id: 'PassportEvent' });
export type PassportEvent = z.infer<typeof PassportEventSchema>;

export const KnifePassportSchema = z
  .object({
    rfid: z.string(),
    articleNumber: z.string().nullable(),
    knifeClassName: z.string().nullable(),
    ownerName: z.string(),
    /** OWNER sees the whole chain; GRINDING_SHOP only its own stays and the cycles it recorded */
    viewer: z.enum(['OWNER', 'GRINDING_SHOP']),
    /** who held it when: the owner between stays, a grinding shop during each stay; newest first */
    custody: z.array(CustodySchema),
    /** newest first; machine scans are the latest PASSPORT_SCAN_LIMIT */
    events: z.array(PassportEventSchema),
  })
  .meta({ id: 'KnifePassport' });
export type KnifePassport = z.infer<typeof KnifePassportSchema>;
export const PASSPORT_SCAN_LIMIT = 200;

/**
 * An RFID two companies claimed at one grinding shop (issue 31): a printing shop tried to send a
 * knife whose RFID another company's knife already has there. The company refused, the company
 * holding the stay and the grinding shop each see it; none learns the other company's name from it.
 */
export const RfidConflictSchema = z
  .object({
    id: z.uuid(),
    rfid: z.string(),
    grindingShopName: z.string(),
    at: z.iso.datetime(),
    /** REFUSED: this company's shipment was refused; HOLDING: this company's knife was there first */
    side: z.enum(['REFUSED', 'HOLDING', 'GRINDING_SHOP']),
  })
  .meta({ id: 'RfidConflict' });
export type RfidConflict = z.infer<typeof RfidConflictSchema>;

/** The knife as the grinding shop sees it while it holds it. */
export const GrinderKnifeSchema = z
  .object({
    rfid: z.string(),
    articleNumber: z.string().nullable(),
    knifeClassName: z.string().nullable(),
    ownerName: z.string(),
    state: KnifeStateSchema,
    height: z.number().nullable(),
    backThickness: z.number().nullable(),
    originalHeight: z.number().nullable(),
    originalBackThickness: z.number().nullable(),
    angleVf: z.number().nullable(),
    angleHf: z.number().nullable(),
    angleTm: z.number().nullable(),
    material: z.string().nullable(),
    rotation: z.number().int(),
    cutsSinceLastGrinding: z.number().int(),
    totalCuts: z.number().int(),
    custody: CustodySchema,
    /** cycles this grinding shop recorded on the knife, newest first */
    cycles: z.array(GrindingCycleSchema),
    forecast: KnifeForecastSchema,
  })
  .meta({ id: 'GrinderKnife' });
export type GrinderKnife = z.infer<typeof GrinderKnifeSchema>;

// ---------------------------------------------------------------------------------------------
// Routes

const WHY_PARTNERS =
  'issue 13: only partners exchange knives; product.md §7 has no partnership calls (a printing shop invites, the grinding shop accepts, either ends)';
const WHY_SHIPMENTS = 'issue 13: knife logistics between companies; product.md §7 lists no shipment calls';
const WHY_PASSPORT = "issue 13: the knife's chain of custody across companies; not in product.md §7";
const WHY_FORECAST = 'issue 13: remaining-life forecast per knife; not in product.md §7';
const WHY_WORKBENCH =
  "issue 13: the grinder's workbench (receive, grind, ship back, scrap); not in product.md §7";
const NOT_FOUND = ['service.knives.KNIFE_NOT_FOUND'] as const;
const IdParams = z.strictObject({ id: z.uuid() });
/**
 * A grinding shop names a knife by its owner and RFID (issue 31): RFIDs are unique per printing
 * shop only, so two partners may send knives with the same RFID.
 */
const OwnerQuery = z.strictObject({ owner: z.uuid() });
const WHY_RECEIVE_BACK =
  'issue 29: a knife shipped back is SHIPPED_BACK until its printing shop receives it; product.md §7 lists no call for that';

// Printing shop (knife module)

export const listPartnerships = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/partnerships',
  summary: "The printing shop's grinding-shop partnerships, open ones first",
  specAddition: WHY_PARTNERS,
  access: 'knives:read',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 200: z.array(PartnershipSchema) },
  errors: [],
});

export const invitePartner = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/partnerships',
  summary: 'Invite a grinding shop by its client ID (answers the open partnership if there is one)',
  specAddition: WHY_PARTNERS,
  access: 'knives:manage',
  tenantKinds: ['PRINTING_SHOP'],
  body: PartnershipInviteSchema,
  responses: { 201: PartnershipSchema },
  errors: ['service.knives.TENANT_NOT_FOUND'],
});

export const endPartnershipAsOwner = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/partnerships/:id/end',
  summary: 'End a partnership (knives still at the grinder can still be shipped back)',
  specAddition: WHY_PARTNERS,
  access: 'knives:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: IdParams,
  responses: { 200: PartnershipSchema },
  errors: ['common.NOT_FOUND'],
});

export const listShipments = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/shipments',
  summary: 'Shipments to and from grinding shops, newest first, with where each knife is now',
  specAddition: WHY_SHIPMENTS,
  access: 'knives:read',
  tenantKinds: ['PRINTING_SHOP'],
  query: pageQuerySchema(20),
  responses: { 200: pageSchema(ShipmentSchema).meta({ id: 'ShipmentPage' }) },
  errors: [],
});

export const shipKnives = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/shipments',
  summary:
    "Send knives in use to a partner grinding shop (they become AT_GRINDER); refused as a whole when the grinding shop holds another company's knife with one of the RFIDs",
  specAddition: WHY_SHIPMENTS,
  access: 'knives:manage',
  tenantKinds: ['PRINTING_SHOP'],
  body: ShipmentCreateSchema,
  responses: { 201: ShipmentSchema },
  errors: [
    ...NOT_FOUND,
    'service.knives.KNIFE_ALREADY_SHIPPED',
    'service.knives.KNIFE_IS_SCRAPPED',
    'service.knives.KNIFE_RFID_HELD_FOR_ANOTHER_OWNER',
    'common.NOT_FOUND',
  ],
});

export const receiveKnifeBack = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/knives/:rfid/receive',
  summary: 'Receive a knife its grinding shop shipped back (SHIPPED_BACK → ACTIVE); again changes nothing',
  specAddition: WHY_RECEIVE_BACK,
  access: 'knives:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: KnifeParamsSchema,
  responses: { 200: CustodySchema },
  errors: [...NOT_FOUND, 'service.knives.KNIFE_ALREADY_SHIPPED', 'service.knives.KNIFE_IS_SCRAPPED'],
});

export const receiveShipmentBack = defineRoute({
  module: 'knife',
  method: 'POST',
  path: '/shipments/:id/receive',
  summary: 'Receive every knife of a shipment back from the grinding shop that is still on its way',
  specAddition: WHY_RECEIVE_BACK,
  access: 'knives:manage',
  tenantKinds: ['PRINTING_SHOP'],
  params: IdParams,
  responses: { 200: ShipmentSchema },
  errors: ['common.NOT_FOUND'],
});

export const listRfidConflicts = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/rfid-conflicts',
  summary: 'RFIDs this printing shop and another company both sent to one grinding shop, newest first',
  specAddition:
    'issue 31: an RFID already at a grinding shop for another owner is a conflict both owners see',
  access: 'knives:read',
  tenantKinds: ['PRINTING_SHOP'],
  responses: { 200: z.array(RfidConflictSchema) },
  errors: [],
});

export const getKnifePassport = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/knives/:rfid/passport',
  summary: "The knife's passport: who held it when, each scan, each grinding, each shipment",
  specAddition: WHY_PASSPORT,
  access: 'knives:read',
  tenantKinds: ['PRINTING_SHOP'],
  params: KnifeParamsSchema,
  responses: { 200: KnifePassportSchema },
  errors: [...NOT_FOUND],
});

export const getKnifeForecast = defineRoute({
  module: 'knife',
  method: 'GET',
  path: '/knives/:rfid/forecast',
  summary: 'Remaining life: regrinds left from the height lost per grinding and the minimum height',
  specAddition: WHY_FORECAST,
  access: 'knives:read',
  tenantKinds: ['PRINTING_SHOP'],
  params: KnifeParamsSchema,
  responses: { 200: KnifeForecastSchema },
  errors: [...NOT_FOUND],
});

// Grinding shop (grinding-shop module)

export const listGrinderPartnerships = defineRoute({
  module: 'grinding-shop',
  method: 'GET',
  path: '/partnerships',
  summary: "The grinding shop's printing-shop partners and invitations",
  specAddition: WHY_PARTNERS,
  access: 'knives:read',
  tenantKinds: ['GRINDING_SHOP'],
  responses: { 200: z.array(PartnershipSchema) },
  errors: [],
});

export const acceptPartnership = defineRoute({
  module: 'grinding-shop',
  method: 'POST',
  path: '/partnerships/:id/accept',
  summary: "Accept a printing shop's invitation",
  specAddition: WHY_PARTNERS,
  access: 'grinding-locations:manage',
  tenantKinds: ['GRINDING_SHOP'],
  params: IdParams,
  responses: { 200: PartnershipSchema },
  errors: ['common.NOT_FOUND'],
});

export const endPartnershipAsGrinder = defineRoute({
  module: 'grinding-shop',
  method: 'POST',
  path: '/partnerships/:id/end',
  summary: 'Decline an invitation or end a partnership',
  specAddition: WHY_PARTNERS,
  access: 'grinding-locations:manage',
  tenantKinds: ['GRINDING_SHOP'],
  params: IdParams,
  responses: { 200: PartnershipSchema },
  errors: ['common.NOT_FOUND'],
});

export const listGrinderRfidConflicts = defineRoute({
  module: 'grinding-shop',
  method: 'GET',
  path: '/rfid-conflicts',
  summary: 'RFIDs two partner printing shops sent to this grinding shop (the later shipment was refused)',
  specAddition:
    'issue 31: an RFID already at a grinding shop for another owner is a conflict both owners see',
  access: 'knives:read',
  tenantKinds: ['GRINDING_SHOP'],
  responses: { 200: z.array(RfidConflictSchema) },
  errors: [],
});

export const listGrinderInbox = defineRoute({
  module: 'grinding-shop',
  method: 'GET',
  path: '/shipments/inbox',
  summary: 'Knives sent to this grinding shop and not yet shipped back or scrapped, oldest first',
  specAddition: WHY_WORKBENCH,
  access: 'knives:read',
  tenantKinds: ['GRINDING_SHOP'],
  responses: { 200: z.array(CustodySchema) },
  errors: [],
});

export const receiveKnife = defineRoute({
  module: 'grinding-shop',
  method: 'POST',
  path: '/knives/:rfid/receive',
  summary:
    'Receive a knife by its owner and RFID (scanned or typed; the inbox names the owner): the knife, its owner and history',
  specAddition: WHY_WORKBENCH,
  access: 'grinding:perform',
  tenantKinds: ['GRINDING_SHOP'],
  params: KnifeParamsSchema,
  query: OwnerQuery,
  responses: { 200: GrinderKnifeSchema },
  errors: [...NOT_FOUND, 'service.grinding-shops.KNIFE_ALREADY_SHIPPED', 'service.knives.KNIFE_IS_SCRAPPED'],
});

export const getGrinderKnife = defineRoute({
  module: 'grinding-shop',
  method: 'GET',
  path: '/knives/:rfid',
  summary: 'A knife this grinding shop holds now',
  specAddition: WHY_WORKBENCH,
  access: 'knives:read',
  tenantKinds: ['GRINDING_SHOP'],
  params: KnifeParamsSchema,
  query: OwnerQuery,
  responses: { 200: GrinderKnifeSchema },
  errors: [...NOT_FOUND],
});

export const recordGrindingCycle = defineRoute({
  module: 'grinding-shop',
  method: 'POST',
  path: '/knives/:rfid/grinding-cycles',
  summary:
    'Record a grinding: measurements after grinding (never above the current ones); cuts since the last grinding go to the cycle and restart at 0',
  specAddition: WHY_WORKBENCH,
  access: 'grinding:perform',
  tenantKinds: ['GRINDING_SHOP'],
  params: KnifeParamsSchema,
  query: OwnerQuery,
  body: GrindingCycleRecordSchema,
  responses: { 201: GrindingCycleSchema },
  errors: [
    ...NOT_FOUND,
    'service.knives.KNIFE_HEIGHT_INCREASED',
    'service.knives.KNIFE_THICKNESS_INCREASED',
    'service.grinding-shops.KNIFE_ALREADY_SHIPPED',
    'service.knives.KNIFE_IS_SCRAPPED',
  ],
});

export const scrapKnife = defineRoute({
  module: 'grinding-shop',
  method: 'POST',
  path: '/knives/:rfid/scrap',
  summary: 'Scrap a knife at the end of its life (it stays with the grinding shop, its owner sees it)',
  specAddition: WHY_WORKBENCH,
  access: 'grinding:perform',
  tenantKinds: ['GRINDING_SHOP'],
  params: KnifeParamsSchema,
  query: OwnerQuery,
  responses: { 200: GrinderKnifeSchema.shape.custody },
  errors: [...NOT_FOUND, 'service.grinding-shops.KNIFE_ALREADY_SHIPPED', 'service.knives.KNIFE_IS_SCRAPPED'],
});

export const shipKnivesBack = defineRoute({
  module: 'grinding-shop',
  method: 'POST',
  path: '/shipments',
  summary: 'Ship knives back to their owner (all of one owner; at least one of them ground)',
  specAddition: WHY_WORKBENCH,
  access: 'grinding:perform',
  tenantKinds: ['GRINDING_SHOP'],
  body: ShipmentReturnSchema,
  responses: { 201: ShipmentSchema },
  errors: [
    ...NOT_FOUND,
    'service.grinding-shops.KNIFE_ALREADY_SHIPPED',
    'service.grinding-shops.KNIFE_HAS_NO_BILLABLE_PROCESS',
    'service.knives.KNIFE_IS_SCRAPPED',
  ],
});

export const getGrinderPassport = defineRoute({
  module: 'grinding-shop',
  method: 'GET',
  path: '/knives/:rfid/passport',
  summary: "The part of a knife's passport this grinding shop did: its stays and its grindings",
  specAddition: WHY_PASSPORT,
  access: 'knives:read',
  tenantKinds: ['GRINDING_SHOP'],
  params: KnifeParamsSchema,
  query: OwnerQuery,
  responses: { 200: KnifePassportSchema },
  errors: [...NOT_FOUND],
});

export const getGrinderForecast = defineRoute({
  module: 'grinding-shop',
  method: 'GET',
  path: '/knives/:rfid/forecast',
  summary: 'Remaining life of a knife this grinding shop holds now',
  specAddition: WHY_FORECAST,
  access: 'knives:read',
  tenantKinds: ['GRINDING_SHOP'],
  params: KnifeParamsSchema,
  query: OwnerQuery,
  responses: { 200: KnifeForecastSchema },
  errors: [...NOT_FOUND],
});
