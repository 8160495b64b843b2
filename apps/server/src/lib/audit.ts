import { recordAudit } from '../db/audit.repository';
import type { Tx } from '../db/transactions';
import type { Actor } from './actor';

/** The audit record of what a signed-in user did, in the caller's tenant transaction. */
export function audit(
  tx: Tx,
  actor: Pick<Actor, 'tenantId' | 'userId' | 'ip'>,
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
