import type { PrintingShop } from '@kerf/contracts';
import { CountrySchema } from '@kerf/contracts';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { locations, userLocations } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

type LocationRow = typeof locations.$inferSelect;

export interface LocationValues {
  name: string;
  street: string | null;
  streetNumber: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  knifeSwapInterval: number | null;
}

// Correlated subqueries name the outer table explicitly: inside them a bare column would bind to the inner one.
const machineCount = sql<number>`(SELECT count(*)::int FROM cutting_machines m
  WHERE m.tenant_id = "locations"."tenant_id" AND m.location_id = "locations"."id" AND m.deleted_at IS NULL)`;
const employeeCount = sql<number>`(SELECT count(*)::int FROM user_locations ul
  JOIN users u ON u.tenant_id = ul.tenant_id AND u.id = ul.user_id AND u.deleted_at IS NULL
  WHERE ul.tenant_id = "locations"."tenant_id" AND ul.location_id = "locations"."id")`;

function toPrintingShop(row: LocationRow & { machines: number; employees: number }): PrintingShop {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    streetNumber: row.streetNumber,
    zip: row.zip,
    city: row.city,
    country: CountrySchema.safeParse(row.country).data ?? null,
    knifeSwapInterval: row.knifeSwapInterval,
    numberOfMachines: Number(row.machines),
    numberOfEmployees: Number(row.employees),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withCounts = { machines: machineCount, employees: employeeCount };

/**
 * Share of the last 24 hours that the location's machines spent RUNNING (0–1), as a column of the
 * outer `locations` row. Only time the machines have reported for counts: a machine connected two
 * hours ago that has run since shows 100 %, not 2 hours / 24. Open intervals (the current status)
 * run until now.
 */
const uptimeShare = sql<number>`(SELECT CASE WHEN COALESCE(sum(s.seconds), 0) > 0
      THEN LEAST(1, COALESCE(sum(s.seconds) FILTER (WHERE s.status = 'RUNNING'), 0) / sum(s.seconds))
      ELSE 0 END::float8
  FROM (
    SELECT i.status,
           EXTRACT(EPOCH FROM (LEAST(COALESCE(i.ended_at, now()), now())
             - GREATEST(i.started_at, now() - interval '24 hours'))) AS seconds
    FROM cutting_machines m
    JOIN machine_status_intervals i
      ON i.tenant_id = m.tenant_id AND i.machine_id = m.id
     AND i.started_at < now() AND COALESCE(i.ended_at, now()) > now() - interval '24 hours'
    WHERE m.tenant_id = "locations"."tenant_id" AND m.location_id = "locations"."id" AND m.deleted_at IS NULL
  ) s)`;

/**
 * One page of locations with their counts, and the total, in one statement (`count(*) OVER ()`);
 * with `withUptime`, each row's 24-hour uptime too. A page past the end has no row to carry the
 * total, so only then is it counted on its own.
 */
export async function listLocations(
  tx: Tx,
  options: {
    page: number;
    pageSize: number;
    sort: 'NAME' | 'NUMBER_OF_MACHINES';
    descending: boolean;
    search?: string;
    withUptime?: boolean;
  },
) {
  const direction = options.descending ? desc : asc;
  const order: SQL[] =
    options.sort === 'NAME'
      ? [direction(sql`lower(${locations.name})`), asc(locations.id)]
      : [direction(machineCount), asc(sql`lower(${locations.name})`), asc(locations.id)];
  const where = options.search ? ilike(locations.name, `%${escapeLike(options.search)}%`) : undefined;
  const rows = await tx
    .select({
      ...locationColumns,
      ...withCounts,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
      uptime: options.withUptime ? uptimeShare : sql<null>`NULL`,
    })
    .from(locations)
    .where(where)
    .orderBy(...order)
    .limit(options.pageSize)
    .offset(options.page * options.pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.page > 0) {
    const [row] = await tx.select({ value: count() }).from(locations).where(where);
    total = Number(row?.value ?? 0);
  }
  const items = rows.map((row) => {
    const item = toPrintingShop(row);
    if (options.withUptime) item.uptimeLast24h = row.uptime === null ? 0 : Number(row.uptime);
    return item;
  });
  return { items, total };
}

export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const locationColumns = {
  tenantId: locations.tenantId,
  id: locations.id,
  name: locations.name,
  street: locations.street,
  streetNumber: locations.streetNumber,
  zip: locations.zip,
  city: locations.city,
  country: locations.country,
  knifeSwapInterval: locations.knifeSwapInterval,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
};

export async function findLocation(tx: Tx, id: string): Promise<PrintingShop | null> {
  const [row] = await tx
    .select({ ...locationColumns, ...withCounts })
    .from(locations)
    .where(eq(locations.id, id));
  return row ? toPrintingShop(row) : null;
}

export async function listMinimalLocations(tx: Tx, page: number, pageSize: number) {
  const rows = await tx
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .orderBy(asc(sql`lower(${locations.name})`), asc(locations.id))
    .limit(pageSize)
    .offset(page * pageSize);
  const [total] = await tx.select({ value: count() }).from(locations);
  return { items: rows, total: Number(total?.value ?? 0) };
}

export async function listLocationsOfUser(tx: Tx, userId: string) {
  return tx
    .select({ id: locations.id, name: locations.name })
    .from(userLocations)
    .innerJoin(
      locations,
      and(eq(locations.tenantId, userLocations.tenantId), eq(locations.id, userLocations.locationId)),
    )
    .where(eq(userLocations.userId, userId))
    .orderBy(asc(sql`lower(${locations.name})`));
}

export async function insertLocation(tx: Tx, tenantId: string, values: LocationValues) {
  const [row] = await tx
    .insert(locations)
    .values({ tenantId, ...values })
    .returning({ id: locations.id });
  return row!.id;
}

export async function updateLocation(tx: Tx, id: string, values: LocationValues) {
  const rows = await tx
    .update(locations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(locations.id, id))
    .returning({ id: locations.id });
  return rows.length > 0;
}

export async function setLocationKnifeSwapInterval(tx: Tx, ids: string[], value: number | null) {
  const rows = await tx
    .update(locations)
    .set({ knifeSwapInterval: value, updatedAt: sql`now()` })
    .where(inArray(locations.id, ids))
    .returning({ id: locations.id });
  return rows.length;
}

export async function deleteLocation(tx: Tx, id: string) {
  const rows = await tx.delete(locations).where(eq(locations.id, id)).returning({ id: locations.id });
  return rows.length > 0;
}

/** Locks the location row so that no machine or employee is added while it is being deleted. */
export async function lockLocation(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.id, id))
    .for('update');
  return row !== undefined;
}

export async function countLocationsByIds(tx: Tx, ids: string[]) {
  if (ids.length === 0) return 0;
  const [row] = await tx.select({ value: count() }).from(locations).where(inArray(locations.id, ids));
  return Number(row?.value ?? 0);
}
