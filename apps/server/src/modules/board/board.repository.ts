import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { boardLinks, cuttingMachines, locations, tenants, users } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

// ---- board links --------------------------------------------------------------------------

export async function insertBoardLink(
  tx: Tx,
  values: {
    tenantId: string;
    locationId: string;
    name: string;
    secretHash: string;
    createdBy: string | null;
  },
) {
  const [row] = await tx.insert(boardLinks).values(values).returning({ id: boardLinks.id });
  return row!;
}

/** A location's links, newest first, with the name of the admin who created each. */
export async function listBoardLinkRows(tx: Tx, locationId: string) {
  return tx
    .select({
      link: {
        id: boardLinks.id,
        locationId: boardLinks.locationId,
        name: boardLinks.name,
        createdBy: boardLinks.createdBy,
        createdAt: boardLinks.createdAt,
        lastUsedAt: boardLinks.lastUsedAt,
        revokedAt: boardLinks.revokedAt,
      },
      creatorName: users.displayName,
      creatorUsername: users.username,
    })
    .from(boardLinks)
    .leftJoin(users, and(eq(users.tenantId, boardLinks.tenantId), eq(users.id, boardLinks.createdBy)))
    .where(eq(boardLinks.locationId, locationId))
    .orderBy(desc(boardLinks.createdAt), desc(boardLinks.id));
}

/** Links of the location that are not revoked. */
export async function countActiveBoardLinks(tx: Tx, locationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(boardLinks)
    .where(and(eq(boardLinks.locationId, locationId), isNull(boardLinks.revokedAt)));
  return row?.n ?? 0;
}

/** Revokes a link (a second revocation keeps the first time); null when the tenant has no such link. */
export async function revokeBoardLinkRow(tx: Tx, id: string) {
  const [row] = await tx
    .update(boardLinks)
    .set({ revokedAt: sql`coalesce(${boardLinks.revokedAt}, now())` })
    .where(eq(boardLinks.id, id))
    .returning({ id: boardLinks.id, locationId: boardLinks.locationId, name: boardLinks.name });
  return row ?? null;
}

/** The link of a secret's hash with what decides whether it may still show its board. */
export async function findBoardLinkByHash(tx: Tx, secretHash: string) {
  const [row] = await tx
    .select({
      id: boardLinks.id,
      locationId: boardLinks.locationId,
      revokedAt: boardLinks.revokedAt,
      lastUsedAt: boardLinks.lastUsedAt,
      tenantActive: tenants.active,
      tenantKind: tenants.kind,
    })
    .from(boardLinks)
    .innerJoin(tenants, eq(tenants.id, boardLinks.tenantId))
    .where(eq(boardLinks.secretHash, secretHash));
  return row ?? null;
}

export async function touchBoardLink(tx: Tx, id: string) {
  await tx.update(boardLinks).set({ lastUsedAt: sql`now()` }).where(eq(boardLinks.id, id));
}

// ---- what the board reads of other modules' tables ------------------------------------------

/** A location of the tenant (RLS), or null. */
export async function findBoardLocation(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: locations.id, name: locations.name, country: locations.country })
    .from(locations)
    .where(eq(locations.id, id));
  return row ?? null;
}

/** The ids of the location's machines that are not deleted, by name. */
export async function machineIdsAt(tx: Tx, locationId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: cuttingMachines.id })
    .from(cuttingMachines)
    .where(and(eq(cuttingMachines.locationId, locationId), isNull(cuttingMachines.deletedAt)))
    .orderBy(cuttingMachines.name, cuttingMachines.id);
  return rows.map((row) => row.id);
}

/** Whether the machine stands at the location now (and is not deleted). */
export async function isMachineAt(tx: Tx, locationId: string, machineId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: cuttingMachines.id })
    .from(cuttingMachines)
    .where(
      and(
        eq(cuttingMachines.id, machineId),
        eq(cuttingMachines.locationId, locationId),
        isNull(cuttingMachines.deletedAt),
      ),
    );
  return rows.length > 0;
}

/**
 * Cuts of each machine in [`from`, `to`), exact: the hourly rollups for the whole UTC hours inside
 * the range and the raw cuts for the partial hours at its two edges (at most two hours of rows), as
 * the reports count (docs/architecture.md "Reports").
 */
export async function cutsBetween(
  tx: Tx,
  machineIds: string[],
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  if (machineIds.length === 0 || to <= from) return new Map();
  const ids = sql`ARRAY[${sql.join(
    machineIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  const start = from.toISOString();
  const end = to.toISOString();
  const rows = await queryRows<{ machineId: string; cuts: string | number }>(
    tx,
    sql`WITH bounds AS (
          SELECT date_trunc('hour', ${start}::timestamptz, 'UTC') + CASE
                   WHEN date_trunc('hour', ${start}::timestamptz, 'UTC') = ${start}::timestamptz THEN interval '0'
                   ELSE interval '1 hour' END AS whole_from,
                 date_trunc('hour', ${end}::timestamptz, 'UTC') AS whole_to
        )
        SELECT machine_id AS "machineId", sum(cuts) AS cuts FROM (
          SELECT r.machine_id, r.cuts FROM cut_rollups_hourly r, bounds b
           WHERE r.machine_id = ANY(${ids}) AND r.hour >= b.whole_from AND r.hour < b.whole_to
          UNION ALL
          SELECT c.machine_id, 1 FROM cuts c, bounds b
           WHERE c.machine_id = ANY(${ids}) AND c.at >= ${start}::timestamptz AND c.at < ${end}::timestamptz
             AND (c.at < b.whole_from OR c.at >= b.whole_to OR b.whole_from >= b.whole_to)
        ) counted
        GROUP BY machine_id`,
  );
  return new Map(rows.map((row) => [row.machineId, Number(row.cuts)]));
}
