import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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
