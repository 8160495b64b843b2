import type {
  Custody,
  KnifeState,
  Partnership,
  RfidConflict,
  Shipment,
  ShipmentDirection,
} from '@kerf/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import { iso, isoOrNull } from '../../lib/dates';

/*
 * All SQL of knife logistics. Every function runs in a kerf_app transaction of the caller's tenant:
 * row-level security (migration 0024) decides which side of a partnership may read or write what,
 * and the explicit tenant conditions below say the same again, so a query never depends on the
 * policy alone to pick the right rows.
 */

// ---------------------------------------------------------------------------------------------
// Partnerships

interface PartnershipRow {
  id: string;
  printingTenantId: string;
  grindingTenantId: string;
  printingShopName: string;
  grindingShopName: string;
  state: Partnership['state'];
  invitedAt: string | Date;
  acceptedAt: string | Date | null;
  endedAt: string | Date | null;
  knivesAtGrinder: number;
}

const partnershipSelect = sql`
  SELECT p.id, p.printing_tenant_id AS "printingTenantId", p.grinding_tenant_id AS "grindingTenantId",
    p.printing_shop_name AS "printingShopName", p.grinding_shop_name AS "grindingShopName", p.state,
    p.invited_at AS "invitedAt", p.accepted_at AS "acceptedAt", p.ended_at AS "endedAt",
    (SELECT count(*)::int FROM knife_custody c JOIN shipments s ON s.id = c.outbound_shipment_id
      WHERE s.partnership_id = p.id AND c.returned_at IS NULL AND c.scrapped_at IS NULL) AS "knivesAtGrinder"
  FROM partnerships p`;

export function toPartnership(row: PartnershipRow): Partnership {
  return {
    id: row.id,
    printingShopName: row.printingShopName,
    grindingShopName: row.grindingShopName,
    state: row.state,
    invitedAt: iso(row.invitedAt),
    acceptedAt: isoOrNull(row.acceptedAt),
    endedAt: isoOrNull(row.endedAt),
    knivesAtGrinder: Number(row.knivesAtGrinder),
  };
}

export type Side = 'printing' | 'grinding';
const sideColumn = (side: Side) => sql.raw(side === 'printing' ? 'printing_tenant_id' : 'grinding_tenant_id');

/** The tenant's partnerships on its side, open ones first, newest first. */
export function listPartnershipRows(tx: Tx, side: Side, tenantId: string) {
  return queryRows<PartnershipRow>(
    tx,
    sql`${partnershipSelect} WHERE p.${sideColumn(side)} = ${tenantId}
        ORDER BY (p.state = 'ENDED'), p.invited_at DESC`,
  );
}

export async function findPartnershipRow(tx: Tx, side: Side, tenantId: string, id: string) {
  const [row] = await queryRows<PartnershipRow>(
    tx,
    sql`${partnershipSelect} WHERE p.${sideColumn(side)} = ${tenantId} AND p.id = ${id}`,
  );
  return row ?? null;
}

export async function findOpenPartnership(tx: Tx, printingTenantId: string, grindingTenantId: string) {
  const [row] = await queryRows<PartnershipRow>(
    tx,
    sql`${partnershipSelect} WHERE p.printing_tenant_id = ${printingTenantId}
          AND p.grinding_tenant_id = ${grindingTenantId} AND p.state <> 'ENDED'`,
  );
  return row ?? null;
}

export async function insertPartnership(
  tx: Tx,
  values: {
    printingTenantId: string;
    grindingTenantId: string;
    printingShopName: string;
    grindingShopName: string;
    state?: Partnership['state'];
    at?: Date;
  },
) {
  const at = (values.at ?? new Date()).toISOString();
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO partnerships (printing_tenant_id, grinding_tenant_id, printing_shop_name, grinding_shop_name,
          state, invited_at, accepted_at)
        VALUES (${values.printingTenantId}, ${values.grindingTenantId}, ${values.printingShopName},
          ${values.grindingShopName}, ${values.state ?? 'INVITED'}, ${at},
          ${values.state === 'ACTIVE' ? at : null})
        RETURNING id`,
  );
  return row!.id;
}

export async function acceptPartnershipRow(tx: Tx, id: string) {
  await tx.execute(
    sql`UPDATE partnerships SET state = 'ACTIVE', accepted_at = now() WHERE id = ${id} AND state = 'INVITED'`,
  );
}

export async function endPartnershipRow(tx: Tx, id: string, byTenantId: string) {
  await tx.execute(sql`UPDATE partnerships SET state = 'ENDED', ended_at = now(), ended_by_tenant_id = ${byTenantId}
    WHERE id = ${id} AND state <> 'ENDED'`);
}

/** The tenant's own name (its row is the only one of `tenants` it may read). */
export async function ownTenantName(tx: Tx, tenantId: string) {
  const [row] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM tenants WHERE id = ${tenantId}`);
  return row?.name ?? '';
}

// ---------------------------------------------------------------------------------------------
// Custody (a knife's stays with a grinding shop)

interface CustodyRow {
  id: string;
  printingTenantId: string;
  grindingTenantId: string;
  partnershipId: string;
  rfid: string;
  articleNumber: string | null;
  knifeClassName: string | null;
  ownerName: string;
  grindingShopName: string;
  sentAt: string | Date;
  receivedAt: string | Date | null;
  returnedAt: string | Date | null;
  deliveredAt: string | Date | null;
  scrappedAt: string | Date | null;
  outboundShipmentId: string;
  returnShipmentId: string | null;
  cycles: number;
  /** the knife's one state (see `custodySelect`) */
  state: KnifeState;
}
export type CustodyRecord = CustodyRow;

/**
 * The knife's state as a stay shows it. A stay has no state of its own: the knife's one state
 * (`knives.state`, knife module) is shown while this is the knife's latest stay and the reader may
 * read the knife (its owner always; a grinding shop while it holds it). Otherwise, which is a
 * grinding shop looking back at a knife it has sent home or an owner at an older stay, it is the
 * state the stay left the knife in, from the stay's own dates: scrapped there, received back
 * (ACTIVE), shipped back and not yet received (SHIPPED_BACK), or still at the grinding shop.
 */
const stayKnifeState = sql`CASE
    WHEN k.state IS NOT NULL AND NOT EXISTS (SELECT 1 FROM knife_custody later
      WHERE later.printing_tenant_id = c.printing_tenant_id AND later.rfid = c.rfid AND later.sent_at > c.sent_at)
      THEN k.state
    WHEN c.scrapped_at IS NOT NULL THEN 'SCRAPPED'
    WHEN c.delivered_at IS NOT NULL THEN 'ACTIVE'
    WHEN c.returned_at IS NOT NULL THEN 'SHIPPED_BACK'
    ELSE 'AT_GRINDER' END`;

const custodySelect = sql`
  SELECT c.id, c.printing_tenant_id AS "printingTenantId", c.grinding_tenant_id AS "grindingTenantId",
    s.partnership_id AS "partnershipId", c.rfid, c.article_number AS "articleNumber",
    c.knife_class_name AS "knifeClassName", p.printing_shop_name AS "ownerName",
    p.grinding_shop_name AS "grindingShopName", c.sent_at AS "sentAt", c.received_at AS "receivedAt",
    c.returned_at AS "returnedAt", c.delivered_at AS "deliveredAt", c.scrapped_at AS "scrappedAt",
    c.outbound_shipment_id AS "outboundShipmentId", c.return_shipment_id AS "returnShipmentId",
    (SELECT count(*)::int FROM grinding_cycles g WHERE g.custody_id = c.id) AS cycles,
    ${stayKnifeState} AS state
  FROM knife_custody c
  JOIN shipments s ON s.id = c.outbound_shipment_id
  JOIN partnerships p ON p.id = s.partnership_id
  LEFT JOIN knives k ON k.tenant_id = c.printing_tenant_id AND k.rfid = c.rfid`;

function toRecord(row: CustodyRow): CustodyRecord {
  return { ...row, cycles: Number(row.cycles) };
}

export function toCustody(row: CustodyRecord): Custody {
  return {
    id: row.id,
    rfid: row.rfid,
    ownerId: row.printingTenantId,
    articleNumber: row.articleNumber,
    knifeClassName: row.knifeClassName,
    ownerName: row.ownerName,
    grindingShopName: row.grindingShopName,
    state: row.state,
    sentAt: iso(row.sentAt),
    receivedAt: isoOrNull(row.receivedAt),
    returnedAt: isoOrNull(row.returnedAt),
    deliveredAt: isoOrNull(row.deliveredAt),
    scrappedAt: isoOrNull(row.scrappedAt),
    outboundShipmentId: row.outboundShipmentId,
    returnShipmentId: row.returnShipmentId,
    cycles: row.cycles,
  };
}

async function custodyWhere(tx: Tx, where: SQL, order: SQL = sql`c.sent_at DESC`) {
  return (await queryRows<CustodyRow>(tx, sql`${custodySelect} WHERE ${where} ORDER BY ${order}`)).map(
    toRecord,
  );
}

/**
 * One knife's stays on the tenant's side (as owner or as grinding shop), newest first. A knife is
 * its owner and its RFID (issue 31): RFIDs are unique per printing shop only, so a grinding shop
 * always names the owner, and one owner's stays never mix with another's.
 */
export function listKnifeCustody(tx: Tx, side: Side, tenantId: string, ownerTenantId: string, rfid: string) {
  return custodyWhere(
    tx,
    sql`c.${sideColumn(side)} = ${tenantId} AND c.printing_tenant_id = ${ownerTenantId} AND c.rfid = ${rfid}`,
  );
}

/** The owner's stays of its knives whose grinding shop shipped them back and which are not received yet. */
export function listUndeliveredCustody(
  tx: Tx,
  printingTenantId: string,
  of: { rfid: string } | { shipmentId: string },
) {
  return custodyWhere(
    tx,
    sql`c.printing_tenant_id = ${printingTenantId} AND c.returned_at IS NOT NULL AND c.delivered_at IS NULL
      AND ${'rfid' in of ? sql`c.rfid = ${of.rfid}` : sql`c.return_shipment_id = ${of.shipmentId}`}`,
    sql`c.rfid`,
  );
}

/** The grinding shop's open stays (sent, not back, not scrapped), oldest first. */
export function listOpenCustody(tx: Tx, grindingTenantId: string) {
  return custodyWhere(
    tx,
    sql`c.grinding_tenant_id = ${grindingTenantId} AND c.returned_at IS NULL AND c.scrapped_at IS NULL`,
    sql`c.sent_at, c.rfid`,
  );
}

function listShipmentCustody(tx: Tx, shipmentIds: string[]) {
  if (shipmentIds.length === 0) return Promise.resolve([]);
  return custodyWhere(
    tx,
    sql`(c.outbound_shipment_id IN ${shipmentIds} OR c.return_shipment_id IN ${shipmentIds})`,
    sql`c.rfid`,
  );
}

/** Locks the knife's open stay for a change; undefined when it has none. */
export async function lockCustody(tx: Tx, id: string) {
  await tx.execute(sql`SELECT id FROM knife_custody WHERE id = ${id} FOR UPDATE`);
}

/**
 * Opens a stay; null when the grinding shop already holds a knife with this RFID for another owner
 * (the unique index `knife_custody_grinder_open_rfid_key`, which no row-level security hides: the
 * sender learns only that the RFID is taken there, never by whom).
 */
export async function insertCustody(
  tx: Tx,
  values: {
    printingTenantId: string;
    grindingTenantId: string;
    rfid: string;
    outboundShipmentId: string;
    sentAt: Date;
    receivedAt?: Date | null;
    returnedAt?: Date | null;
    returnShipmentId?: string | null;
    scrappedAt?: Date | null;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO knife_custody (printing_tenant_id, grinding_tenant_id, rfid, article_number, knife_class_name,
          outbound_shipment_id, sent_at, received_at, returned_at, return_shipment_id, scrapped_at)
        SELECT ${values.printingTenantId}, ${values.grindingTenantId}, k.rfid, k.article_number, k.knife_class_name,
          ${values.outboundShipmentId}, ${values.sentAt.toISOString()}, ${values.receivedAt?.toISOString() ?? null},
          ${values.returnedAt?.toISOString() ?? null}, ${values.returnShipmentId ?? null},
          ${values.scrappedAt?.toISOString() ?? null}
        FROM knives k WHERE k.tenant_id = ${values.printingTenantId} AND k.rfid = ${values.rfid}
        ON CONFLICT (grinding_tenant_id, rfid) WHERE returned_at IS NULL AND scrapped_at IS NULL DO NOTHING
        RETURNING id`,
  );
  return row?.id ?? null;
}

export async function markReceived(tx: Tx, id: string, userId: string) {
  await tx.execute(
    sql`UPDATE knife_custody SET received_at = now(), received_by = ${userId} WHERE id = ${id} AND received_at IS NULL`,
  );
}

export async function markReturned(tx: Tx, ids: string[], returnShipmentId: string, userId: string) {
  await tx.execute(sql`UPDATE knife_custody SET returned_at = now(), return_shipment_id = ${returnShipmentId},
      received_at = coalesce(received_at, now()), received_by = coalesce(received_by, ${userId})
    WHERE id IN ${ids}`);
}

export async function markDelivered(tx: Tx, ids: string[], userId: string) {
  if (ids.length === 0) return;
  await tx.execute(sql`UPDATE knife_custody SET delivered_at = now(), delivered_by = ${userId}
    WHERE id IN ${ids} AND returned_at IS NOT NULL AND delivered_at IS NULL`);
}

export async function markScrapped(tx: Tx, id: string, userId: string) {
  await tx.execute(sql`UPDATE knife_custody SET scrapped_at = now(), scrapped_by = ${userId},
      received_at = coalesce(received_at, now()), received_by = coalesce(received_by, ${userId})
    WHERE id = ${id}`);
}

// ---------------------------------------------------------------------------------------------
// Knives as logistics needs them

export interface KnifeRow {
  tenantId: string;
  rfid: string;
  articleNumber: string | null;
  knifeClassName: string | null;
  state: KnifeState;
  height: number | null;
  backThickness: number | null;
  originalHeight: number | null;
  originalBackThickness: number | null;
  angleVf: number | null;
  angleHf: number | null;
  angleTm: number | null;
  material: string | null;
  rotation: number;
  cutsSinceLastGrinding: number;
  totalCuts: number;
  createdAt: string | Date;
}

const knifeSelect = sql`
  SELECT tenant_id AS "tenantId", rfid, article_number AS "articleNumber", knife_class_name AS "knifeClassName",
    state, height, back_thickness AS "backThickness", original_height AS "originalHeight",
    original_back_thickness AS "originalBackThickness", angle_vf AS "angleVf", angle_hf AS "angleHf",
    angle_tm AS "angleTm", material, rotation, cuts_since_last_grinding::float8 AS "cutsSinceLastGrinding",
    total_cuts::float8 AS "totalCuts", created_at AS "createdAt"
  FROM knives`;

function toKnifeRow(row: KnifeRow): KnifeRow {
  return {
    ...row,
    cutsSinceLastGrinding: Number(row.cutsSinceLastGrinding),
    totalCuts: Number(row.totalCuts),
  };
}

export async function findKnifeRow(tx: Tx, tenantId: string, rfid: string, lock = false) {
  const [row] = await queryRows<KnifeRow>(
    tx,
    sql`${knifeSelect} WHERE tenant_id = ${tenantId} AND rfid = ${rfid}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  return row ? toKnifeRow(row) : null;
}

export async function lockOwnKnives(tx: Tx, tenantId: string, rfids: string[]) {
  return (
    await queryRows<KnifeRow>(
      tx,
      sql`${knifeSelect} WHERE tenant_id = ${tenantId} AND rfid IN ${rfids} FOR UPDATE`,
    )
  ).map(toKnifeRow);
}

/** The pace of the knife's grinding from the cycles the tenant may read: count, first and last. */
export async function cyclePace(tx: Tx, tenantId: string, rfid: string) {
  const [row] = await queryRows<{ count: number; first: string | Date | null; last: string | Date | null }>(
    tx,
    sql`SELECT count(*)::int AS count, min(sharpened_at) AS first, max(sharpened_at) AS last
        FROM grinding_cycles WHERE tenant_id = ${tenantId} AND rfid = ${rfid}`,
  );
  return { count: Number(row?.count ?? 0), first: row?.first ?? null, last: row?.last ?? null };
}

export interface CycleRow {
  id: string;
  sharpenedAt: string;
  cutsInCycle: number;
  height: number | null;
  backThickness: number | null;
  angleVf: number | null;
  angleHf: number | null;
  angleTm: number | null;
  grindingReference: string | null;
  grindingTenantId: string | null;
  custodyId: string | null;
}

/** Cycles of a knife the tenant may read; `grindingTenantId` narrows to one grinding shop's. */
export async function listCycles(tx: Tx, ownerTenantId: string, rfid: string, grindingTenantId?: string) {
  const rows = await queryRows<CycleRow>(
    tx,
    sql`SELECT id, sharpened_at AS "sharpenedAt", cuts_in_cycle::float8 AS "cutsInCycle", height,
          back_thickness AS "backThickness", angle_vf AS "angleVf", angle_hf AS "angleHf", angle_tm AS "angleTm",
          grinding_reference AS "grindingReference", grinding_tenant_id AS "grindingTenantId",
          custody_id AS "custodyId"
        FROM grinding_cycles WHERE tenant_id = ${ownerTenantId} AND rfid = ${rfid}
          ${grindingTenantId ? sql`AND grinding_tenant_id = ${grindingTenantId}` : sql``}
        ORDER BY sharpened_at DESC, id`,
  );
  return rows.map((row) => ({
    ...row,
    sharpenedAt: iso(row.sharpenedAt),
    cutsInCycle: Number(row.cutsInCycle),
  }));
}

/** The owner's scans of the knife in its machines, newest first. */
export async function listScans(tx: Tx, rfid: string, limit: number) {
  return queryRows<{
    at: string | Date;
    kind: string;
    machineName: string | null;
    locationName: string | null;
  }>(
    tx,
    sql`SELECT s.at, s.kind, m.name AS "machineName", l.name AS "locationName"
        FROM knife_scans s
        LEFT JOIN cutting_machines m ON m.tenant_id = s.tenant_id AND m.id = s.machine_id
        LEFT JOIN locations l ON l.tenant_id = s.tenant_id AND l.id = coalesce(s.location_id, m.location_id)
        WHERE s.rfid = ${rfid} ORDER BY s.at DESC LIMIT ${limit}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Shipments

interface ShipmentRow {
  id: string;
  partnershipId: string;
  direction: ShipmentDirection;
  printingShopName: string;
  grindingShopName: string;
  shippedAt: string | Date;
}

export async function insertShipment(
  tx: Tx,
  values: {
    printingTenantId: string;
    grindingTenantId: string;
    partnershipId: string;
    direction: ShipmentDirection;
    shippedBy: string | null;
    at?: Date;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO shipments (printing_tenant_id, grinding_tenant_id, partnership_id, direction, shipped_by, shipped_at)
        VALUES (${values.printingTenantId}, ${values.grindingTenantId}, ${values.partnershipId}, ${values.direction},
          ${values.shippedBy}, ${(values.at ?? new Date()).toISOString()})
        RETURNING id`,
  );
  return row!.id;
}

/** The tenant's shipments on its side, newest first, with their knives as they are now. */
export async function listShipmentPage(tx: Tx, side: Side, tenantId: string, page: number, pageSize: number) {
  const rows = await queryRows<ShipmentRow & { total: number }>(
    tx,
    sql`SELECT s.id, s.partnership_id AS "partnershipId", s.direction, p.printing_shop_name AS "printingShopName",
          p.grinding_shop_name AS "grindingShopName", s.shipped_at AS "shippedAt", count(*) OVER ()::int AS total
        FROM shipments s JOIN partnerships p ON p.id = s.partnership_id
        WHERE s.${sideColumn(side)} = ${tenantId}
        ORDER BY s.shipped_at DESC, s.id LIMIT ${pageSize} OFFSET ${page * pageSize}`,
  );
  const items = await withKnives(tx, rows);
  return { items, total: Number(rows[0]?.total ?? 0) };
}

export async function findShipment(tx: Tx, id: string): Promise<Shipment | null> {
  const rows = await queryRows<ShipmentRow>(
    tx,
    sql`SELECT s.id, s.partnership_id AS "partnershipId", s.direction, p.printing_shop_name AS "printingShopName",
          p.grinding_shop_name AS "grindingShopName", s.shipped_at AS "shippedAt"
        FROM shipments s JOIN partnerships p ON p.id = s.partnership_id WHERE s.id = ${id}`,
  );
  return (await withKnives(tx, rows))[0] ?? null;
}

async function withKnives(tx: Tx, rows: ShipmentRow[]): Promise<Shipment[]> {
  const custody = await listShipmentCustody(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    partnershipId: row.partnershipId,
    direction: row.direction,
    printingShopName: row.printingShopName,
    grindingShopName: row.grindingShopName,
    shippedAt: iso(row.shippedAt),
    knives: custody
      .filter((c) => (row.direction === 'TO_GRINDER' ? c.outboundShipmentId : c.returnShipmentId) === row.id)
      .map(toCustody),
  }));
}

// ---------------------------------------------------------------------------------------------
// RFID conflicts at a grinding shop (issue 31)

export async function insertRfidConflicts(
  tx: Tx,
  values: {
    printingTenantId: string;
    grindingTenantId: string;
    partnershipId: string;
    grindingShopName: string;
    rfids: string[];
    refusedBy: string | null;
  },
) {
  for (const rfid of values.rfids)
    await tx.execute(sql`INSERT INTO rfid_conflicts (printing_tenant_id, grinding_tenant_id, partnership_id,
        grinding_shop_name, rfid, refused_by)
      VALUES (${values.printingTenantId}, ${values.grindingTenantId}, ${values.partnershipId},
        ${values.grindingShopName}, ${rfid}, ${values.refusedBy})`);
}

/**
 * The conflicts the tenant may see (row-level security, migration 0054), newest first: as the
 * refused printing shop, as the printing shop that held the RFID there, or as the grinding shop.
 * `rfid` narrows to one knife, `ownerTenantId` to the conflicts about that owner's knife.
 */
export async function listRfidConflicts(
  tx: Tx,
  tenantId: string,
  filter: { rfid?: string; limit?: number } = {},
): Promise<RfidConflict[]> {
  const rows = await queryRows<{
    id: string;
    rfid: string;
    grindingShopName: string;
    at: string | Date;
    printingTenantId: string;
    grindingTenantId: string;
  }>(
    tx,
    sql`SELECT id, rfid, grinding_shop_name AS "grindingShopName", at, printing_tenant_id AS "printingTenantId",
          grinding_tenant_id AS "grindingTenantId"
        FROM rfid_conflicts ${filter.rfid ? sql`WHERE rfid = ${filter.rfid}` : sql``}
        ORDER BY at DESC, id LIMIT ${filter.limit ?? 200}`,
  );
  return rows.map((row) => ({
    id: row.id,
    rfid: row.rfid,
    grindingShopName: row.grindingShopName,
    at: iso(row.at),
    side:
      row.grindingTenantId === tenantId
        ? 'GRINDING_SHOP'
        : row.printingTenantId === tenantId
          ? 'REFUSED'
          : 'HOLDING',
  }));
}
