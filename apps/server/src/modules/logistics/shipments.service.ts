import type { Custody, Page, Shipment } from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { moveKnifeState } from '../knife/index';
import { LOGISTICS_AUDIT, requireOpenStay, requirePartnership, sideRunner } from './logistics';
import {
  type CustodyRecord,
  findKnifeRow,
  findShipment,
  insertCustody,
  insertRfidConflicts,
  insertShipment,
  listKnifeCustody,
  listRfidConflicts,
  listShipmentPage,
  listUndeliveredCustody,
  lockCustody,
  lockOwnKnives,
  markDelivered,
  markReturned,
  type Side,
  toCustody,
} from './logistics.repository';

/** Thrown inside a shipment's transaction to roll it back when an RFID is held for another owner. */
class RfidHeldElsewhere extends Error {
  constructor(readonly rfids: string[]) {
    super('RFID held for another owner');
  }
}

/**
 * Knives between the companies (issue 13): the printing shop ships knives in use to a partner and
 * receives them back, the grinding shop ships them back; both list their shipments and RFID
 * conflicts. The knife's state moves through the knife module in the same transaction. ADR 0018.
 */
export function createShipmentsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inSide = sideRunner(transactions);

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
    async shipments(actor: Actor, side: Side, page: number, pageSize: number): Promise<Page<Shipment>> {
      const { items, total } = await inSide(actor, side, (tx) =>
        listShipmentPage(tx, side, actor.tenantId, page, pageSize),
      );
      return { items, total, page, pageSize };
    },

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
  };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;
