import {
  type KnifeForecast,
  type KnifePassport,
  PASSPORT_SCAN_LIMIT,
  type PassportEvent,
  type RfidConflict,
} from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { forecastOf } from './forecast';
import { isOpen, sideRunner } from './logistics';
import {
  type CustodyRecord,
  cyclePace,
  findKnifeRow,
  listCycles,
  listKnifeCustody,
  listRfidConflicts,
  listScans,
  ownTenantName,
  toCustody,
} from './logistics.repository';

const blankEvent = {
  machineName: null,
  locationName: null,
  cutsInCycle: null,
  height: null,
  backThickness: null,
  grindingReference: null,
  shipmentId: null,
};

/** A grinding cycle as the passport shows it, held by the shop that ground it. */
function groundEvent(
  cycle: Awaited<ReturnType<typeof listCycles>>[number],
  holder: Pick<PassportEvent, 'holderName' | 'holderKind'>,
): PassportEvent {
  return {
    ...blankEvent,
    ...holder,
    at: cycle.sharpenedAt,
    kind: 'GROUND',
    cutsInCycle: cycle.cutsInCycle,
    height: cycle.height,
    backThickness: cycle.backThickness,
    grindingReference: cycle.grindingReference,
  };
}

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

const newestFirst = (a: PassportEvent, b: PassportEvent) => b.at.localeCompare(a.at);

/**
 * A knife's passport and remaining-life forecast (issue 13): the owner sees the whole chain of
 * custody, the grinding shop only its own stays and grindings. ADR 0018.
 */
export function createPassportsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inSide = sideRunner(transactions);

  return {
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
            (cycle): PassportEvent =>
              groundEvent(
                cycle,
                cycle.custodyId && shopOf.has(cycle.custodyId)
                  ? { holderName: shopOf.get(cycle.custodyId)!, holderKind: 'GRINDING_SHOP' }
                  : owner,
              ),
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
            (cycle): PassportEvent =>
              groundEvent(cycle, { holderName: shopName, holderKind: 'GRINDING_SHOP' }),
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

export type PassportsService = ReturnType<typeof createPassportsService>;
