import type { FieldError, GrindingCycle } from '@kerf/contracts';
import type { Tx } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import {
  applyGrindingToKnife,
  insertShopGrindingCycle,
  lockKnifeForGrinding,
  type ShopGrinding,
} from './knife-grinding.repository';

export type { ShopGrinding } from './knife-grinding.repository';

/** Measurements are compared with a tolerance far below what a gauge reads (0.01 mm). */
const EPSILON = 1e-6;

/**
 * A grinding recorded by the grinding shop that holds the knife (issue 13). The knife's rules are
 * the knife module's: a scrapped knife is not ground, grinding only removes material (height and
 * back thickness never rise above what the knife measures now), the cycle keeps the cuts it closed,
 * and the knife starts a new cycle at 0 cuts one round further. Whether the grinding shop holds the
 * knife at all is the caller's to check; row-level security refuses the write otherwise.
 */
export async function recordShopGrinding(tx: Tx, grinding: ShopGrinding): Promise<GrindingCycle> {
  const knife = await lockKnifeForGrinding(tx, grinding.ownerTenantId, grinding.rfid);
  if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
  if (knife.state === 'SCRAPPED') throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
  // Only a knife at the grinding shop is ground there (a knife shipped back is on its way home).
  if (knife.state !== 'AT_GRINDER') throw new AppError('service.grinding-shops.KNIFE_ALREADY_SHIPPED');
  // Both measures are checked before refusing, so the form can mark both fields at once; each names
  // its limit, the knife's current value (grinding only removes material).
  const fields: FieldError[] = [];
  if (knife.height !== null && grinding.height > knife.height + EPSILON)
    fields.push({ field: 'height', in: 'body', code: 'TOO_BIG', limit: knife.height });
  if (knife.backThickness !== null && grinding.backThickness > knife.backThickness + EPSILON)
    fields.push({ field: 'backThickness', in: 'body', code: 'TOO_BIG', limit: knife.backThickness });
  if (fields.length > 0)
    throw new AppError(
      fields[0]?.field === 'height'
        ? 'service.knives.KNIFE_HEIGHT_INCREASED'
        : 'service.knives.KNIFE_THICKNESS_INCREASED',
      { details: { fields } },
    );
  const cutsInCycle = Number(knife.cutsSinceLastGrinding);
  const cycleId = await insertShopGrindingCycle(tx, grinding, cutsInCycle);
  await applyGrindingToKnife(tx, grinding, cutsInCycle);
  return {
    id: cycleId,
    sharpenedAt: grinding.sharpenedAt.toISOString(),
    cutsInCycle,
    height: grinding.height,
    backThickness: grinding.backThickness,
    angleVf: grinding.angleVf,
    angleHf: grinding.angleHf,
    angleTm: grinding.angleTm,
    grindingReference: grinding.grindingReference,
  };
}
