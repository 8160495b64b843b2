import type { CustomerSummary, Role, ServiceEmployee, TenantKind } from '@kerf/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { serviceAreaCustomers, serviceAreas, serviceAreaUsers } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';
import { iso } from '../../lib/dates';
import { inList } from './customers.repository';

/**
 * Service areas of the provider tenant, with their employees and customers. Runs as the provider's
 * own tenant (`withTenant`): these rows are the provider's, only the customers' names are read
 * through the platform role (see customers.service.ts).
 */

export interface ServiceAreaRow {
  id: string;
  name: string;
  customerIds: string[];
  employeeCount: number;
  createdAt: string;
  updatedAt: string;
}

export async function listServiceAreaRows(tx: Tx, ids?: readonly string[]): Promise<ServiceAreaRow[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    customer_ids: string[] | string | null;
    employees: number;
    created_at: Date | string;
    updated_at: Date | string;
  }>(
    tx,
    sql`SELECT a.id, a.name,
          (SELECT coalesce(array_agg(c.customer_tenant_id::text ORDER BY c.customer_tenant_id), '{}') FROM service_area_customers c
             WHERE c.tenant_id = a.tenant_id AND c.service_area_id = a.id) AS customer_ids,
          (SELECT count(*)::int FROM service_area_users su
             JOIN users u ON u.tenant_id = su.tenant_id AND u.id = su.user_id AND u.deleted_at IS NULL
             WHERE su.tenant_id = a.tenant_id AND su.service_area_id = a.id) AS employees,
          a.created_at, a.updated_at
        FROM service_areas a
        ${ids ? sql`WHERE ${inList(sql`a.id`, ids)}` : sql``}
        ORDER BY lower(a.name), a.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    customerIds: pgArray(row.customer_ids),
    employeeCount: Number(row.employees),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }));
}

/** node-postgres parses `text[]`; PGlite may hand back the literal `{a,b}`. */
function pgArray(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

export async function insertServiceArea(tx: Tx, tenantId: string, name: string): Promise<string> {
  const [row] = await tx.insert(serviceAreas).values({ tenantId, name }).returning({ id: serviceAreas.id });
  return row!.id;
}

export async function renameServiceArea(tx: Tx, id: string, name: string): Promise<boolean> {
  const rows = await tx
    .update(serviceAreas)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(serviceAreas.id, id))
    .returning({ id: serviceAreas.id });
  return rows.length > 0;
}

export async function deleteServiceArea(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .delete(serviceAreas)
    .where(eq(serviceAreas.id, id))
    .returning({ id: serviceAreas.id });
  return rows.length > 0;
}

export async function replaceServiceAreaCustomers(
  tx: Tx,
  tenantId: string,
  serviceAreaId: string,
  customerTenantIds: readonly string[],
) {
  await tx
    .delete(serviceAreaCustomers)
    .where(
      and(eq(serviceAreaCustomers.tenantId, tenantId), eq(serviceAreaCustomers.serviceAreaId, serviceAreaId)),
    );
  if (customerTenantIds.length === 0) return;
  await tx
    .insert(serviceAreaCustomers)
    .values(customerTenantIds.map((customerTenantId) => ({ tenantId, serviceAreaId, customerTenantId })));
}

export async function replaceUserServiceAreas(
  tx: Tx,
  tenantId: string,
  userId: string,
  serviceAreaIds: readonly string[],
) {
  await tx
    .delete(serviceAreaUsers)
    .where(and(eq(serviceAreaUsers.tenantId, tenantId), eq(serviceAreaUsers.userId, userId)));
  if (serviceAreaIds.length === 0) return;
  await tx
    .insert(serviceAreaUsers)
    .values(serviceAreaIds.map((serviceAreaId) => ({ tenantId, serviceAreaId, userId })));
}

export async function countServiceAreas(tx: Tx, ids: readonly string[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM service_areas WHERE ${inList(sql`id`, ids)}`,
  );
  return Number(row?.n ?? 0);
}

const STAFF_ROLES = sql`('ADMIN_CUSTOMER_SERVICE', 'SERVICE_USER_SUPPORT', 'SERVICE_USER_DEV')`;

/** Customer-service employees of the tenant (optionally of one area or some users), with their areas. */
export async function listServiceEmployees(
  tx: Tx,
  options: { serviceAreaId?: string; userIds?: readonly string[] } = {},
): Promise<ServiceEmployee[]> {
  const rows = await queryRows<{
    id: string;
    tenant_id: string;
    username: string;
    email: string | null;
    first_name: string;
    last_name: string;
    display_name: string | null;
    personnel_number: string | null;
    role: Role;
    language: ServiceEmployee['language'];
    active: boolean;
    created_at: Date | string;
    updated_at: Date | string;
    area_ids: string[] | string | null;
  }>(
    tx,
    sql`SELECT u.id, u.tenant_id, u.username, u.email, u.first_name, u.last_name, u.display_name, u.personnel_number,
          u.role, u.language, u.active, u.created_at, u.updated_at,
          (SELECT coalesce(array_agg(su.service_area_id::text ORDER BY su.service_area_id), '{}') FROM service_area_users su
             WHERE su.tenant_id = u.tenant_id AND su.user_id = u.id) AS area_ids
        FROM users u
        WHERE u.deleted_at IS NULL AND u.role IN ${STAFF_ROLES}
          ${options.userIds ? sql`AND ${inList(sql`u.id`, options.userIds)}` : sql``}
          ${
            options.serviceAreaId
              ? sql`AND EXISTS (SELECT 1 FROM service_area_users su WHERE su.tenant_id = u.tenant_id
                     AND su.user_id = u.id AND su.service_area_id = ${options.serviceAreaId})`
              : sql``
          }
        ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenant_id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
    personnelNumber: row.personnel_number,
    role: row.role,
    language: row.language,
    active: row.active,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    serviceAreaIds: pgArray(row.area_ids),
  }));
}

/** Names of customer tenants, read through the platform role. */
export async function customerSummaries(
  tx: Tx,
  ids: readonly string[],
): Promise<Map<string, CustomerSummary>> {
  const rows = await queryRows<{ id: string; slug: string; name: string; kind: TenantKind }>(
    tx,
    sql`SELECT id, slug, name, kind FROM tenants WHERE ${inList(sql`id`, ids)} AND kind IN ('PRINTING_SHOP', 'GRINDING_SHOP')`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export async function machineCountsOf(tx: Tx, ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ tenant_id: string; n: number }>(
    tx,
    sql`SELECT tenant_id, count(*)::int AS n FROM cutting_machines
        WHERE deleted_at IS NULL AND ${inList(sql`tenant_id`, ids)} GROUP BY tenant_id`,
  );
  return new Map(rows.map((row) => [row.tenant_id, Number(row.n)]));
}

/**
 * The service areas, locked until the transaction ends: shared by an assignment of employees,
 * for update by the area's delete — the two take turns (product.md §5 under concurrency).
 */
export async function lockServiceAreas(tx: Tx, ids: readonly string[], mode: 'share' | 'update') {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM service_areas WHERE ${inList(sql`id`, ids)} ${mode === 'share' ? sql`FOR SHARE` : sql`FOR UPDATE`}`,
  );
  return rows.map((row) => row.id);
}

/** Who works in a service area: its current employees, counted, and the first ten by name (issue 32). */
export async function employeesAssignedToArea(tx: Tx, serviceAreaId: string) {
  const rows = await queryRows<{ name: string; total: number }>(
    tx,
    sql`SELECT coalesce(nullif(u.display_name, ''), u.first_name || ' ' || u.last_name) AS name,
          count(*) OVER ()::int AS total
        FROM service_area_users su
        JOIN users u ON u.tenant_id = su.tenant_id AND u.id = su.user_id AND u.deleted_at IS NULL
        WHERE su.service_area_id = ${serviceAreaId}
        ORDER BY lower(u.last_name), lower(u.first_name), u.id
        LIMIT 10`,
  );
  return { count: Number(rows[0]?.total ?? 0), names: rows.map((row) => row.name) };
}
