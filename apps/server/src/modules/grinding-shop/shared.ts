import type { GrindingShop } from '@kerf/contracts';
import { recordAudit } from '../../db/audit.repository';
import type { Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { findGrindingShop } from './grinding-shops.repository';

/** The audit record of a grinding-shop admin action. */
export function audit(
  tx: Tx,
  actor: Actor,
  action: string,
  targetType: string,
  targetId: string,
  details?: Record<string, unknown>,
) {
  return recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action,
    targetType,
    targetId,
    ip: actor.ip,
    details,
  });
}

export async function requireGrindingShop(tx: Tx, id: string): Promise<GrindingShop> {
  const location = await findGrindingShop(tx, id);
  if (!location) throw new AppError('service.grinding-shops.LOCATION_NOT_FOUND');
  return location;
}
