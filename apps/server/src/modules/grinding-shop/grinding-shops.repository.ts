import { CountrySchema, type GrindingShop } from '@kerf/contracts';
import { asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { locations } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';
import { containsPattern } from '../../lib/like';

/**
 * Reads of the grinding shop's locations. The rows are `locations` of the grinding-shop tenant
 * (printing-shop owns the table and writes it); the counts are of grinding machines and employees.
 */

type LocationRow = typeof locations.$inferSelect;

// Correlated subqueries name the outer table explicitly: inside them a bare column would bind to the inner one.
const machineCount = sql<number>`(SELECT count(*)::int FROM grinding_machines m
  WHERE m.tenant_id = "locations"."tenant_id" AND m.location_id = "locations"."id" AND m.deleted_at IS NULL)`;
const employeeCount = sql<number>`(SELECT count(*)::int FROM user_locations ul
  JOIN users u ON u.tenant_id = ul.tenant_id AND u.id = ul.user_id AND u.deleted_at IS NULL
  WHERE ul.tenant_id = "locations"."tenant_id" AND ul.location_id = "locations"."id")`;

const columns = {
  id: locations.id,
  name: locations.name,
  street: locations.street,
  streetNumber: locations.streetNumber,
  zip: locations.zip,
  city: locations.city,
  country: locations.country,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
  machines: machineCount,
  employees: employeeCount,
};

type Row = Pick<
  LocationRow,
  'id' | 'name' | 'street' | 'streetNumber' | 'zip' | 'city' | 'country' | 'createdAt' | 'updatedAt'
> & { machines: number; employees: number };

function toGrindingShop(row: Row): GrindingShop {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    streetNumber: row.streetNumber,
    zip: row.zip,
    city: row.city,
    country: CountrySchema.safeParse(row.country).data ?? null,
    numberOfMachines: Number(row.machines),
    numberOfEmployees: Number(row.employees),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listGrindingShops(
  tx: Tx,
  options: { page: number; pageSize: number; descending: boolean; search?: string },
) {
  const direction = options.descending ? desc : asc;
  const where = options.search ? ilike(locations.name, containsPattern(options.search)) : undefined;
  const rows = await tx
    .select(columns)
    .from(locations)
    .where(where)
    .orderBy(direction(sql`lower(${locations.name})`), asc(locations.id))
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  const [total] = await tx.select({ value: count() }).from(locations).where(where);
  return { items: rows.map(toGrindingShop), total: Number(total?.value ?? 0) };
}

export async function findGrindingShop(tx: Tx, id: string): Promise<GrindingShop | null> {
  const [row] = await tx.select(columns).from(locations).where(eq(locations.id, id));
  return row ? toGrindingShop(row) : null;
}

/** Who would lose a location: its current employees, counted, and the first ten by name (issue 32). */
export async function employeesAssignedTo(tx: Tx, locationId: string) {
  const rows = await queryRows<{ name: string; total: number }>(
    tx,
    sql`SELECT coalesce(nullif(u.display_name, ''), u.first_name || ' ' || u.last_name) AS name,
          count(*) OVER ()::int AS total
        FROM user_locations ul
        JOIN users u ON u.tenant_id = ul.tenant_id AND u.id = ul.user_id AND u.deleted_at IS NULL
        WHERE ul.location_id = ${locationId}
        ORDER BY lower(u.last_name), lower(u.first_name), u.id
        LIMIT 10`,
  );
  return { count: Number(rows[0]?.total ?? 0), names: rows.map((row) => row.name) };
}

/**
 * The locations, share-locked until the transaction ends: an assignment to a location and the
 * location's delete (which locks it for update) take turns, so the delete sees the new employee
 * or the assignment sees the location gone (product.md §5 under concurrency).
 */
export async function lockGrindingShopsShared(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, ids)).for('share');
}
