import type { Partnership } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { findTenantBySlug } from '../auth/index';
import { LOGISTICS_AUDIT, requirePartnership, requireSide, sideRunner } from './logistics';
import {
  acceptPartnershipRow,
  endPartnershipRow,
  findOpenPartnership,
  findPartnershipRow,
  insertPartnership,
  listPartnershipRows,
  ownTenantName,
  type Side,
  toPartnership,
} from './logistics.repository';

/**
 * Partnerships of a printing shop and its grinding shops (issue 13): the printing shop invites by
 * client ID and ends, the grinding shop accepts and ends; each lists its own. ADR 0018.
 */
export function createPartnershipsService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inSide = sideRunner(transactions);

  return {
    partnerships: (actor: Actor, side: Side): Promise<Partnership[]> =>
      inSide(actor, side, async (tx) =>
        (await listPartnershipRows(tx, side, actor.tenantId)).map(toPartnership),
      ),

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

    accept: (actor: Actor, id: string): Promise<Partnership> =>
      inSide(actor, 'grinding', async (tx) => {
        const row = await requirePartnership(tx, 'grinding', actor, id);
        if (row.state === 'INVITED') {
          await acceptPartnershipRow(tx, id);
          await audit(tx, actor, LOGISTICS_AUDIT.accepted, 'partnership', id);
        } else if (row.state === 'ENDED') throw new AppError('common.NOT_FOUND');
        return toPartnership((await findPartnershipRow(tx, 'grinding', actor.tenantId, id))!);
      }),
  };
}

export type PartnershipsService = ReturnType<typeof createPartnershipsService>;
