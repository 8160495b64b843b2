import type { KnifeState } from '@kerf/contracts';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { grindingCycles, knives } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';
import { sha256 } from '../../lib/hash';

/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`. */
const run = async (tx: Tx, query: SQL) => (await tx.execute(query)) as unknown as { rows: unknown[] };

/** A knife's master data and measurements as entered (registration, edit, demo seed). */
export interface KnifeValues {
  articleNumber: string;
  knifeClassName: string;
  height: number;
  backThickness: number;
  angleVf: number | null;
  angleHf: number | null;
  angleTm: number | null;
  carrierMaterial: string | null;
  material: string | null;
}

export interface NewKnife extends KnifeValues {
  rfid: string;
  knifeSwapInterval?: number | null;
  locationId?: string | null;
}

/**
 * Registers a knife with its master data; its measurements become its originals. Answers false
 * when the tenant already has a knife with this RFID (its row is kept).
 */
export async function insertKnife(tx: Tx, tenantId: string, knife: NewKnife): Promise<boolean> {
  const rows = await tx
    .insert(knives)
    .values({
      tenantId,
      rfid: knife.rfid,
      articleNumber: knife.articleNumber,
      knifeClassName: knife.knifeClassName,
      angleVf: knife.angleVf,
      angleHf: knife.angleHf,
      angleTm: knife.angleTm,
      height: knife.height,
      backThickness: knife.backThickness,
      originalHeight: knife.height,
      originalBackThickness: knife.backThickness,
      carrierMaterial: knife.carrierMaterial,
      material: knife.material,
      knifeSwapInterval: knife.knifeSwapInterval ?? null,
      latestScanLocationId: knife.locationId ?? null,
    })
    .onConflictDoNothing()
    .returning({ rfid: knives.rfid });
  return rows.length > 0;
}

/** The knife's row, locked for an edit in this transaction; null when the tenant has no such knife. */
export async function lockKnife(tx: Tx, rfid: string) {
  const [row] = await queryRows<
    KnifeValues & {
      rfid: string;
      state: KnifeState;
      originalHeight: number | null;
      originalBackThickness: number | null;
    }
  >(
    tx,
    sql`SELECT rfid, state, article_number AS "articleNumber", knife_class_name AS "knifeClassName", height,
          back_thickness AS "backThickness", angle_vf AS "angleVf", angle_hf AS "angleHf", angle_tm AS "angleTm",
          carrier_material AS "carrierMaterial", material,
          original_height AS "originalHeight", original_back_thickness AS "originalBackThickness"
        FROM knives WHERE rfid = ${rfid} FOR UPDATE`,
  );
  return row ?? null;
}

/**
 * Writes an edit. A knife first registered by a machine's reader has no originals yet: its first
 * measurements become them.
 */
export async function updateKnife(tx: Tx, rfid: string, values: KnifeValues & { state: KnifeState }) {
  await tx
    .update(knives)
    .set({
      ...values,
      scrapped: values.state === 'SCRAPPED',
      originalHeight: sql`coalesce(${knives.originalHeight}, ${values.height})`,
      originalBackThickness: sql`coalesce(${knives.originalBackThickness}, ${values.backThickness})`,
      updatedAt: sql`now()`,
    })
    .where(eq(knives.rfid, rfid));
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

export interface GrindingCycleValues {
  sharpenedAt: Date;
  cutsInCycle: number;
  height: number | null;
  backThickness: number | null;
  angleVf: number | null;
  angleHf: number | null;
  angleTm: number | null;
  /** the grinding shop's reference of the job (issue 13); null when the printing shop records it */
  grindingReference?: string | null;
}

/**
 * Records a grinding: the cycle it closed and the knife's measurements after it. The knife takes
 * the new height and back thickness and goes one round further. Whoever records cycles (the demo
 * history today, the grinding shop's workflow later) comes through here.
 */
export async function insertGrindingCycle(
  tx: Tx,
  tenantId: string,
  rfid: string,
  cycle: GrindingCycleValues,
) {
  await tx.insert(grindingCycles).values({
    tenantId,
    rfid,
    sharpenedAt: cycle.sharpenedAt,
    cutsInCycle: cycle.cutsInCycle,
    height: cycle.height,
    backThickness: cycle.backThickness,
    angleVf: cycle.angleVf,
    angleHf: cycle.angleHf,
    angleTm: cycle.angleTm,
    grindingReference: cycle.grindingReference ?? null,
  });
  await tx
    .update(knives)
    .set({
      height: sql`coalesce(${cycle.height}::float8, ${knives.height})`,
      backThickness: sql`coalesce(${cycle.backThickness}::float8, ${knives.backThickness})`,
      rotation: sql`${knives.rotation} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(knives.rfid, rfid));
}

/**
 * Height a regrind takes off, 0.3–1.0 mm, the same for the same knife and
 * moment so that a replayed history grinds the same.
 */
export function regrindLoss(rfid: string, at: Date): number {
  const byte = sha256(`${rfid}/${at.toISOString()}`)[0]!;
  return Math.round((0.3 + (byte / 255) * 0.7) * 20) / 20;
}

const DAY = 24 * 3600_000;

/**
 * Credits a regrind: the given cuts no longer count as cuts since the last grinding (relative, so
 * cuts that arrive meanwhile are kept), and each stint of the knife in a machine that ended with it
 * being taken out (telemetry's knife scans) becomes a grinding cycle, with the cuts of that stint
 * (from the hourly rollups) and a height a little lower than before. Stints already recorded are
 * skipped, so crediting again records nothing twice. The demo history calls it for each knife it
 * took out of a machine; the grinding shop's workflow (issue 13) will record its own cycles.
 */
export async function creditKnifeRegrind(tx: Tx, rfid: string, cuts: number) {
  await tx.execute(sql`
    UPDATE knives SET cuts_since_last_grinding = greatest(0, cuts_since_last_grinding - ${cuts})
    WHERE rfid = ${rfid}`);
  const [knife] = await queryRows<{
    tenantId: string;
    height: number | null;
    backThickness: number | null;
    angleVf: number | null;
    angleHf: number | null;
    angleTm: number | null;
  }>(
    tx,
    sql`SELECT tenant_id AS "tenantId", height, back_thickness AS "backThickness", angle_vf AS "angleVf",
          angle_hf AS "angleHf", angle_tm AS "angleTm" FROM knives WHERE rfid = ${rfid}`,
  );
  if (!knife) return;
  const stints = await queryRows<{
    removedAt: string | Date;
    nextInsertedAt: string | Date | null;
    cuts: number;
    recorded: boolean;
  }>(
    tx,
    sql`SELECT r.at AS "removedAt", nxt.at AS "nextInsertedAt",
          (SELECT coalesce(sum(c.cuts), 0)::float8 FROM cut_rollups_hourly c
            WHERE c.knife_rfid = r.rfid AND c.machine_id = r.machine_id
              AND c.hour <= date_trunc('hour', r.at)
              AND (ins.at IS NULL OR c.hour >= date_trunc('hour', ins.at))) AS cuts,
          EXISTS (SELECT 1 FROM grinding_cycles g WHERE g.rfid = r.rfid AND g.sharpened_at > r.at
            AND g.sharpened_at <= r.at + interval '2 days'
            AND (nxt.at IS NULL OR g.sharpened_at < nxt.at)) AS recorded
        FROM knife_scans r
        LEFT JOIN LATERAL (SELECT max(i.at) AS at FROM knife_scans i
          WHERE i.rfid = r.rfid AND i.kind = 'INSERTED' AND i.at <= r.at) ins ON true
        LEFT JOIN LATERAL (SELECT min(i.at) AS at FROM knife_scans i
          WHERE i.rfid = r.rfid AND i.kind = 'INSERTED' AND i.at > r.at) nxt ON true
        WHERE r.rfid = ${rfid} AND r.kind = 'REMOVED'
        ORDER BY r.at`,
  );
  let height = knife.height;
  for (const stint of stints) {
    if (stint.recorded || Number(stint.cuts) === 0) continue;
    const removedAt = new Date(stint.removedAt).getTime();
    // Sharpened while it was away: halfway to its return, at most two days after it left.
    const away = stint.nextInsertedAt ? new Date(stint.nextInsertedAt).getTime() - removedAt : 2 * DAY;
    const sharpenedAt = new Date(Math.min(removedAt + Math.min(away / 2, 2 * DAY), Date.now()));
    if (sharpenedAt.getTime() <= removedAt) continue;
    height = height === null ? null : Math.round((height - regrindLoss(rfid, sharpenedAt)) * 100) / 100;
    await insertGrindingCycle(tx, knife.tenantId, rfid, {
      sharpenedAt,
      cutsInCycle: Number(stint.cuts),
      height,
      backThickness: knife.backThickness,
      angleVf: knife.angleVf,
      angleHf: knife.angleHf,
      angleTm: knife.angleTm,
    });
  }
}

/** Demo seed only: a knife's counters, state and latest scan as a shop's records would have them. */
export async function setDemoKnifeState(
  tx: Tx,
  rfid: string,
  values: {
    state: KnifeState;
    cutsSinceLastGrinding: number;
    totalCuts: number;
    latestScan: { machineId: string | null; locationId: string | null; at: Date } | null;
  },
) {
  await tx
    .update(knives)
    .set({
      state: values.state,
      scrapped: values.state === 'SCRAPPED',
      cutsSinceLastGrinding: values.cutsSinceLastGrinding,
      totalCuts: values.totalCuts,
      ...(values.latestScan
        ? {
            latestScanMachineId: values.latestScan.machineId,
            latestScanLocationId: values.latestScan.locationId,
            latestScanAt: values.latestScan.at,
          }
        : {}),
    })
    .where(eq(knives.rfid, rfid));
}
