import { and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { userLocations, users } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';
import { containsPattern } from '../../lib/like';

type UserRow = typeof users.$inferSelect;

/** Location ids per user, for the given users. */
export async function locationIdsOf(tx: Tx, userIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await tx
    .select({ userId: userLocations.userId, locationId: userLocations.locationId })
    .from(userLocations)
    .where(inArray(userLocations.userId, userIds));
  for (const row of rows) map.get(row.userId)?.push(row.locationId);
  return map;
}

export async function listEmployees(
  tx: Tx,
  options: { page: number; pageSize: number; locationIds?: string[]; search?: string },
): Promise<{ rows: UserRow[]; total: number }> {
  const atLocations =
    options.locationIds && options.locationIds.length > 0
      ? sql`EXISTS (SELECT 1 FROM user_locations ul WHERE ul.tenant_id = "users"."tenant_id"
          AND ul.user_id = "users"."id" AND ul.location_id IN (${sql.join(
            options.locationIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}))`
      : undefined;
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const matches = pattern
    ? or(
        ilike(users.username, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.displayName, pattern),
        ilike(users.personnelNumber, pattern),
      )
    : undefined;
  const where = and(isNull(users.deletedAt), atLocations, matches);
  const rows = await tx
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  const [total] = await tx.select({ value: count() }).from(users).where(where);
  return { rows, total: Number(total?.value ?? 0) };
}

/** Replaces the locations of a user. */
export async function replaceUserLocations(tx: Tx, tenantId: string, userId: string, locationIds: string[]) {
  await tx.delete(userLocations).where(eq(userLocations.userId, userId));
  if (locationIds.length > 0) {
    await tx
      .insert(userLocations)
      .values(locationIds.map((locationId) => ({ tenantId, userId, locationId })));
  }
}

export async function countEmployeesAt(tx: Tx, locationId: string) {
  const [row] = await tx
    .select({ value: count() })
    .from(userLocations)
    .innerJoin(users, and(eq(users.tenantId, userLocations.tenantId), eq(users.id, userLocations.userId)))
    .where(and(eq(userLocations.locationId, locationId), isNull(users.deletedAt)));
  return Number(row?.value ?? 0);
}

/** Assignments of deleted employees are history only; they go with the location. */
export async function removeDeletedEmployeesFrom(tx: Tx, locationId: string) {
  await tx
    .delete(userLocations)
    .where(
      and(
        eq(userLocations.locationId, locationId),
        sql`EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = "user_locations"."tenant_id" AND u.id = "user_locations"."user_id" AND u.deleted_at IS NOT NULL)`,
      ),
    );
}

/** Every assignment to the location, of current and deleted employees (a grinding shop's location goes with them). */
export async function removeEmployeesFrom(tx: Tx, locationId: string) {
  await tx.delete(userLocations).where(eq(userLocations.locationId, locationId));
}

export interface ReportUserRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  role: string;
  active: boolean;
  locationIds: string[];
}

/** The (not deleted) employees working at the given locations, with their locations (reports user-view). */
export async function findReportUsers(tx: Tx, locationIds: readonly string[]): Promise<ReportUserRow[]> {
  return queryRows<ReportUserRow>(
    tx,
    sql`
    SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.display_name AS "displayName",
           u.role, u.active, array_agg(ul.location_id ORDER BY ul.location_id)::text[] AS "locationIds"
    FROM users u
    JOIN user_locations ul ON ul.tenant_id = u.tenant_id AND ul.user_id = u.id
    WHERE u.deleted_at IS NULL
      AND ul.location_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(locationIds)}::jsonb)::uuid)
    GROUP BY u.tenant_id, u.id
    ORDER BY lower(coalesce(nullif(u.display_name, ''), u.first_name || ' ' || u.last_name)), u.id`,
  );
}
