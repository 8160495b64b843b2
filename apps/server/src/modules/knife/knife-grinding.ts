import type { GrindingCycle } from '@kerf/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import { AppError } from '../../lib/app-error';

/** Measurements are compared with a tolerance far below what a gauge reads (0.01 mm). */
const EPSILON = 1e-6;

export interface ShopGrinding {
  /** the printing shop that owns the knife */
  ownerTenantId: string;
  rfid: string;
  /** the grinding shop that ground it, its stay (knife_custody.id) and the grinder */
  grindingTenantId: string;
  custodyId: string;
  recordedBy: string;
  sharpenedAt: Date;
  height: number;
  backThickness: number;
  angleVf: number | null;
  angleHf: number | null;
  angleTm: number | null;
  grindingReference: string | null;
}

/**
 * A grinding recorded by the grinding shop that holds the knife (issue 13). The knife's rules are
 * the knife module's: a scrapped knife is not ground, grinding only removes material (height and
 * back thickness never rise above what the knife measures now), the cycle keeps the cuts it closed,
 * and the knife starts a new cycle at 0 cuts one round further. Whether the grinding shop holds the
 * knife at all is the caller's to check; row-level security refuses the write otherwise.
 */
export async function recordShopGrinding(tx: Tx, grinding: ShopGrinding): Promise<GrindingCycle> {
  const [knife] = await queryRows<{
    state: string;
    height: number | null;
    backThickness: number | null;
    cutsSinceLastGrinding: number;
  }>(
    tx,
    sql`SELECT state, height, back_thickness AS "backThickness",
          cuts_since_last_grinding::float8 AS "cutsSinceLastGrinding"
        FROM knives WHERE tenant_id = ${grinding.ownerTenantId} AND rfid = ${grinding.rfid} FOR UPDATE`,
  );
  if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
  if (knife.state === 'SCRAPPED') throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
  if (knife.height !== null && grinding.height > knife.height + EPSILON)
    throw new AppError('service.knives.KNIFE_HEIGHT_INCREASED', {
      details: { fields: [{ field: 'height', in: 'body', code: 'TOO_BIG' }] },
    });
  if (knife.backThickness !== null && grinding.backThickness > knife.backThickness + EPSILON)
    throw new AppError('service.knives.KNIFE_THICKNESS_INCREASED', {
      details: { fields: [{ field: 'backThickness', in: 'body', code: 'TOO_BIG' }] },
    });
  const cutsInCycle = Number(knife.cutsSinceLastGrinding);
  const [cycle] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO grinding_cycles (tenant_id, rfid, sharpened_at, cuts_in_cycle, height, back_thickness,
          angle_vf, angle_hf, angle_tm, grinding_reference, grinding_tenant_id, custody_id, recorded_by)
        VALUES (${grinding.ownerTenantId}, ${grinding.rfid}, ${grinding.sharpenedAt.toISOString()}, ${cutsInCycle},
          ${grinding.height}, ${grinding.backThickness}, ${grinding.angleVf}, ${grinding.angleHf},
          ${grinding.angleTm}, ${grinding.grindingReference}, ${grinding.grindingTenantId},
          ${grinding.custodyId}, ${grinding.recordedBy})
        RETURNING id`,
  );
  // Relative, so cuts booked meanwhile by the owner's machines (none: the knife is away) stay counted.
  await tx.execute(sql`
    UPDATE knives SET height = ${grinding.height}, back_thickness = ${grinding.backThickness},
      angle_vf = coalesce(${grinding.angleVf}::float8, angle_vf),
      angle_hf = coalesce(${grinding.angleHf}::float8, angle_hf),
      angle_tm = coalesce(${grinding.angleTm}::float8, angle_tm),
      cuts_since_last_grinding = greatest(0, cuts_since_last_grinding - ${cutsInCycle}),
      rotation = rotation + 1, updated_at = now()
    WHERE tenant_id = ${grinding.ownerTenantId} AND rfid = ${grinding.rfid}`);
  return {
    id: cycle!.id,
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

/**
 * Where a knife is in the logistics between its printing shop and a grinding shop: ACTIVE at home,
 * SHIPPED while away, SCRAPPED for good (the grinding shop may scrap a knife it holds). Called by
 * the logistics module, under whichever tenant's row-level security lets it see the rows.
 */
export async function setKnifeLogisticsState(
  tx: Tx,
  tenantId: string,
  rfids: string[],
  state: 'ACTIVE' | 'SHIPPED' | 'SCRAPPED',
) {
  if (rfids.length === 0) return;
  await tx.execute(sql`UPDATE knives SET state = ${state}, scrapped = ${state === 'SCRAPPED'}, updated_at = now()
    WHERE tenant_id = ${tenantId} AND rfid IN ${rfids}`);
}

/**
 * Demo history only: the printing shop's seeded grinding cycles that `where` selects (alias `g`)
 * become work of the demo grinding shop, with the stay and the grinding shop's reference the
 * caller derives from each cycle.
 */
export async function attributeSeededGrindingCycles(
  tx: Tx,
  values: { where: SQL; grindingTenantId: string; custodyId: SQL; grindingReference: SQL },
) {
  await tx.execute(sql`
    UPDATE grinding_cycles g SET grinding_tenant_id = ${values.grindingTenantId}, custody_id = ${values.custodyId},
      grinding_reference = ${values.grindingReference}
    WHERE ${values.where}`);
}
