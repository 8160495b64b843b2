import type { ManufacturerAccess } from '@kerf/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { manufacturerGrants, manufacturers } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';
import { isoOrNull } from '../../lib/dates';

/** The manufacturer directory and the grants of a customer (run in the customer's own tenant). */
export async function listManufacturerAccesses(
  tx: Tx,
  manufacturerId?: string,
): Promise<ManufacturerAccess[]> {
  const rows = await queryRows<{
    manufacturer_tenant_id: string;
    name: string;
    make: string;
    machines: number;
    granted_at: Date | string | null;
  }>(
    tx,
    sql`SELECT f.manufacturer_tenant_id, f.name, f.make,
          (SELECT count(*)::int FROM cutting_machines m WHERE m.deleted_at IS NULL AND lower(m.manufacturer) = lower(f.make)) AS machines,
          g.granted_at
        FROM manufacturers f
        LEFT JOIN manufacturer_grants g ON g.manufacturer_tenant_id = f.manufacturer_tenant_id
        ${manufacturerId ? sql`WHERE f.manufacturer_tenant_id = ${manufacturerId}` : sql``}
        ORDER BY lower(f.name)`,
  );
  return rows.map((row) => ({
    manufacturerId: row.manufacturer_tenant_id,
    name: row.name,
    make: row.make,
    machineCount: Number(row.machines),
    granted: row.granted_at !== null,
    grantedAt: isoOrNull(row.granted_at),
  }));
}

export async function grantManufacturer(
  tx: Tx,
  tenantId: string,
  manufacturerTenantId: string,
  userId: string | null,
) {
  await tx
    .insert(manufacturerGrants)
    .values({ tenantId, manufacturerTenantId, grantedByUserId: userId })
    .onConflictDoNothing();
}

export async function revokeManufacturer(tx: Tx, tenantId: string, manufacturerTenantId: string) {
  await tx
    .delete(manufacturerGrants)
    .where(
      and(
        eq(manufacturerGrants.tenantId, tenantId),
        eq(manufacturerGrants.manufacturerTenantId, manufacturerTenantId),
      ),
    );
}

/** Demo and test fixtures: registers a manufacturer tenant's make (platform role). */
export async function upsertManufacturer(tx: Tx, manufacturerTenantId: string, name: string, make: string) {
  await tx
    .insert(manufacturers)
    .values({ manufacturerTenantId, name, make })
    .onConflictDoUpdate({ target: manufacturers.manufacturerTenantId, set: { name, make } });
}

/** The audit entries of cross-tenant reads of this tenant's data (own tenant, newest first). */
export async function listSupportAccessRows(tx: Tx, page: number, pageSize: number) {
  const where = sql`(action LIKE 'customer-service.%' OR action LIKE 'manufacturer.%') AND details->>'actorTenantId' IS NOT NULL`;
  const rows = await queryRows<{
    id: number | string;
    at: Date | string;
    action: string;
    target_type: string | null;
    details: unknown;
  }>(
    tx,
    sql`SELECT id, at, action, target_type, details FROM audit_log WHERE ${where}
        ORDER BY at DESC, id DESC LIMIT ${pageSize} OFFSET ${page * pageSize}`,
  );
  const [total] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM audit_log WHERE ${where}`,
  );
  return { rows, total: Number(total?.n ?? 0) };
}
