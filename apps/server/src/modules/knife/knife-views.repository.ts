import {
  DEFAULT_KNIFE_SWAP_INTERVAL,
  type KnifeDetails,
  type KnifeHistoryEvent,
  type KnifeSort,
  type KnifeState,
  type KnifeSummary,
  type KnifeSwapUrgency,
  SWAP_URGENCY_THRESHOLDS,
} from '@kerf/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import { iso } from '../../lib/dates';
import { containsPattern } from '../../lib/like';

/**
 * Reads of the knife module: knives with what they inherit (swap interval: knife → machine of the
 * latest scan → that machine's location, or the location of the latest scan → the default), their
 * swap urgency, latest scan, grinding cycles and history.
 */

/**
 * Swap urgency in SQL, with the thresholds of `knifeSwapUrgency` (contracts), so that the list can
 * filter and sort by it. UNKNOWN for knives without data: never in a machine and without cuts, or
 * not in use (shipped to the grinder, scrapped). A test checks it against `knifeSwapUrgency`.
 */
const urgency = sql.raw(`CASE
    WHEN k.state <> 'ACTIVE' OR (k.latest_scan_at IS NULL AND k.total_cuts = 0) THEN 'UNKNOWN'
    WHEN k.cuts_since_last_grinding::numeric >= eff.value * ${SWAP_URGENCY_THRESHOLDS.SWAP_REQUIRED} THEN 'SWAP_REQUIRED'
    WHEN k.cuts_since_last_grinding::numeric >= eff.value * ${SWAP_URGENCY_THRESHOLDS.SWAP_SOON} THEN 'SWAP_SOON'
    WHEN k.cuts_since_last_grinding::numeric >= eff.value * ${SWAP_URGENCY_THRESHOLDS.SWAP_PREFERRED} THEN 'SWAP_PREFERRED'
    ELSE 'OK' END`);

/** Sort rank of an urgency (most urgent highest). */
const urgencyRank = sql`CASE kv."swapUrgency" WHEN 'SWAP_REQUIRED' THEN 4 WHEN 'SWAP_SOON' THEN 3
  WHEN 'SWAP_PREFERRED' THEN 2 WHEN 'OK' THEN 1 ELSE 0 END`;

/** Every knife of the tenant with its inherited interval, urgency and latest scan, as `kv`. */
const knifeView = sql`
  SELECT k.rfid, k.article_number AS "articleNumber", k.knife_class_name AS "knifeClassName",
    k.height, k.back_thickness AS "backThickness",
    k.cuts_since_last_grinding::float8 AS "cutsSinceLastGrinding", k.total_cuts::float8 AS "totalCuts",
    k.state, k.angle_vf AS "angleVf", k.angle_hf AS "angleHf", k.angle_tm AS "angleTm",
    k.carrier_material AS "carrierMaterial", k.material, k.rotation,
    k.original_height AS "originalHeight", k.original_back_thickness AS "originalBackThickness",
    k.knife_swap_interval AS "knifeSwapInterval",
    k.created_at AS "createdAt", k.updated_at AS "updatedAt",
    k.latest_scan_at AS "scanAt", k.latest_scan_location_id AS "scanLocationId", sl.name AS "scanLocationName",
    k.latest_scan_machine_id AS "scanMachineId", m.name AS "scanMachineName",
    coalesce(m.location_id, k.latest_scan_location_id) AS "homeLocationId",
    eff.value AS "effectiveSwapInterval", eff.source AS "swapIntervalSource",
    ${urgency} AS "swapUrgency",
    k.cuts_since_last_grinding::numeric / eff.value AS "usedShare"
  FROM knives k
  LEFT JOIN cutting_machines m ON m.tenant_id = k.tenant_id AND m.id = k.latest_scan_machine_id
  LEFT JOIN locations sl ON sl.tenant_id = k.tenant_id AND sl.id = k.latest_scan_location_id
  LEFT JOIN locations il ON il.tenant_id = k.tenant_id AND il.id = coalesce(m.location_id, k.latest_scan_location_id)
  CROSS JOIN LATERAL (
    SELECT coalesce(k.knife_swap_interval, CASE WHEN m.deleted_at IS NULL THEN m.knife_swap_interval END,
             il.knife_swap_interval, ${DEFAULT_KNIFE_SWAP_INTERVAL}) AS value,
      CASE WHEN k.knife_swap_interval IS NOT NULL THEN 'KNIFE'
           WHEN m.deleted_at IS NULL AND m.knife_swap_interval IS NOT NULL THEN 'MACHINE'
           WHEN il.knife_swap_interval IS NOT NULL THEN 'PRINTING_SHOP'
           ELSE 'DEFAULT' END AS source
  ) eff`;

interface KnifeViewRow {
  rfid: string;
  articleNumber: string | null;
  knifeClassName: string | null;
  height: number | null;
  backThickness: number | null;
  cutsSinceLastGrinding: number;
  totalCuts: number;
  state: KnifeState;
  angleVf: number | null;
  angleHf: number | null;
  angleTm: number | null;
  carrierMaterial: string | null;
  material: string | null;
  rotation: number;
  originalHeight: number | null;
  originalBackThickness: number | null;
  knifeSwapInterval: number | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  scanAt: string | Date | null;
  scanLocationId: string | null;
  scanLocationName: string | null;
  scanMachineId: string | null;
  scanMachineName: string | null;
  homeLocationId: string | null;
  effectiveSwapInterval: number;
  swapIntervalSource: KnifeDetails['swapIntervalSource'];
  swapUrgency: KnifeSwapUrgency;
  total?: number;
}

function toSummary(row: KnifeViewRow): KnifeSummary {
  return {
    rfid: row.rfid,
    articleNumber: row.articleNumber,
    knifeClassName: row.knifeClassName,
    height: row.height,
    backThickness: row.backThickness,
    cutsSinceLastGrinding: Number(row.cutsSinceLastGrinding),
    totalCuts: Number(row.totalCuts),
    effectiveSwapInterval: Number(row.effectiveSwapInterval),
    swapUrgency: row.swapUrgency,
    state: row.state,
    latestScan: {
      at: row.scanAt ? iso(row.scanAt) : null,
      locationId: row.scanLocationId,
      locationName: row.scanLocationName,
      machineId: row.scanMachineId,
      machineName: row.scanMachineName,
    },
  };
}

export interface KnifeFilters {
  search?: string;
  locationIds?: string[];
  states?: KnifeState[];
  urgencies?: KnifeSwapUrgency[];
  sort: KnifeSort;
  descending: boolean;
}

function filterSql(filters: Omit<KnifeFilters, 'sort' | 'descending'>): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      sql`(kv.rfid ILIKE ${pattern} OR kv."articleNumber" ILIKE ${pattern} OR kv."knifeClassName" ILIKE ${pattern})`,
    );
  }
  if (filters.locationIds?.length)
    conditions.push(
      sql`kv."scanLocationId" IN (${sql.join(
        filters.locationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  if (filters.states?.length)
    conditions.push(
      sql`kv.state IN (${sql.join(
        filters.states.map((state) => sql`${state}`),
        sql`, `,
      )})`,
    );
  if (filters.urgencies?.length)
    conditions.push(
      sql`kv."swapUrgency" IN (${sql.join(
        filters.urgencies.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
  return sql.join(conditions, sql` AND `);
}

const SORT_COLUMNS: Record<KnifeSort, SQL> = {
  RFID: sql`kv.rfid`,
  ARTICLE_NUMBER: sql`kv."articleNumber"`,
  KNIFE_CLASS: sql`lower(kv."knifeClassName")`,
  HEIGHT: sql`kv.height`,
  CUTS_SINCE_LAST_GRINDING: sql`kv."cutsSinceLastGrinding"`,
  TOTAL_CUTS: sql`kv."totalCuts"`,
  SWAP_URGENCY: sql`${urgencyRank}, kv."usedShare"`,
  LATEST_SCAN: sql`kv."scanAt"`,
};

function orderSql(sort: KnifeSort, descending: boolean): SQL {
  const direction = sql.raw(descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');
  const column = SORT_COLUMNS[sort];
  // every part of a compound key goes the same way
  const keyed =
    sort === 'SWAP_URGENCY'
      ? sql`${urgencyRank} ${direction}, kv."usedShare" ${direction}`
      : sql`${column} ${direction}`;
  return sql`${keyed}, kv.rfid ASC`;
}

/** One page of knives, filtered and sorted. */
export async function listKnifeViews(
  tx: Tx,
  filters: KnifeFilters,
  page: { page: number; pageSize: number },
): Promise<{ items: KnifeSummary[]; total: number }> {
  const rows = await queryRows<KnifeViewRow>(
    tx,
    sql`WITH kv AS (${knifeView})
      SELECT kv.*, count(*) OVER ()::int AS total FROM kv WHERE ${filterSql(filters)}
      ORDER BY ${orderSql(filters.sort, filters.descending)}
      LIMIT ${page.pageSize} OFFSET ${page.page * page.pageSize}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.page > 0) {
    const [row] = await queryRows<{ total: number }>(
      tx,
      sql`WITH kv AS (${knifeView}) SELECT count(*)::int AS total FROM kv WHERE ${filterSql(filters)}`,
    );
    total = Number(row?.total ?? 0);
  }
  return { items: rows.map(toSummary), total };
}

/** The knives of these RFIDs with their details, in the order asked (unknown ones left out). */
export async function findKnifeDetails(tx: Tx, rfids: string[]): Promise<KnifeDetails[]> {
  if (rfids.length === 0) return [];
  const rows = await queryRows<KnifeViewRow & { averageCutsPerCycle: number | null }>(
    tx,
    sql`WITH kv AS (${knifeView})
      SELECT kv.*, (SELECT avg(g.cuts_in_cycle)::float8 FROM grinding_cycles g WHERE g.rfid = kv.rfid) AS "averageCutsPerCycle"
      FROM kv WHERE kv.rfid IN (${sql.join(
        rfids.map((rfid) => sql`${rfid}`),
        sql`, `,
      )})`,
  );
  const byRfid = new Map(
    rows.map((row) => [
      row.rfid,
      {
        ...toSummary(row),
        angleVf: row.angleVf,
        angleHf: row.angleHf,
        angleTm: row.angleTm,
        carrierMaterial: row.carrierMaterial,
        material: row.material,
        rotation: Number(row.rotation),
        averageCutsPerCycle:
          row.averageCutsPerCycle === null ? null : Math.round(Number(row.averageCutsPerCycle)),
        originalHeight: row.originalHeight,
        originalBackThickness: row.originalBackThickness,
        knifeSwapInterval: row.knifeSwapInterval,
        swapIntervalSource: row.swapIntervalSource,
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      } satisfies KnifeDetails,
    ]),
  );
  return rfids.flatMap((rfid) => byRfid.get(rfid) ?? []);
}

/** Counts by location (of the latest scan), state and urgency, for the manager's overview. */
export async function countKnives(tx: Tx) {
  return queryRows<{
    locationId: string | null;
    locationName: string | null;
    state: KnifeState;
    swapUrgency: KnifeSwapUrgency;
    count: number;
  }>(
    tx,
    sql`WITH kv AS (${knifeView})
      SELECT kv."scanLocationId" AS "locationId", kv."scanLocationName" AS "locationName", kv.state,
        kv."swapUrgency", count(*)::int AS count
      FROM kv GROUP BY 1, 2, 3, 4 ORDER BY lower(kv."scanLocationName") NULLS LAST`,
  );
}

/** Knives at the given locations (by their latest scan), or at every location. */
export async function knivesByLocation(tx: Tx, locationIds: string[] | undefined) {
  const rows = await queryRows<KnifeViewRow>(
    tx,
    sql`WITH kv AS (${knifeView})
      SELECT kv.* FROM kv WHERE kv."scanLocationId" IS NOT NULL ${
        locationIds?.length
          ? sql`AND kv."scanLocationId" IN (${sql.join(
              locationIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }
      ORDER BY kv.rfid`,
  );
  const grouped: Record<string, KnifeSummary[]> = {};
  for (const row of rows) {
    const key = row.scanLocationId!;
    grouped[key] = [...(grouped[key] ?? []), toSummary(row)];
  }
  return grouped;
}

export async function listMinimalKnives(tx: Tx, page: number, pageSize: number) {
  const rows = await queryRows<{
    rfid: string;
    articleNumber: string | null;
    knifeClassName: string | null;
    total: number;
  }>(
    tx,
    sql`SELECT rfid, article_number AS "articleNumber", knife_class_name AS "knifeClassName",
          count(*) OVER ()::int AS total
        FROM knives ORDER BY rfid LIMIT ${pageSize} OFFSET ${page * pageSize}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 0) {
    const [row] = await queryRows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM knives`);
    total = Number(row?.total ?? 0);
  }
  return {
    items: rows.map(({ total: _total, ...item }) => item),
    total,
  };
}

export async function listGrindingCycleRows(tx: Tx, rfid: string) {
  const rows = await queryRows<{
    id: string;
    sharpenedAt: string | Date;
    cutsInCycle: number;
    height: number | null;
    backThickness: number | null;
    angleVf: number | null;
    angleHf: number | null;
    angleTm: number | null;
    grindingReference: string | null;
  }>(
    tx,
    sql`SELECT id, sharpened_at AS "sharpenedAt", cuts_in_cycle::float8 AS "cutsInCycle", height,
          back_thickness AS "backThickness", angle_vf AS "angleVf", angle_hf AS "angleHf", angle_tm AS "angleTm",
          grinding_reference AS "grindingReference"
        FROM grinding_cycles WHERE rfid = ${rfid} ORDER BY sharpened_at, id`,
  );
  return rows.map((row) => ({
    ...row,
    sharpenedAt: iso(row.sharpenedAt),
    cutsInCycle: Number(row.cutsInCycle),
  }));
}

/** The audit actions of the knife module that show in a knife's history. */
export const KNIFE_AUDIT = {
  created: 'knife.created',
  updated: 'knife.updated',
} as const;

/**
 * A knife's history, newest first: scans in and out of machines (telemetry's `knife_scans`),
 * grindings, registration, edits and state changes (the audit log), swap-interval changes.
 */
export async function listKnifeEventRows(
  tx: Tx,
  rfid: string,
  page: { page: number; pageSize: number },
): Promise<{ items: KnifeHistoryEvent[]; total: number }> {
  const rows = await queryRows<{
    at: string | Date;
    kind: KnifeHistoryEvent['kind'];
    machineId: string | null;
    machineName: string | null;
    locationId: string | null;
    locationName: string | null;
    cutsInCycle: number | null;
    height: number | null;
    details: Record<string, unknown> | null;
    actorName: string | null;
    total: number;
  }>(
    tx,
    sql`WITH events AS (
        SELECT s.at, CASE s.kind WHEN 'INSERTED' THEN 'SCANNED_IN' ELSE 'SCANNED_OUT' END AS kind,
          s.machine_id AS "machineId", m.name AS "machineName", s.location_id AS "locationId", l.name AS "locationName",
          NULL::float8 AS "cutsInCycle", NULL::float8 AS height, NULL::jsonb AS details, NULL::text AS "actorName", s.id AS tiebreak
        FROM knife_scans s
        LEFT JOIN cutting_machines m ON m.tenant_id = s.tenant_id AND m.id = s.machine_id
        LEFT JOIN locations l ON l.tenant_id = s.tenant_id AND l.id = s.location_id
        WHERE s.rfid = ${rfid}
      UNION ALL
        SELECT g.sharpened_at, 'GROUND', NULL, NULL, NULL, NULL, g.cuts_in_cycle::float8, g.height, NULL, NULL, 0
        FROM grinding_cycles g WHERE g.rfid = ${rfid}
      UNION ALL
        SELECT a.at,
          CASE WHEN a.action = ${KNIFE_AUDIT.created} THEN 'REGISTERED'
               WHEN a.action LIKE 'config_option.%' THEN 'SWAP_INTERVAL_CHANGED'
               WHEN a.details ? 'state' THEN 'STATE_CHANGED' ELSE 'EDITED' END,
          NULL, NULL, NULL, NULL, NULL, NULL, a.details,
          coalesce(u.display_name, u.first_name || ' ' || u.last_name), a.id
        FROM audit_log a
        LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.actor_user_id
        WHERE a.target_type = 'knife' AND a.target_id = ${rfid}
          AND a.action IN (${KNIFE_AUDIT.created}, ${KNIFE_AUDIT.updated}, 'config_option.set', 'config_option.deleted')
      )
      SELECT *, count(*) OVER ()::int AS total FROM events
      ORDER BY at DESC, tiebreak DESC LIMIT ${page.pageSize} OFFSET ${page.page * page.pageSize}`,
  );
  const items = rows.map((row): KnifeHistoryEvent => {
    const details = row.details ?? {};
    const changed = Array.isArray(details.changedFields) ? (details.changedFields as string[]) : null;
    return {
      at: iso(row.at),
      kind: row.kind,
      machineId: row.machineId,
      machineName: row.machineName,
      locationId: row.locationId,
      locationName: row.locationName,
      cutsInCycle: row.cutsInCycle === null ? null : Number(row.cutsInCycle),
      height: row.height,
      changedFields: changed,
      state: typeof details.state === 'string' ? (details.state as KnifeState) : null,
      value: typeof details.value === 'number' ? details.value : null,
      actorName: row.actorName,
    };
  });
  return { items, total: Number(rows[0]?.total ?? 0) };
}

/** A grinding cycle as the reports count it: which knife, when it was sharpened, the cuts it closed. */
export interface ClosedGrindingCycle {
  rfid: string;
  sharpenedAt: Date;
  cutsInCycle: number;
}

/**
 * The grinding cycles of these knives closed (sharpened) in [start, end), oldest first per knife:
 * the recorded cycles of `grinding_cycles`, whoever recorded them (the grinding shop's workflow,
 * the printing shop's regrinds, the demo history) — never re-derived from knife removals. One index
 * range scan per knife (tenant, rfid, sharpened_at).
 */
export async function grindingCyclesClosedIn(
  tx: Tx,
  rfids: readonly string[],
  start: Date,
  end: Date,
): Promise<ClosedGrindingCycle[]> {
  if (rfids.length === 0) return [];
  const rows = await queryRows<{ rfid: string; sharpenedAt: Date | string; cutsInCycle: number }>(
    tx,
    sql`
    SELECT g.rfid, g.sharpened_at AS "sharpenedAt", g.cuts_in_cycle::float8 AS "cutsInCycle"
    FROM grinding_cycles g
    WHERE g.rfid IN (SELECT jsonb_array_elements_text(${JSON.stringify(rfids)}::jsonb))
      AND g.sharpened_at >= ${start.toISOString()}::timestamptz AND g.sharpened_at < ${end.toISOString()}::timestamptz
    ORDER BY g.rfid, g.sharpened_at, g.id`,
  );
  return rows.map((row) => ({
    rfid: row.rfid,
    sharpenedAt: new Date(row.sharpenedAt),
    cutsInCycle: Number(row.cutsInCycle),
  }));
}
