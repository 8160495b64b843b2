import { KNIFE_STATE_TRANSITIONS, type KnifeStateTransition } from '@kerf/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

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

export interface KnifeToGrind {
  state: string;
  height: number | null;
  backThickness: number | null;
  cutsSinceLastGrinding: number;
}

/** The knife a grinding is recorded for, locked for the grinding; undefined when it is not visible. */
export async function lockKnifeForGrinding(
  tx: Tx,
  ownerTenantId: string,
  rfid: string,
): Promise<KnifeToGrind | undefined> {
  const [knife] = await queryRows<KnifeToGrind>(
    tx,
    sql`SELECT state, height, back_thickness AS "backThickness",
          cuts_since_last_grinding::float8 AS "cutsSinceLastGrinding"
        FROM knives WHERE tenant_id = ${ownerTenantId} AND rfid = ${rfid} FOR UPDATE`,
  );
  return knife;
}

/** The grinding shop's cycle of the knife, closing `cutsInCycle` cuts; its id. */
export async function insertShopGrindingCycle(
  tx: Tx,
  grinding: ShopGrinding,
  cutsInCycle: number,
): Promise<string> {
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
  return cycle!.id;
}

/** The knife after a grinding: its new measures, the cycle's cuts off its counter, one round further. */
export async function applyGrindingToKnife(
  tx: Tx,
  grinding: ShopGrinding,
  cutsInCycle: number,
): Promise<void> {
  // Relative, so cuts booked meanwhile by the owner's machines (none: the knife is away) stay counted.
  await tx.execute(sql`
    UPDATE knives SET height = ${grinding.height}, back_thickness = ${grinding.backThickness},
      angle_vf = coalesce(${grinding.angleVf}::float8, angle_vf),
      angle_hf = coalesce(${grinding.angleHf}::float8, angle_hf),
      angle_tm = coalesce(${grinding.angleTm}::float8, angle_tm),
      cuts_since_last_grinding = greatest(0, cuts_since_last_grinding - ${cutsInCycle}),
      rotation = rotation + 1, updated_at = now()
    WHERE tenant_id = ${grinding.ownerTenantId} AND rfid = ${grinding.rfid}`);
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
