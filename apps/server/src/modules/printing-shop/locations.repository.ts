import type { PrintingShop } from '@kerf/contracts';
import { CountrySchema } from '@kerf/contracts';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { queryRows } from '../../db/client';
import { locations, userLocations } from '../../db/schema/index';
import { type PreparedStatement, preparedStatement, runPrepared, type Tx } from '../../db/transactions';
import { containsPattern } from '../../lib/like';

/** Runs a prepared statement: in a transaction (`runPrepared`) or alone (`Transactions.readPrepared`). */
export type RunPrepared = <R>(statement: PreparedStatement, values: Record<string, unknown>) => Promise<R[]>;

/** The runner of statements inside a transaction. */
const inTransaction =
  (tx: Tx): RunPrepared =>
  (statement, values) =>
    runPrepared(tx, statement, values);

type LocationRow = Omit<typeof locations.$inferSelect, 'noCutsPromptDelay'>;

export interface LocationValues {
  name: string;
  street: string | null;
  streetNumber: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  knifeSwapInterval: number | null;
  noCutsPromptDelay?: number | null;
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

/**
 * Share of the last 24 hours that the location's machines spent RUNNING (0–1), as a column of the
 * outer `locations` row. Only time the machines have reported for counts: a machine connected two
 * hours ago that has run since shows 100 %, not 2 hours / 24. Open intervals (the current status)
 * run until now.
 *
 * A machine's status intervals tile its time (each ends where the next starts, telemetry's
 * `insertStatusInterval`), so the window holds the intervals started inside it plus at most one
 * started before it: the latest such. Both are range scans of the (tenant, machine, started_at)
 * index, covering the last day only, instead of every interval the machine ever had. With the
 * tables analyzed, this costs half the database time of the one-join form over 30 days of history
 * (bench/http; without statistics the planner misjudges both forms).
 */
const uptimeShare = sql<number>`(SELECT CASE WHEN COALESCE(sum(s.seconds), 0) > 0
      THEN LEAST(1, COALESCE(sum(s.seconds) FILTER (WHERE s.status = 'RUNNING'), 0) / sum(s.seconds))
      ELSE 0 END::float8
  FROM cutting_machines m
  CROSS JOIN LATERAL (
    SELECT i.status,
           EXTRACT(EPOCH FROM (LEAST(COALESCE(i.ended_at, now()), now())
             - (now() - interval '24 hours'))) AS seconds
    FROM (
      SELECT i.status, i.ended_at FROM machine_status_intervals i
      WHERE i.tenant_id = m.tenant_id AND i.machine_id = m.id
        AND i.started_at < now() - interval '24 hours'
      ORDER BY i.started_at DESC, i.id DESC LIMIT 1
    ) i
    WHERE COALESCE(i.ended_at, now()) > now() - interval '24 hours'
    UNION ALL
    SELECT i.status,
           EXTRACT(EPOCH FROM (LEAST(COALESCE(i.ended_at, now()), now()) - i.started_at)) AS seconds
    FROM machine_status_intervals i
    WHERE i.tenant_id = m.tenant_id AND i.machine_id = m.id
      AND i.started_at >= now() - interval '24 hours' AND i.started_at < now()
  ) s
  WHERE m.tenant_id = "locations"."tenant_id" AND m.location_id = "locations"."id" AND m.deleted_at IS NULL)`;

type ListShape = {
  sort: 'NAME' | 'NUMBER_OF_MACHINES';
  descending: boolean;
  search: boolean;
  withUptime: boolean;
};

interface ListRow {
  tenant_id: string;
  id: string;
  name: string;
  street: string | null;
  street_number: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  knife_swap_interval: number | null;
  created_at: Date;
  updated_at: Date;
  machines: number;
  employees: number;
  total: number | string;
  uptime: number | null;
}

/** The list statement of each shape (sort, direction, search or not, uptime or not), built once. */
const listStatements = new Map<string, PreparedStatement>();

function listStatement(shape: ListShape): PreparedStatement {
  const key = `${shape.sort}_${shape.descending ? 'desc' : 'asc'}_${shape.search ? 's' : 'n'}_${shape.withUptime ? 'u' : 'n'}`;
  let statement = listStatements.get(key);
  if (!statement) {
    const direction = shape.descending ? desc : asc;
    const order: SQL[] =
      shape.sort === 'NAME'
        ? [direction(sql`lower(${locations.name})`), asc(locations.id)]
        : [direction(machineCount), asc(sql`lower(${locations.name})`), asc(locations.id)];
    statement = preparedStatement(
      `locations_list_${key}`,
      new QueryBuilder()
        .select({
          ...locationColumns,
          machines: machineCount.as('machines'),
          employees: employeeCount.as('employees'),
          total: sql<number>`count(*) OVER ()`.as('total'),
          uptime: (shape.withUptime ? uptimeShare : sql<null>`NULL::float8`).as('uptime'),
        })
        .from(locations)
        .where(shape.search ? ilike(locations.name, sql.placeholder('pattern')) : undefined)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
    listStatements.set(key, statement);
  }
  return statement;
}

/** Locations matching the search: counted on its own only for a page past the end. */
const countStatements = {
  all: preparedStatement(
    'locations_count_n',
    new QueryBuilder().select({ total: sql<number>`count(*)`.as('total') }).from(locations),
  ),
  search: preparedStatement(
    'locations_count_s',
    new QueryBuilder()
      .select({ total: sql<number>`count(*)`.as('total') })
      .from(locations)
      .where(ilike(locations.name, sql.placeholder('pattern'))),
  ),
};

/**
 * One page of locations with their counts, and the total, in one statement (`count(*) OVER ()`);
 * with `withUptime`, each row's 24-hour uptime too. A page past the end has no row to carry the
 * total, so only then is it counted on its own. The statement is prepared: the list is the app's
 * most frequent read, and building and planning it per request cost more than running it. `run`
 * runs it alone in its transaction (`Transactions.readPrepared`, one round trip) or in the
 * caller's (`inTransaction(tx)`).
 */
export async function listLocations(
  run: RunPrepared,
  options: {
    page: number;
    pageSize: number;
    sort: 'NAME' | 'NUMBER_OF_MACHINES';
    descending: boolean;
    search?: string;
    withUptime?: boolean;
  },
) {
  const withUptime = options.withUptime === true;
  const statement = listStatement({
    sort: options.sort,
    descending: options.descending,
    search: Boolean(options.search),
    withUptime,
  });
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const rows = await run<ListRow>(statement, {
    pattern,
    limit: options.pageSize,
    offset: options.page * options.pageSize,
  });
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && options.page > 0) {
    const [row] = await run<{ total: number | string }>(
      pattern ? countStatements.search : countStatements.all,
      { pattern },
    );
    total = Number(row?.total ?? 0);
  }
  const items = rows.map((row) => {
    const item = toPrintingShop(fromRow(row));
    if (withUptime) item.uptimeLast24h = row.uptime === null ? 0 : Number(row.uptime);
    return item;
  });
  return { items, total };
}

function fromRow(row: Omit<ListRow, 'total' | 'uptime'>) {
  return {
    tenantId: row.tenant_id,
    id: row.id,
    name: row.name,
    street: row.street,
    streetNumber: row.street_number,
    zip: row.zip,
    city: row.city,
    country: row.country,
    knifeSwapInterval: row.knife_swap_interval,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    machines: row.machines,
    employees: row.employees,
  };
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

const findStatement = preparedStatement(
  'locations_find',
  new QueryBuilder()
    .select({
      ...locationColumns,
      machines: machineCount.as('machines'),
      employees: employeeCount.as('employees'),
    })
    .from(locations)
    .where(eq(locations.id, sql.placeholder('id'))),
);

/** One location with its counts; `run` as for `listLocations` (a `Tx` runs it in that transaction). */
export async function findLocation(run: Tx | RunPrepared, id: string): Promise<PrintingShop | null> {
  const runner = typeof run === 'function' ? run : inTransaction(run);
  const [row] = await runner<Omit<ListRow, 'total' | 'uptime'>>(findStatement, { id });
  return row ? toPrintingShop(fromRow(row)) : null;
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

/** The config-option columns of a location (knife swap interval, no-cuts prompt delay). */
export type LocationOptionColumn = 'knifeSwapInterval' | 'noCutsPromptDelay';

export async function setLocationOption(
  tx: Tx,
  column: LocationOptionColumn,
  ids: string[],
  value: number | null,
) {
  const rows = await tx
    .update(locations)
    .set({ [column]: value, updatedAt: sql`now()` })
    .where(inArray(locations.id, ids))
    .returning({ id: locations.id });
  return rows.length;
}

/** A location's own config-option values, or null when there is no such location. */
export async function findLocationOptions(
  tx: Tx,
  id: string,
): Promise<Record<LocationOptionColumn, number | null> | null> {
  const [row] = await tx
    .select({
      knifeSwapInterval: locations.knifeSwapInterval,
      noCutsPromptDelay: locations.noCutsPromptDelay,
    })
    .from(locations)
    .where(eq(locations.id, id));
  return row ?? null;
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

/** The locations the user is assigned to (`user_locations`), by id. */
export async function findAssignedLocationIds(tx: Tx, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT l.id FROM user_locations ul JOIN locations l ON l.tenant_id = ul.tenant_id AND l.id = ul.location_id
        WHERE ul.user_id = ${userId} ORDER BY l.id`,
  );
  return rows.map((row) => row.id);
}

/** Every location of the tenant, by id. */
export async function findAllLocationIds(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(tx, sql`SELECT id FROM locations ORDER BY id`);
  return rows.map((row) => row.id);
}
