import { eq, inArray, sql } from 'drizzle-orm';
import { currentLocations } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

/** All SQL of `current_locations` (owned by this module, ADR 0012). */

export async function currentLocationsOf(tx: Tx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: currentLocations.userId, locationId: currentLocations.locationId })
    .from(currentLocations)
    .where(inArray(currentLocations.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row.locationId]));
}

export async function saveCurrentLocation(tx: Tx, tenantId: string, userId: string, locationId: string) {
  await tx
    .insert(currentLocations)
    .values({ tenantId, userId, locationId })
    .onConflictDoUpdate({
      target: [currentLocations.tenantId, currentLocations.userId],
      set: { locationId, updatedAt: sql`now()` },
    });
}

export async function clearCurrentLocation(tx: Tx, userId: string) {
  await tx.delete(currentLocations).where(eq(currentLocations.userId, userId));
}

export async function clearCurrentLocationsAt(tx: Tx, locationId: string) {
  await tx.delete(currentLocations).where(eq(currentLocations.locationId, locationId));
}
