import type { Role } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/*
 * What audited-access.ts reads about the actor itself (under the platform role): who they are and
 * which customers they look after (ADR 0016).
 */

const CUSTOMER_KINDS = sql`('PRINTING_SHOP', 'GRINDING_SHOP')`;

export interface StaffMemberRow {
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  role: Role | null;
  tenantName: string;
}

/** The user with their tenant's name; undefined without the tenant, null names without the user. */
export async function findStaffMember(
  tx: Tx,
  tenantId: string,
  userId: string,
): Promise<StaffMemberRow | undefined> {
  const [row] = await queryRows<StaffMemberRow>(
    tx,
    sql`SELECT u.first_name AS "firstName", u.last_name AS "lastName", u.display_name AS "displayName", u.role,
               t.name AS "tenantName"
        FROM tenants t
        LEFT JOIN users u ON u.tenant_id = t.id AND u.id = ${userId}
        WHERE t.id = ${tenantId}`,
  );
  return row;
}

/** A manufacturer's make with each customer that granted it access (one row with a null tenant without any). */
export async function findManufacturerGrants(
  tx: Tx,
  manufacturerTenantId: string,
): Promise<{ tenantId: string | null; make: string }[]> {
  return queryRows<{ tenantId: string | null; make: string }>(
    tx,
    sql`SELECT g.tenant_id AS "tenantId", m.make FROM manufacturers m
        LEFT JOIN manufacturer_grants g ON g.manufacturer_tenant_id = m.manufacturer_tenant_id
        WHERE m.manufacturer_tenant_id = ${manufacturerTenantId}`,
  );
}

/** Every printing and grinding shop, by name. */
export async function findCustomerTenantIds(tx: Tx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM tenants WHERE kind IN ${CUSTOMER_KINDS} ORDER BY name`,
  );
  return rows.map((row) => row.id);
}

/** The customers of the service areas the user is in. */
export async function findServiceAreaCustomerIds(
  tx: Tx,
  tenantId: string,
  userId: string,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT DISTINCT c.customer_tenant_id AS id
        FROM service_area_users su
        JOIN service_area_customers c ON c.tenant_id = su.tenant_id AND c.service_area_id = su.service_area_id
        JOIN tenants t ON t.id = c.customer_tenant_id AND t.kind IN ${CUSTOMER_KINDS}
        WHERE su.tenant_id = ${tenantId} AND su.user_id = ${userId}`,
  );
  return rows.map((row) => row.id);
}
