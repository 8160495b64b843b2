import type { Tenant, TenantKind } from '@kerf/contracts';
import { asc, count, eq, sql } from 'drizzle-orm';
import { tenants } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

type TenantRow = typeof tenants.$inferSelect;

function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind as TenantKind,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sign-in only (role kerf_auth): the id of a tenant by its slug. */
export async function findTenantForSignIn(tx: Tx, slug: string) {
  const [row] = await tx
    .select({ id: tenants.id, active: tenants.active, kind: tenants.kind })
    .from(tenants)
    .where(eq(tenants.slug, slug));
  return row ? { id: row.id, active: row.active, kind: row.kind as TenantKind } : null;
}

/** Sign-in role (kerf_auth): whether the tenant exists and is active (the telemetry ingest asks). */
export async function isTenantActive(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ active: tenants.active }).from(tenants).where(eq(tenants.id, id));
  return row?.active ?? false;
}

/** The tenant of the transaction (under kerf_app row-level security only that one is visible). */
export async function findTenantById(tx: Tx, id: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, id));
  return row ? toTenant(row) : null;
}

/** Every tenant visible to the transaction's role, ordered by name. */
export async function listTenants(tx: Tx, page: number, pageSize: number) {
  const rows = await tx
    .select()
    .from(tenants)
    .orderBy(asc(tenants.name), asc(tenants.id))
    .limit(pageSize)
    .offset(page * pageSize);
  const [total] = await tx.select({ value: count() }).from(tenants);
  return { items: rows.map(toTenant), total: Number(total?.value ?? 0) };
}

export async function insertTenant(tx: Tx, values: { slug: string; name: string; kind: TenantKind }) {
  const [row] = await tx.insert(tenants).values(values).returning();
  return toTenant(row!);
}

export async function findTenantBySlug(tx: Tx, slug: string) {
  const [row] = await tx.select().from(tenants).where(eq(tenants.slug, slug));
  return row ? toTenant(row) : null;
}

export interface NetworkAdminValues {
  name: string | null;
  phone: string | null;
  email: string | null;
}

/** The tenant's network administrator (product.md §7 `/network-admin`), kept on the tenant row. */
export async function findNetworkAdmin(tx: Tx, tenantId: string): Promise<NetworkAdminValues> {
  const [row] = await tx
    .select({
      name: tenants.networkAdminName,
      phone: tenants.networkAdminPhone,
      email: tenants.networkAdminEmail,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row ?? { name: null, phone: null, email: null };
}

export async function saveNetworkAdmin(tx: Tx, tenantId: string, values: NetworkAdminValues) {
  await tx
    .update(tenants)
    .set({
      networkAdminName: values.name,
      networkAdminPhone: values.phone,
      networkAdminEmail: values.email,
      updatedAt: sql`now()`,
    })
    .where(eq(tenants.id, tenantId));
}

/** The tenant's site manager serial number (product.md §3), set through the setup assistant. */
export async function saveSiteManagerSerial(tx: Tx, tenantId: string, serial: string | null) {
  await tx.update(tenants).set({ siteManagerSerial: serial }).where(eq(tenants.id, tenantId));
}
