import {
  type Custody,
  DEFAULT_LOSS_PER_GRIND_MM,
  type GrinderKnife,
  type GrindingCycle,
  type GrindingCycleRecordSchema,
  type KnifeForecast,
  type KnifePassport,
  PASSPORT_SCAN_LIMIT,
  type Page,
  type Partnership,
  type PassportEvent,
  REGRIND_ALLOWANCE_MM,
  type RfidConflict,
  type Shipment,
} from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { findTenantBySlug } from '../auth/index';
import { moveKnifeState, recordShopGrinding } from '../knife/index';
import {
  acceptPartnershipRow,
  type CustodyRecord,
  cyclePace,
  endPartnershipRow,
  findKnifeRow,
  findOpenPartnership,
  findPartnershipRow,
  findShipment,
  insertCustody,
  insertPartnership,
  insertRfidConflicts,
  insertShipment,
  type KnifeRow,
  listCycles,
  listKnifeCustody,
  listOpenCustody,
  listPartnershipRows,
  listRfidConflicts,
  listScans,
  listShipmentPage,
  listUndeliveredCustody,
  lockCustody,
  lockOwnKnives,
  markDelivered,
  markReceived,
  markReturned,
  markScrapped,
  ownTenantName,
  type Side,
  toCustody,
  toPartnership,
} from './logistics.repository';

type CycleRecord = z.output<typeof GrindingCycleRecordSchema>;

/** Audit actions of knife logistics, recorded in the acting tenant's log. */
const LOGISTICS_AUDIT = {
  invited: 'logistics.partnership.invited',
  accepted: 'logistics.partnership.accepted',
  ended: 'logistics.partnership.ended',
  shipped: 'logistics.knives.shipped',
  received: 'logistics.knife.received',
  ground: 'logistics.knife.ground',
  shippedBack: 'logistics.knives.shipped-back',
  receivedBack: 'logistics.knives.received-back',
  scrapped: 'logistics.knife.scrapped',
  rfidConflict: 'logistics.knives.rfid-conflict',
  lookup: 'logistics.partner.lookup',
} as const;

const DAY = 24 * 3600_000;
/** A grinding recorded "in the future" beyond this clock skew is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The remaining-life forecast (contracts `KnifeForecastSchema`): regrinds left from the height lost
 * per grinding so far (or the default loss before the first measured one) down to the minimum
 * height, cuts left at the knife's average cycle, and the end of life at its grinding pace.
 */
function forecastOf(
  knife: KnifeRow,
  pace: { count: number; first: string | Date | null; last: string | Date | null },
  now = new Date(),
): KnifeForecast {
  const minimumHeight =
    knife.originalHeight === null ? null : round(knife.originalHeight - REGRIND_ALLOWANCE_MM, 2);
  const lost =
    knife.originalHeight !== null && knife.height !== null ? knife.originalHeight - knife.height : null;
  const measured = lost !== null && lost > 0 && knife.rotation > 0;
  const averageLossPerGrind = measured ? round(lost / knife.rotation, 3) : DEFAULT_LOSS_PER_GRIND_MM;
  const regrindsLeft =
    knife.state === 'SCRAPPED'
      ? 0
      : knife.height === null || minimumHeight === null
        ? null
        : Math.max(0, Math.floor((knife.height - minimumHeight) / averageLossPerGrind + 1e-9));
  const closedCuts = knife.totalCuts - knife.cutsSinceLastGrinding;
  const averageCutsPerCycle =
    knife.rotation > 0 && closedCuts > 0 ? Math.round(closedCuts / knife.rotation) : null;
  const estimatedCutsLeft =
    regrindsLeft === null || averageCutsPerCycle === null
      ? null
      : Math.max(0, averageCutsPerCycle - knife.cutsSinceLastGrinding) + regrindsLeft * averageCutsPerCycle;
  const span =
    pace.count >= 2 && pace.first && pace.last
      ? new Date(pace.last).getTime() - new Date(pace.first).getTime()
      : null;
  const averageDaysBetweenGrinds = span !== null && span > 0 ? round(span / DAY / (pace.count - 1), 1) : null;
  const estimatedEndOfLife =
    averageDaysBetweenGrinds !== null && regrindsLeft !== null && knife.state !== 'SCRAPPED' && pace.last
      ? new Date(
          Math.max(now.getTime(), new Date(pace.last).getTime()) +
            (regrindsLeft + 1) * averageDaysBetweenGrinds * DAY,
        ).toISOString()
      : null;
  return {
    rfid: knife.rfid,
    height: knife.height,
    originalHeight: knife.originalHeight,
    minimumHeight,
    averageLossPerGrind,
    lossSource: measured ? 'MEASURED' : 'DEFAULT',
    regrindsLeft,
    averageCutsPerCycle,
    estimatedCutsLeft,
    averageDaysBetweenGrinds,
    estimatedEndOfLife,
    state: knife.state,
  };
}

const blankEvent = {
  machineName: null,
  locationName: null,
  cutsInCycle: null,
  height: null,
  backThickness: null,
  grindingReference: null,
  shipmentId: null,
};

/** What happened during the stays: shipped, received, shipped back, scrapped (newest last). */
function custodyEvents(stays: CustodyRecord[]): PassportEvent[] {
  const events: PassportEvent[] = [];
  for (const stay of stays) {
    const at = (value: string | Date) => new Date(value).toISOString();
    const grinder = { holderName: stay.grindingShopName, holderKind: 'GRINDING_SHOP' as const };
    events.push({
      ...blankEvent,
      at: at(stay.sentAt),
      kind: 'SHIPPED',
      holderName: stay.ownerName,
      holderKind: 'PRINTING_SHOP',
      shipmentId: stay.outboundShipmentId,
    });
    if (stay.receivedAt)
      events.push({ ...blankEvent, ...grinder, at: at(stay.receivedAt), kind: 'RECEIVED' });
    if (stay.returnedAt)
      events.push({
        ...blankEvent,
        ...grinder,
        at: at(stay.returnedAt),
        kind: 'SHIPPED_BACK',
        shipmentId: stay.returnShipmentId,
      });
    if (stay.deliveredAt)
      events.push({
        ...blankEvent,
        at: at(stay.deliveredAt),
        kind: 'RECEIVED_BACK',
        holderName: stay.ownerName,
        holderKind: 'PRINTING_SHOP',
        shipmentId: stay.returnShipmentId,
      });
    if (stay.scrappedAt)
      events.push({ ...blankEvent, ...grinder, at: at(stay.scrappedAt), kind: 'SCRAPPED' });
  }
  return events;
}

/** A conflict in a passport: at the grinding shop, named by it (never the other company). */
function conflictEvents(conflicts: RfidConflict[]): PassportEvent[] {
  return conflicts.map((conflict) => ({
    ...blankEvent,
    at: conflict.at,
    kind: 'RFID_CONFLICT',
    holderName: conflict.grindingShopName,
    holderKind: 'GRINDING_SHOP',
  }));
}

/** Thrown inside a shipment's transaction to roll it back when an RFID is held for another owner. */
class RfidHeldElsewhere extends Error {
  constructor(readonly rfids: string[]) {
    super('RFID held for another owner');
  }
}

const newestFirst = (a: PassportEvent, b: PassportEvent) => b.at.localeCompare(a.at);

/**
 * Knife logistics between a printing shop and its grinding shops (issue 13). The printing shop
 * (knife module routes) invites partners, ships knives and reads passport and forecast; the
 * grinding shop (grinding-shop module routes) accepts, receives, grinds, ships back and scraps.
 * Both work as kerf_app in their own tenant; row-level security lets each reach the other's rows
 * only as far as ADR 0018 says.
 */
export function createLogisticsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inTenant = <T>(actor: Actor, fn: (tx: Tx) => Promise<T>) =>
    transactions.withTenant(actor.tenantId, fn);

  /** The printing shop's calls are for printing shops, the workbench's for grinding shops. */
  function requireSide(actor: Actor, side: Side) {
    if (actor.tenantKind !== (side === 'printing' ? 'PRINTING_SHOP' : 'GRINDING_SHOP'))
      throw new AppError('authentication.FORBIDDEN');
  }
  const inSide = <T>(actor: Actor, side: Side, fn: (tx: Tx) => Promise<T>) => {
    requireSide(actor, side);
    return inTenant(actor, fn);
  };

  async function requirePartnership(tx: Tx, side: Side, actor: Actor, id: string) {
    const row = await findPartnershipRow(tx, side, actor.tenantId, id);
    if (!row) throw new AppError('common.NOT_FOUND');
    return row;
  }

  const isOpen = (stay: CustodyRecord) => stay.returnedAt === null && stay.scrappedAt === null;

  /**
   * The grinding shop's open stay of one owner's knife (a knife is its owner and its RFID: issue
   * 31). Without one, the latest closed stay says why: shipped back already, or scrapped; a knife
   * it never had from this owner is not found.
   */
  async function requireOpenStay(tx: Tx, actor: Actor, owner: string, rfid: string): Promise<CustodyRecord> {
    const stays = await listKnifeCustody(tx, 'grinding', actor.tenantId, owner, rfid);
    const open = stays.find(isOpen);
    if (open) return open;
    const latest = stays[0];
    if (latest?.scrappedAt) throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
    if (latest?.returnedAt) throw new AppError('service.grinding-shops.KNIFE_ALREADY_SHIPPED');
    throw new AppError('service.knives.KNIFE_NOT_FOUND');
  }

  async function grinderKnife(tx: Tx, actor: Actor, stay: CustodyRecord): Promise<GrinderKnife> {
    const knife = await findKnifeRow(tx, stay.printingTenantId, stay.rfid);
    if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
    const [fresh] = (
      await listKnifeCustody(tx, 'grinding', actor.tenantId, stay.printingTenantId, stay.rfid)
    ).filter((s) => s.id === stay.id);
    const cycles = await listCycles(tx, stay.printingTenantId, stay.rfid, actor.tenantId);
    return {
      rfid: knife.rfid,
      articleNumber: knife.articleNumber,
      knifeClassName: knife.knifeClassName,
      ownerName: stay.ownerName,
      state: knife.state,
      height: knife.height,
      backThickness: knife.backThickness,
      originalHeight: knife.originalHeight,
      originalBackThickness: knife.originalBackThickness,
      angleVf: knife.angleVf,
      angleHf: knife.angleHf,
      angleTm: knife.angleTm,
      material: knife.material,
      rotation: knife.rotation,
      cutsSinceLastGrinding: knife.cutsSinceLastGrinding,
      totalCuts: knife.totalCuts,
      custody: toCustody(fresh ?? stay),
      cycles: cycles.map(toCycle),
      forecast: forecastOf(knife, await cyclePace(tx, stay.printingTenantId, stay.rfid)),
    };
  }

  const toCycle = (row: Awaited<ReturnType<typeof listCycles>>[number]): GrindingCycle => ({
    id: row.id,
    sharpenedAt: row.sharpenedAt,
    cutsInCycle: row.cutsInCycle,
    height: row.height,
    backThickness: row.backThickness,
    angleVf: row.angleVf,
    angleHf: row.angleHf,
    angleTm: row.angleTm,
    grindingReference: row.grindingReference,
  });

  /** The owner has its knives back: they are in use again, and their stays are closed for good. */
  async function deliver(tx: Tx, actor: Actor, pending: CustodyRecord[]) {
    if (pending.length === 0) return;
    const rfids = pending.map((stay) => stay.rfid);
    await moveKnifeState(tx, actor.tenantId, rfids, 'receiveBack');
    await markDelivered(
      tx,
      pending.map((stay) => stay.id),
      actor.userId,
    );
    for (const stay of pending)
      await audit(tx, actor, LOGISTICS_AUDIT.receivedBack, 'knife', stay.rfid, {
        grindingShop: stay.grindingShopName,
        shipmentId: stay.returnShipmentId,
      });
  }

  return {
    // ---- both sides -------------------------------------------------------------------------

    partnerships: (actor: Actor, side: Side): Promise<Partnership[]> =>
      inSide(actor, side, async (tx) =>
        (await listPartnershipRows(tx, side, actor.tenantId)).map(toPartnership),
      ),

    async shipments(actor: Actor, side: Side, page: number, pageSize: number): Promise<Page<Shipment>> {
      const { items, total } = await inSide(actor, side, (tx) =>
        listShipmentPage(tx, side, actor.tenantId, page, pageSize),
      );
      return { items, total, page, pageSize };
    },

    // ---- printing shop ------------------------------------------------------------------------

    /** Invites a grinding shop by its client ID; the lookup of the other tenant is audited. */
    async invite(actor: Actor, grindingShopClient: string): Promise<Partnership> {
      requireSide(actor, 'printing');
      const partner = await transactions.withPlatform(
        {
          actor: { tenantId: actor.tenantId, userId: actor.userId, ip: actor.ip },
          action: LOGISTICS_AUDIT.lookup,
          details: { client: grindingShopClient },
        },
        (tx) => findTenantBySlug(tx, grindingShopClient),
      );
      if (partner?.kind !== 'GRINDING_SHOP' || !partner.active)
        throw new AppError('service.knives.TENANT_NOT_FOUND', {
          details: { fields: [{ field: 'grindingShopClient', in: 'body', code: 'INVALID_VALUE' }] },
        });
      return inSide(actor, 'printing', async (tx) => {
        const open = await findOpenPartnership(tx, actor.tenantId, partner.id);
        if (open) return toPartnership(open);
        const id = await insertPartnership(tx, {
          printingTenantId: actor.tenantId,
          grindingTenantId: partner.id,
          printingShopName: await ownTenantName(tx, actor.tenantId),
          grindingShopName: partner.name,
        });
        await audit(tx, actor, LOGISTICS_AUDIT.invited, 'partnership', id, { grindingShop: partner.slug });
        return toPartnership((await findPartnershipRow(tx, 'printing', actor.tenantId, id))!);
      });
    },

    end: (actor: Actor, side: Side, id: string): Promise<Partnership> =>
      inSide(actor, side, async (tx) => {
        const row = await requirePartnership(tx, side, actor, id);
        if (row.state !== 'ENDED') {
          await endPartnershipRow(tx, id, actor.tenantId);
          await audit(tx, actor, LOGISTICS_AUDIT.ended, 'partnership', id);
        }
        return toPartnership((await findPartnershipRow(tx, side, actor.tenantId, id))!);
      }),

    /**
     * Sends knives in use of the printing shop to an active partner; all or none. A knife whose
     * RFID the grinding shop already holds for another owner refuses the whole shipment
     * (KNIFE_RFID_HELD_FOR_ANOTHER_OWNER, issue 31); the refusal is recorded after the rollback so
     * that this shop, the other owner and the grinding shop all see the conflict.
     */
    async ship(actor: Actor, partnershipId: string, rfids: string[]): Promise<Shipment> {
      const unique = [...new Set(rfids)];
      let partnership: Awaited<ReturnType<typeof requirePartnership>> | undefined;
      try {
        return await inSide(actor, 'printing', async (tx) => {
          partnership = await requirePartnership(tx, 'printing', actor, partnershipId);
          if (partnership.state !== 'ACTIVE') throw new AppError('common.NOT_FOUND');
          const knives = await lockOwnKnives(tx, actor.tenantId, unique);
          if (knives.length !== unique.length) throw new AppError('service.knives.KNIFE_NOT_FOUND');
          if (knives.some((k) => k.state === 'SCRAPPED'))
            throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
          if (knives.some((k) => k.state !== 'ACTIVE'))
            throw new AppError('service.knives.KNIFE_ALREADY_SHIPPED');
          const shipmentId = await insertShipment(tx, {
            printingTenantId: actor.tenantId,
            grindingTenantId: partnership.grindingTenantId,
            partnershipId,
            direction: 'TO_GRINDER',
            shippedBy: actor.userId,
          });
          const sentAt = new Date();
          const held: string[] = [];
          for (const rfid of unique) {
            const stay = await insertCustody(tx, {
              printingTenantId: actor.tenantId,
              grindingTenantId: partnership.grindingTenantId,
              rfid,
              outboundShipmentId: shipmentId,
              sentAt,
            });
            if (!stay) held.push(rfid);
          }
          if (held.length > 0) throw new RfidHeldElsewhere(held);
          await moveKnifeState(tx, actor.tenantId, unique, 'ship');
          await audit(tx, actor, LOGISTICS_AUDIT.shipped, 'shipment', shipmentId, {
            rfids: unique,
            grindingShop: partnership.grindingShopName,
          });
          return (await findShipment(tx, shipmentId))!;
        });
      } catch (error) {
        if (!(error instanceof RfidHeldElsewhere) || !partnership) throw error;
        const refused = partnership;
        await inSide(actor, 'printing', async (tx) => {
          await insertRfidConflicts(tx, {
            printingTenantId: actor.tenantId,
            grindingTenantId: refused.grindingTenantId,
            partnershipId,
            grindingShopName: refused.grindingShopName,
            rfids: error.rfids,
            refusedBy: actor.userId,
          });
          await audit(tx, actor, LOGISTICS_AUDIT.rfidConflict, 'partnership', partnershipId, {
            rfids: error.rfids,
            grindingShop: refused.grindingShopName,
          });
        });
        throw new AppError('service.knives.KNIFE_RFID_HELD_FOR_ANOTHER_OWNER', {
          details: { fields: [{ field: 'rfids', in: 'body', code: 'INVALID_VALUE' }] },
        });
      }
    },

    /**
     * The printing shop receives a knife its grinding shop shipped back (SHIPPED_BACK → ACTIVE).
     * Receiving it again changes nothing; a knife at a grinding shop or scrapped says so.
     */
    receiveKnifeBack: (actor: Actor, rfid: string): Promise<Custody> =>
      inSide(actor, 'printing', async (tx) => {
        const pending = await listUndeliveredCustody(tx, actor.tenantId, { rfid });
        if (pending.length === 0) {
          const knife = await findKnifeRow(tx, actor.tenantId, rfid);
          if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
          if (knife.state === 'SCRAPPED') throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
          if (knife.state !== 'ACTIVE') throw new AppError('service.knives.KNIFE_ALREADY_SHIPPED');
        }
        await deliver(tx, actor, pending);
        const [latest] = await listKnifeCustody(tx, 'printing', actor.tenantId, actor.tenantId, rfid);
        if (!latest) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        return toCustody(latest);
      }),

    /** Receives every knife of a shipment back that is still on its way (SHIPPED_BACK → ACTIVE). */
    receiveShipmentBack: (actor: Actor, shipmentId: string): Promise<Shipment> =>
      inSide(actor, 'printing', async (tx) => {
        const shipment = await findShipment(tx, shipmentId);
        if (shipment?.direction !== 'TO_OWNER') throw new AppError('common.NOT_FOUND');
        await deliver(tx, actor, await listUndeliveredCustody(tx, actor.tenantId, { shipmentId }));
        return (await findShipment(tx, shipmentId))!;
      }),

    /** The RFID conflicts this tenant may see (as either owner or as the grinding shop). */
    rfidConflicts: (actor: Actor, side: Side) =>
      inSide(actor, side, (tx) => listRfidConflicts(tx, actor.tenantId)),

    /** The whole chain of custody of one of the printing shop's knives. */
    ownerPassport: (actor: Actor, rfid: string): Promise<KnifePassport> =>
      inSide(actor, 'printing', async (tx) => {
        const knife = await findKnifeRow(tx, actor.tenantId, rfid);
        if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        const ownerName = await ownTenantName(tx, actor.tenantId);
        const stays = await listKnifeCustody(tx, 'printing', actor.tenantId, actor.tenantId, rfid);
        const conflicts = await listRfidConflicts(tx, actor.tenantId, { rfid });
        const shopOf = new Map(stays.map((stay) => [stay.id, stay.grindingShopName]));
        const cycles = await listCycles(tx, actor.tenantId, rfid);
        const scans = await listScans(tx, rfid, PASSPORT_SCAN_LIMIT);
        const owner = { holderName: ownerName, holderKind: 'PRINTING_SHOP' as const };
        const history: PassportEvent[] = [
          ...scans.map(
            (scan): PassportEvent => ({
              ...blankEvent,
              ...owner,
              at: new Date(scan.at).toISOString(),
              kind: scan.kind === 'INSERTED' ? 'SCANNED_IN' : 'SCANNED_OUT',
              machineName: scan.machineName,
              locationName: scan.locationName,
            }),
          ),
          ...cycles.map(
            (cycle): PassportEvent => ({
              ...blankEvent,
              ...(cycle.custodyId && shopOf.has(cycle.custodyId)
                ? { holderName: shopOf.get(cycle.custodyId)!, holderKind: 'GRINDING_SHOP' as const }
                : owner),
              at: cycle.sharpenedAt,
              kind: 'GROUND',
              cutsInCycle: cycle.cutsInCycle,
              height: cycle.height,
              backThickness: cycle.backThickness,
              grindingReference: cycle.grindingReference,
            }),
          ),
          ...custodyEvents(stays),
          ...conflictEvents(conflicts),
        ];
        // A knife entered with its history (or first read by a machine) existed before its first event.
        const registeredAt = [
          new Date(knife.createdAt).toISOString(),
          ...history.map((e) => e.at),
        ].sort()[0]!;
        const events = [
          ...history,
          { ...blankEvent, ...owner, at: registeredAt, kind: 'REGISTERED' as const },
        ];
        return {
          rfid,
          articleNumber: knife.articleNumber,
          knifeClassName: knife.knifeClassName,
          ownerName,
          viewer: 'OWNER',
          custody: stays.map(toCustody),
          events: events.sort(newestFirst),
        };
      }),

    ownerForecast: (actor: Actor, rfid: string): Promise<KnifeForecast> =>
      inSide(actor, 'printing', async (tx) => {
        const knife = await findKnifeRow(tx, actor.tenantId, rfid);
        if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        return forecastOf(knife, await cyclePace(tx, actor.tenantId, rfid));
      }),

    // ---- grinding shop ------------------------------------------------------------------------

    accept: (actor: Actor, id: string): Promise<Partnership> =>
      inSide(actor, 'grinding', async (tx) => {
        const row = await requirePartnership(tx, 'grinding', actor, id);
        if (row.state === 'INVITED') {
          await acceptPartnershipRow(tx, id);
          await audit(tx, actor, LOGISTICS_AUDIT.accepted, 'partnership', id);
        } else if (row.state === 'ENDED') throw new AppError('common.NOT_FOUND');
        return toPartnership((await findPartnershipRow(tx, 'grinding', actor.tenantId, id))!);
      }),

    inbox: (actor: Actor) =>
      inSide(actor, 'grinding', async (tx) => (await listOpenCustody(tx, actor.tenantId)).map(toCustody)),

    /** The knife arrives: scanned or typed at the workbench. Receiving twice changes nothing. */
    receive: (actor: Actor, owner: string, rfid: string): Promise<GrinderKnife> =>
      inSide(actor, 'grinding', async (tx) => {
        const stay = await requireOpenStay(tx, actor, owner, rfid);
        if (stay.receivedAt === null) {
          await markReceived(tx, stay.id, actor.userId);
          await audit(tx, actor, LOGISTICS_AUDIT.received, 'knife', rfid, { owner: stay.ownerName });
        }
        return grinderKnife(tx, actor, stay);
      }),

    knife: (actor: Actor, owner: string, rfid: string): Promise<GrinderKnife> =>
      inSide(actor, 'grinding', async (tx) => {
        const stays = await listKnifeCustody(tx, 'grinding', actor.tenantId, owner, rfid);
        const open = stays.find(isOpen);
        if (!open) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        return grinderKnife(tx, actor, open);
      }),

    /** A grinding of a knife the shop holds (received on the way if it was still in transit). */
    recordCycle: (actor: Actor, owner: string, rfid: string, input: CycleRecord): Promise<GrindingCycle> =>
      inSide(actor, 'grinding', async (tx) => {
        const stay = await requireOpenStay(tx, actor, owner, rfid);
        const sharpenedAt = input.sharpenedAt ? new Date(input.sharpenedAt) : new Date();
        if (
          sharpenedAt.getTime() > Date.now() + CLOCK_SKEW_MS ||
          sharpenedAt.getTime() < new Date(stay.sentAt).getTime()
        )
          throw new AppError('validation.INVALID_INPUT', {
            details: { fields: [{ field: 'sharpenedAt', in: 'body', code: 'INVALID_VALUE' }] },
          });
        await lockCustody(tx, stay.id);
        if (stay.receivedAt === null) await markReceived(tx, stay.id, actor.userId);
        const cycle = await recordShopGrinding(tx, {
          ownerTenantId: stay.printingTenantId,
          rfid,
          grindingTenantId: actor.tenantId,
          custodyId: stay.id,
          recordedBy: actor.userId,
          sharpenedAt,
          height: input.height,
          backThickness: input.backThickness,
          angleVf: input.angleVf ?? null,
          angleHf: input.angleHf ?? null,
          angleTm: input.angleTm ?? null,
          grindingReference: input.grindingReference || null,
        });
        await audit(tx, actor, LOGISTICS_AUDIT.ground, 'knife', rfid, {
          cycleId: cycle.id,
          height: cycle.height,
          backThickness: cycle.backThickness,
        });
        return cycle;
      }),

    /** End of life at the grinder: the knife is scrapped for its owner too, and stays here. */
    scrap: (actor: Actor, owner: string, rfid: string) =>
      inSide(actor, 'grinding', async (tx) => {
        const stay = await requireOpenStay(tx, actor, owner, rfid);
        await lockCustody(tx, stay.id);
        // The knife first: its policy lets the holder write only while the stay is open.
        const moved = await moveKnifeState(tx, stay.printingTenantId, [rfid], 'scrapAtGrinder');
        if (moved.length === 0) throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
        await markScrapped(tx, stay.id, actor.userId);
        await audit(tx, actor, LOGISTICS_AUDIT.scrapped, 'knife', rfid, { owner: stay.ownerName });
        const [after] = (
          await listKnifeCustody(tx, 'grinding', actor.tenantId, stay.printingTenantId, rfid)
        ).filter((s) => s.id === stay.id);
        return toCustody(after!);
      }),

    /**
     * Ships knives back to their owner in one shipment: all must belong to one printing shop, and
     * at least one must have been ground here (otherwise there is nothing to bill).
     */
    shipBack: (actor: Actor, owner: string, rfids: string[]): Promise<Shipment> =>
      inSide(actor, 'grinding', async (tx) => {
        const unique = [...new Set(rfids)];
        const stays: CustodyRecord[] = [];
        for (const rfid of unique) stays.push(await requireOpenStay(tx, actor, owner, rfid));
        if (!stays.some((stay) => stay.cycles > 0))
          throw new AppError('service.grinding-shops.KNIFE_HAS_NO_BILLABLE_PROCESS');
        const first = stays[0]!;
        for (const stay of stays) await lockCustody(tx, stay.id);
        const shipmentId = await insertShipment(tx, {
          printingTenantId: first.printingTenantId,
          grindingTenantId: actor.tenantId,
          partnershipId: first.partnershipId,
          direction: 'TO_OWNER',
          shippedBy: actor.userId,
        });
        // The knives first: the holder may write them only while their stays are open.
        const moved = await moveKnifeState(tx, first.printingTenantId, unique, 'shipBack');
        if (moved.length !== unique.length) throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
        await markReturned(
          tx,
          stays.map((stay) => stay.id),
          shipmentId,
          actor.userId,
        );
        await audit(tx, actor, LOGISTICS_AUDIT.shippedBack, 'shipment', shipmentId, {
          rfids: unique,
          owner: first.ownerName,
        });
        return (await findShipment(tx, shipmentId))!;
      }),

    /** The part of the passport the grinding shop did: its stays and its grindings, nothing else. */
    grinderPassport: (actor: Actor, owner: string, rfid: string): Promise<KnifePassport> =>
      inSide(actor, 'grinding', async (tx) => {
        const stays = await listKnifeCustody(tx, 'grinding', actor.tenantId, owner, rfid);
        const latest = stays[0];
        if (!latest) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        const shopName = latest.grindingShopName;
        const cycles = await listCycles(tx, owner, rfid, actor.tenantId);
        const events: PassportEvent[] = [
          ...cycles.map(
            (cycle): PassportEvent => ({
              ...blankEvent,
              holderName: shopName,
              holderKind: 'GRINDING_SHOP',
              at: cycle.sharpenedAt,
              kind: 'GROUND',
              cutsInCycle: cycle.cutsInCycle,
              height: cycle.height,
              backThickness: cycle.backThickness,
              grindingReference: cycle.grindingReference,
            }),
          ),
          ...custodyEvents(stays),
        ];
        return {
          rfid,
          articleNumber: latest.articleNumber,
          knifeClassName: latest.knifeClassName,
          ownerName: latest.ownerName,
          viewer: 'GRINDING_SHOP',
          custody: stays.map(toCustody),
          events: events.sort(newestFirst),
        };
      }),

    grinderForecast: (actor: Actor, owner: string, rfid: string): Promise<KnifeForecast> =>
      inSide(actor, 'grinding', async (tx) => {
        const stays = await listKnifeCustody(tx, 'grinding', actor.tenantId, owner, rfid);
        const open = stays.find(isOpen);
        if (!open) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        const knife = await findKnifeRow(tx, open.printingTenantId, rfid);
        if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        return forecastOf(knife, await cyclePace(tx, open.printingTenantId, rfid));
      }),
  };
}

export type LogisticsService = ReturnType<typeof createLogisticsService>;
