import {
  CountrySchema,
  type Customer,
  type CustomerSummary,
  MACHINE_ACCESS_MAX_MINUTES,
  type MachineAccess,
  type MachineAccessState,
  MachineStatusSchema,
  type Role,
  type ServiceMachine,
  type ServiceType,
  type TenantKind,
} from '@kerf/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import { isoOrNull } from '../../lib/dates';
import { containsPattern, escapeLike } from '../../lib/like';
import { onlineStatusOf } from '../machines/index';

/** `column IN (…)` over a list of ids; an empty list matches nothing. */
export function inList(column: SQL, ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** Timestamps come back as Date from node-postgres and PGlite alike; text is accepted too. */
function dateOf(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

/**
 * Reads across tenants for customer service and manufacturers. Every function takes the list of
 * customer tenant ids the caller may see (the scope) and never reads outside it; the transaction is
 * the platform role's (see audited-access.ts).
 */

interface CustomerRow {
  id: string;
  slug: string;
  name: string;
  kind: TenantKind;
  active: boolean;
  machines: number;
  online_candidates: unknown;
  areas: unknown;
}

export async function listCustomers(
  tx: Tx,
  providerTenantId: string,
  tenantIds: readonly string[],
  search?: string,
): Promise<Customer[]> {
  const filter = search
    ? sql`AND (t.name ILIKE ${containsPattern(search)} OR t.slug ILIKE ${containsPattern(search)})`
    : sql``;
  const rows = await queryRows<CustomerRow>(
    tx,
    sql`SELECT t.id, t.slug, t.name, t.kind, t.active,
          (SELECT count(*)::int FROM cutting_machines m WHERE m.tenant_id = t.id AND m.deleted_at IS NULL) AS machines,
          (SELECT coalesce(json_agg(json_build_object('presence', m.presence, 'presenceAt', m.presence_at, 'lastHeartbeatAt', m.last_heartbeat_at)), '[]'::json)
             FROM cutting_machines m WHERE m.tenant_id = t.id AND m.deleted_at IS NULL) AS online_candidates,
          (SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name) ORDER BY a.name), '[]'::json)
             FROM service_area_customers c JOIN service_areas a ON a.tenant_id = c.tenant_id AND a.id = c.service_area_id
             WHERE c.tenant_id = ${providerTenantId} AND c.customer_tenant_id = t.id) AS areas
        FROM tenants t
        WHERE ${inList(sql`t.id`, tenantIds)} ${filter}
        ORDER BY lower(t.name), t.id`,
  );
  const now = Date.now();
  return rows.map((row) => {
    const machines = json<
      { presence: string | null; presenceAt: string | null; lastHeartbeatAt: string | null }[]
    >(row.online_candidates);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      kind: row.kind,
      active: row.active,
      serviceAreas: json<{ id: string; name: string }[]>(row.areas),
      machineCount: Number(row.machines),
      onlineMachineCount: machines.filter(
        (m) =>
          onlineStatusOf(
            {
              presence: m.presence,
              presenceAt: dateOf(m.presenceAt),
              lastHeartbeatAt: dateOf(m.lastHeartbeatAt),
            },
            now,
          ) === 'ONLINE',
      ).length,
    };
  });
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export async function findCustomerContact(tx: Tx, tenantId: string) {
  const [row] = await queryRows<{ name: string | null; phone: string | null; email: string | null }>(
    tx,
    sql`SELECT network_admin_name AS name, network_admin_phone AS phone, network_admin_email AS email
        FROM tenants WHERE id = ${tenantId}`,
  );
  return row ?? { name: null, phone: null, email: null };
}

interface MachineRow {
  id: string;
  tenant_id: string;
  tenant_name: string;
  name: string;
  serial_number: string;
  manufacturer: string | null;
  type: string | null;
  cutting_width: number | null;
  location_name: string | null;
  country: string | null;
  licensed_at: Date | string | null;
  current_status: string | null;
  status_since: Date | string | null;
  presence: string | null;
  presence_at: Date | string | null;
  last_heartbeat_at: Date | string | null;
  total_cuts: number | string;
  active_access_id: string | null;
}

const machineColumns = sql`m.id, m.tenant_id, t.name AS tenant_name, m.name, m.serial_number, m.manufacturer, m.type,
  m.cutting_width, l.name AS location_name, l.country, m.licensed_at, m.current_status, m.status_since, m.presence,
  m.presence_at, m.last_heartbeat_at, m.total_cuts,
  (SELECT a.id FROM machine_accesses a WHERE a.tenant_id = m.tenant_id AND a.machine_id = m.id AND a.state = 'ACTIVE'
     AND a.opened_at > now() - make_interval(mins => ${MACHINE_ACCESS_MAX_MINUTES})
   ORDER BY a.opened_at DESC LIMIT 1) AS active_access_id`;

const machineFrom = sql`FROM cutting_machines m
  JOIN tenants t ON t.id = m.tenant_id
  LEFT JOIN locations l ON l.tenant_id = m.tenant_id AND l.id = m.location_id`;

function toServiceMachine(row: MachineRow, now = Date.now()): ServiceMachine {
  const onlineStatus = onlineStatusOf(
    {
      presence: row.presence,
      presenceAt: dateOf(row.presence_at),
      lastHeartbeatAt: dateOf(row.last_heartbeat_at),
    },
    now,
  );
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    name: row.name,
    serialNumber: row.serial_number,
    manufacturer: row.manufacturer,
    type: row.type,
    locationName: row.location_name,
    country: CountrySchema.safeParse(row.country).data ?? null,
    licensedAt: isoOrNull(row.licensed_at),
    onlineStatus,
    status: MachineStatusSchema.safeParse(row.current_status).data ?? null,
    statusSince: isoOrNull(row.status_since),
    lastSeenAt: isoOrNull(row.last_heartbeat_at),
    totalCuts: Number(row.total_cuts),
    activeAccessId: row.active_access_id,
  };
}

export async function listMachines(
  tx: Tx,
  tenantIds: readonly string[],
  options: { search?: string; make?: string | null; serial?: string } = {},
): Promise<(ServiceMachine & { cuttingWidth: number | null })[]> {
  const filters: SQL[] = [sql`m.deleted_at IS NULL`, inList(sql`m.tenant_id`, tenantIds)];
  if (options.search) {
    const pattern = containsPattern(options.search);
    filters.push(
      sql`(m.name ILIKE ${pattern} OR m.serial_number ILIKE ${pattern} OR t.name ILIKE ${pattern} OR m.type ILIKE ${pattern})`,
    );
  }
  if (options.make) filters.push(sql`lower(m.manufacturer) = lower(${options.make})`);
  if (options.serial) filters.push(sql`m.serial_number = ${options.serial}`);
  const rows = await queryRows<MachineRow>(
    tx,
    sql`SELECT ${machineColumns} ${machineFrom} WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY lower(t.name), lower(m.name), m.serial_number`,
  );
  const now = Date.now();
  return rows.map((row) => ({ ...toServiceMachine(row, now), cuttingWidth: row.cutting_width }));
}

export async function searchCustomersAndMachines(
  tx: Tx,
  tenantIds: readonly string[],
  term: string,
  limit = 8,
) {
  const pattern = containsPattern(term);
  const customers = await queryRows<CustomerSummary>(
    tx,
    sql`SELECT t.id, t.slug, t.name, t.kind FROM tenants t
        WHERE ${inList(sql`t.id`, tenantIds)} AND (t.name ILIKE ${pattern} OR t.slug ILIKE ${pattern})
        ORDER BY lower(t.name) LIMIT ${limit}`,
  );
  const machines = await queryRows<{
    id: string;
    name: string;
    serialNumber: string;
    tenantId: string;
    tenantName: string;
  }>(
    tx,
    sql`SELECT m.id, m.name, m.serial_number AS "serialNumber", m.tenant_id AS "tenantId", t.name AS "tenantName"
        FROM cutting_machines m JOIN tenants t ON t.id = m.tenant_id
        WHERE m.deleted_at IS NULL AND ${inList(sql`m.tenant_id`, tenantIds)}
          AND (m.serial_number ILIKE ${pattern} OR m.name ILIKE ${pattern})
        ORDER BY (m.serial_number ILIKE ${`${escapeLike(term)}%`}) DESC, m.serial_number
        LIMIT ${limit}`,
  );
  return { customers, machines };
}

/** Cuts and RUNNING seconds per machine since `since` (rollups and status intervals, read only). */
export async function usageSince(tx: Tx, tenantIds: readonly string[], since: Date) {
  const cuts = await queryRows<{ machine_id: string; cuts: number | string; knives: number | string }>(
    tx,
    sql`SELECT machine_id, sum(cuts)::bigint AS cuts,
          count(DISTINCT knife_rfid) FILTER (WHERE knife_rfid <> '')::int AS knives
        FROM cut_rollups_hourly
        WHERE ${inList(sql`tenant_id`, tenantIds)} AND hour >= date_trunc('hour', ${since.toISOString()}::timestamptz)
        GROUP BY machine_id`,
  );
  const running = await queryRows<{ machine_id: string; seconds: number | string }>(
    tx,
    sql`SELECT i.machine_id,
          sum(EXTRACT(EPOCH FROM (LEAST(COALESCE(i.ended_at, now()), now()) - GREATEST(i.started_at, ${since.toISOString()}::timestamptz))))::bigint AS seconds
        FROM machine_status_intervals i
        WHERE ${inList(sql`i.tenant_id`, tenantIds)} AND i.status = 'RUNNING'
          AND i.started_at < now() AND COALESCE(i.ended_at, now()) > ${since.toISOString()}::timestamptz
        GROUP BY i.machine_id`,
  );
  const usage = new Map<string, { cuts: number; runningSeconds: number; knivesUsed: number }>();
  const entry = (id: string) => {
    let value = usage.get(id);
    if (!value) {
      value = { cuts: 0, runningSeconds: 0, knivesUsed: 0 };
      usage.set(id, value);
    }
    return value;
  };
  for (const row of cuts) {
    entry(row.machine_id).cuts = Number(row.cuts);
    entry(row.machine_id).knivesUsed = Number(row.knives);
  }
  for (const row of running) entry(row.machine_id).runningSeconds = Math.max(0, Number(row.seconds));
  return usage;
}

// ---------------------------------------------------------------------------------------------
// Machine accesses (remote-service connections)

interface AccessRow {
  id: string;
  tenant_id: string;
  tenant_name: string;
  machine_id: string;
  machine_name: string;
  serial_number: string;
  service_type: ServiceType;
  state: MachineAccessState;
  actor_name: string;
  actor_role: Role | null;
  opened_at: Date | string;
  closed_at: Date | string | null;
  diagnostics: unknown;
}

const accessSelect = sql`SELECT a.id, a.tenant_id, t.name AS tenant_name, a.machine_id, m.name AS machine_name,
    m.serial_number, a.service_type, a.state, a.actor_name, a.actor_role, a.opened_at, a.closed_at, a.diagnostics
  FROM machine_accesses a
  JOIN tenants t ON t.id = a.tenant_id
  JOIN cutting_machines m ON m.tenant_id = a.tenant_id AND m.id = a.machine_id`;

/** A connection left ACTIVE past the time limit was closed by the gate manager then. */
export function toMachineAccess(row: AccessRow, withDiagnostics: boolean, now = Date.now()): MachineAccess {
  const openedAt = dateOf(row.opened_at)!;
  const limit = openedAt.getTime() + MACHINE_ACCESS_MAX_MINUTES * 60_000;
  const expired = row.state === 'ACTIVE' && limit <= now;
  const diagnostics = row.diagnostics ? json<Record<string, unknown>>(row.diagnostics) : null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    machineId: row.machine_id,
    machineName: row.machine_name,
    serialNumber: row.serial_number,
    serviceType: row.service_type,
    state: expired ? 'CLOSED' : row.state,
    userName: row.actor_name,
    userRole: row.actor_role,
    openedAt: openedAt.toISOString(),
    closedAt: expired ? new Date(limit).toISOString() : isoOrNull(row.closed_at),
    diagnostics:
      withDiagnostics && diagnostics
        ? {
            gateManager: String(diagnostics.gateManager ?? ''),
            siteManagerSerial: (diagnostics.siteManagerSerial as string | null) ?? null,
            protocol: String(diagnostics.protocol ?? ''),
            latencyMs: typeof diagnostics.latencyMs === 'number' ? diagnostics.latencyMs : null,
            failureReason: (diagnostics.failureReason as string | null) ?? null,
          }
        : null,
  };
}

export async function listAccesses(
  tx: Tx,
  tenantIds: readonly string[],
  options: {
    serialNumber?: string;
    tenantId?: string;
    state?: MachineAccessState;
    page: number;
    pageSize: number;
  },
) {
  const filters: SQL[] = [inList(sql`a.tenant_id`, tenantIds)];
  if (options.serialNumber) filters.push(sql`m.serial_number = ${options.serialNumber}`);
  if (options.tenantId) filters.push(sql`a.tenant_id = ${options.tenantId}`);
  const activeNow = sql`(a.state = 'ACTIVE' AND a.opened_at > now() - make_interval(mins => ${MACHINE_ACCESS_MAX_MINUTES}))`;
  if (options.state === 'ACTIVE') filters.push(activeNow);
  if (options.state === 'FAILED') filters.push(sql`a.state = 'FAILED'`);
  if (options.state === 'CLOSED') filters.push(sql`a.state <> 'FAILED' AND NOT ${activeNow}`);
  const where = sql.join(filters, sql` AND `);
  const rows = await queryRows<AccessRow>(
    tx,
    sql`${accessSelect} WHERE ${where} ORDER BY a.opened_at DESC, a.id
        LIMIT ${options.pageSize} OFFSET ${options.page * options.pageSize}`,
  );
  const [total] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM machine_accesses a
        JOIN cutting_machines m ON m.tenant_id = a.tenant_id AND m.id = a.machine_id WHERE ${where}`,
  );
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findAccess(tx: Tx, tenantIds: readonly string[], id: string) {
  const [row] = await queryRows<AccessRow>(
    tx,
    sql`${accessSelect} WHERE ${inList(sql`a.tenant_id`, tenantIds)} AND a.id = ${id}`,
  );
  return row ?? null;
}

export async function siteManagerSerialOf(tx: Tx, tenantId: string) {
  const [row] = await queryRows<{ serial: string | null }>(
    tx,
    sql`SELECT site_manager_serial AS serial FROM tenants WHERE id = ${tenantId}`,
  );
  return row?.serial ?? null;
}

// ---------------------------------------------------------------------------------------------
// Report: machines, licences, online status, uptime and cuts per customer

export async function reportRows(tx: Tx, tenantIds: readonly string[], since: Date) {
  const machines = await listMachines(tx, tenantIds);
  const usage = await usageSince(tx, tenantIds, since);
  return machines.map((machine) => ({ machine, usage: usage.get(machine.id) }));
}

/** The slugs of customer tenants, in name order (file names of the customers CSV). */
export async function tenantSlugs(tx: Tx, tenantIds: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ slug: string }>(
    tx,
    sql`SELECT slug FROM tenants WHERE ${inList(sql`id`, tenantIds)} ORDER BY lower(name), slug`,
  );
  return rows.map((row) => row.slug);
}
