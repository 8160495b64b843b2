import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { knives } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`. */
const run = async (tx: Tx, query: SQL) => (await tx.execute(query)) as unknown as { rows: unknown[] };

export interface NewKnife {
  rfid: string;
  articleNumber: string;
  knifeClassName: string;
  height: number;
  backThickness: number;
  locationId: string | null;
}

/** Registers a knife with its master data; a knife already known keeps its row. */
export async function insertKnife(tx: Tx, tenantId: string, knife: NewKnife) {
  await run(
    tx,
    sql`
    INSERT INTO knives (tenant_id, rfid, article_number, knife_class_name, angle_vf, angle_hf, angle_tm, height,
      back_thickness, carrier_material, material, latest_scan_location_id)
    VALUES (${tenantId}, ${knife.rfid}, ${knife.articleNumber}, ${knife.knifeClassName}, 22, 24, 19, ${knife.height},
      ${knife.backThickness}, 'steel', 'HSS', ${knife.locationId})
    ON CONFLICT DO NOTHING`,
  );
}

/** A knife's own swap interval and the machine it was last scanned in. */
export async function findKnifeInterval(tx: Tx, rfid: string) {
  const [row] = await tx
    .select({ rfid: knives.rfid, value: knives.knifeSwapInterval, machineId: knives.latestScanMachineId })
    .from(knives)
    .where(eq(knives.rfid, rfid));
  return row ?? null;
}

/** Sets (or, with null, clears) the swap interval of the knives; returns how many were found. */
export async function setKnifeSwapInterval(tx: Tx, rfids: string[], value: number | null) {
  const rows = await tx
    .update(knives)
    .set({ knifeSwapInterval: value, updatedAt: sql`now()` })
    .where(inArray(knives.rfid, rfids))
    .returning({ rfid: knives.rfid });
  return rows.length;
}

export interface KnifeSighting {
  rfid: string;
  machineId: string;
  locationId: string | null;
  at: string;
}

/**
 * A knife scanned in a machine (telemetry): registers a knife seen for the first time and moves its
 * latest scan, unless a later scan is already recorded.
 */
export async function recordKnifeSighting(tx: Tx, tenantId: string, sighting: KnifeSighting) {
  await run(
    tx,
    sql`
    INSERT INTO knives AS k (tenant_id, rfid, latest_scan_location_id, latest_scan_machine_id, latest_scan_at)
    VALUES (${tenantId}, ${sighting.rfid}, ${sighting.locationId}, ${sighting.machineId}, ${sighting.at})
    ON CONFLICT (tenant_id, rfid) DO UPDATE
      SET latest_scan_location_id = excluded.latest_scan_location_id,
          latest_scan_machine_id = excluded.latest_scan_machine_id,
          latest_scan_at = excluded.latest_scan_at
      WHERE k.latest_scan_at IS NULL OR k.latest_scan_at <= excluded.latest_scan_at`,
  );
}

/**
 * Credits a regrind: the given cuts no longer count as cuts since the last grinding (relative, so
 * cuts that arrive meanwhile are kept). The demo history uses it until grinding cycles are recorded.
 */
export async function creditKnifeRegrind(tx: Tx, rfid: string, cuts: number) {
  await tx.execute(sql`
    UPDATE knives SET cuts_since_last_grinding = greatest(0, cuts_since_last_grinding - ${cuts})
    WHERE rfid = ${rfid}`);
}
