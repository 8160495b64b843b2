import {
  type FieldError,
  type GrindingCycle,
  KNIFE_STATE_TRANSITIONS,
  type KnifeStateTransition,
} from '@kerf/contracts';
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
 * Moves knives of one owner along one transition of their state (contracts
 * `KNIFE_STATE_TRANSITIONS`): only knives in one of the transition's `from` states move, and the
 * RFIDs that moved are answered, so the caller sees at once which were not where it thought. The
 * knife's state lives here and nowhere else (docs/architecture.md "Knife state"); the logistics
 * module calls this in the same transaction as it writes the stay, under whichever tenant's
 * row-level security lets it see the knife (the owner, or the grinding shop while its stay is open).
 */
export async function moveKnifeState(
  tx: Tx,
  ownerTenantId: string,
  rfids: readonly string[],
  transition: KnifeStateTransition,
): Promise<string[]> {
  if (rfids.length === 0) return [];
  const { from, to } = KNIFE_STATE_TRANSITIONS[transition];
  const rows = await queryRows<{ rfid: string }>(
    tx,
    sql`UPDATE knives SET state = ${to}, scrapped = ${to === 'SCRAPPED'}, updated_at = now()
        WHERE tenant_id = ${ownerTenantId} AND rfid IN ${[...rfids]} AND state IN ${[...from]}
        RETURNING rfid`,
  );
  return rows.map((row) => row.rfid);
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
