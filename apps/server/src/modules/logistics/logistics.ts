import type { GrindingCycle } from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  type CustodyRecord,
  findPartnershipRow,
  type listCycles,
  listKnifeCustody,
  type Side,
} from './logistics.repository';

/*
 * What the knife logistics services (partnerships, shipments, workbench, passports) share: the
 * audit actions, the side check and the stays' rules. No SQL here: the statements are in
 * logistics.repository.ts.
 */

/** Audit actions of knife logistics, recorded in the acting tenant's log. */
export const LOGISTICS_AUDIT = {
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

/** The printing shop's calls are for printing shops, the workbench's for grinding shops. */
export function requireSide(actor: Actor, side: Side) {
  if (actor.tenantKind !== (side === 'printing' ? 'PRINTING_SHOP' : 'GRINDING_SHOP'))
    throw new AppError('authentication.FORBIDDEN');
}
/** Runs `fn` in the actor's tenant once the actor is of the side's kind of tenant. */
export const sideRunner =
  (transactions: Transactions) =>
  <T>(actor: Actor, side: Side, fn: (tx: Tx) => Promise<T>) => {
    requireSide(actor, side);
    return transactions.withTenant(actor.tenantId, fn);
  };

export async function requirePartnership(tx: Tx, side: Side, actor: Actor, id: string) {
  const row = await findPartnershipRow(tx, side, actor.tenantId, id);
  if (!row) throw new AppError('common.NOT_FOUND');
  return row;
}

export const isOpen = (stay: CustodyRecord) => stay.returnedAt === null && stay.scrappedAt === null;

/**
 * The grinding shop's open stay of one owner's knife (a knife is its owner and its RFID: issue
 * 31). Without one, the latest closed stay says why: shipped back already, or scrapped; a knife
 * it never had from this owner is not found.
 */
export async function requireOpenStay(
  tx: Tx,
  actor: Actor,
  owner: string,
  rfid: string,
): Promise<CustodyRecord> {
  const stays = await listKnifeCustody(tx, 'grinding', actor.tenantId, owner, rfid);
  const open = stays.find(isOpen);
  if (open) return open;
  const latest = stays[0];
  if (latest?.scrappedAt) throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
  if (latest?.returnedAt) throw new AppError('service.grinding-shops.KNIFE_ALREADY_SHIPPED');
  throw new AppError('service.knives.KNIFE_NOT_FOUND');
}

export const toCycle = (row: Awaited<ReturnType<typeof listCycles>>[number]): GrindingCycle => ({
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
