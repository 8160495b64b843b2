import type { Role, SystemTenant, SystemUser, TenantKind } from '@kerf/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';
import { iso } from '../../lib/dates';
import { containsPattern } from '../../lib/like';

/**
 * The system admin's reads and writes of tenants and users across tenants. Every function runs in a
 * platform transaction (`withPlatform`, audited); the platform role may change a tenant's or a user's
 * active flag, and nothing else of a user (migration 0035).
 */

interface TenantRow {
  id: string;
  slug: string;
  name: string;
  kind: TenantKind;
  active: boolean;
  created_at: Date | string;
  users: number;
  machines: number;
  total?: number;
}

const toSystemTenant = (row: TenantRow): SystemTenant => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  kind: row.kind,
  active: row.active,
  createdAt: iso(row.created_at),
  users: Number(row.users),
  machines: Number(row.machines),
});

const TENANT_COLUMNS = sql`t.id, t.slug, t.name, t.kind, t.active, t.created_at,
  (SELECT count(*)::int FROM users u WHERE u.tenant_id = t.id AND u.deleted_at IS NULL) AS users,
  (SELECT count(*)::int FROM cutting_machines m WHERE m.tenant_id = t.id AND m.deleted_at IS NULL) AS machines`;

export async function listSystemTenants(
  tx: Tx,
  filter: { search?: string; active?: boolean; page: number; pageSize: number },
): Promise<{ items: SystemTenant[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (filter.search)
    where.push(
      sql`(t.name ILIKE ${containsPattern(filter.search)} OR t.slug ILIKE ${containsPattern(filter.search)})`,
    );
  if (filter.active !== undefined) where.push(sql`t.active = ${filter.active}`);
  const rows = await queryRows<TenantRow>(
    tx,
    sql`SELECT ${TENANT_COLUMNS}, count(*) OVER ()::int AS total FROM tenants t
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY lower(t.name), t.id LIMIT ${filter.pageSize} OFFSET ${filter.page * filter.pageSize}`,
  );
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : Number(
          (
            await queryRows<{ n: number }>(
              tx,
              sql`SELECT count(*)::int AS n FROM tenants t WHERE ${sql.join(where, sql` AND `)}`,
            )
          )[0]?.n ?? 0,
        );
  return { items: rows.map(toSystemTenant), total };
}

export async function findSystemTenant(tx: Tx, id: string): Promise<SystemTenant | null> {
  const [row] = await queryRows<TenantRow>(
    tx,
    sql`SELECT ${TENANT_COLUMNS} FROM tenants t WHERE t.id = ${id}`,
  );
  return row ? toSystemTenant(row) : null;
}

/** Disables or re-enables a tenant; answers whether the flag changed. */
export async function setTenantActive(tx: Tx, id: string, active: boolean): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE tenants SET active = ${active}, updated_at = now() WHERE id = ${id} AND active <> ${active} RETURNING id`,
  );
  return rows.length > 0;
}

interface UserRow {
  id: string;
  tenant_id: string;
  tenant_slug: string;
  tenant_name: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role: Role;
  active: boolean;
  created_at: Date | string;
  total?: number;
}

const toSystemUser = (row: UserRow): SystemUser => ({
  id: row.id,
  tenantId: row.tenant_id,
  tenantSlug: row.tenant_slug,
  tenantName: row.tenant_name,
  username: row.username,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  role: row.role,
  active: row.active,
  createdAt: iso(row.created_at),
});

const USER_COLUMNS = sql`u.id, u.tenant_id, t.slug AS tenant_slug, t.name AS tenant_name, u.username,
  u.first_name, u.last_name, u.email, u.role, u.active, u.created_at`;

export async function listSystemUsers(
  tx: Tx,
  filter: { search?: string; tenantId?: string; page: number; pageSize: number },
): Promise<{ items: SystemUser[]; total: number }> {
  const where: SQL[] = [sql`u.deleted_at IS NULL`];
  if (filter.tenantId) where.push(sql`u.tenant_id = ${filter.tenantId}`);
  if (filter.search) {
    const term = containsPattern(filter.search);
    where.push(
      sql`(u.username ILIKE ${term} OR u.first_name ILIKE ${term} OR u.last_name ILIKE ${term} OR u.email ILIKE ${term})`,
    );
  }
  const condition = sql.join(where, sql` AND `);
  const rows = await queryRows<UserRow>(
    tx,
    sql`SELECT ${USER_COLUMNS} FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE ${condition}
        ORDER BY t.slug, u.username, u.id LIMIT ${filter.pageSize} OFFSET ${filter.page * filter.pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM users u WHERE ${condition}`,
  );
  return { items: rows.map(toSystemUser), total: Number(count?.n ?? 0) };
}

export async function findSystemUser(tx: Tx, id: string): Promise<SystemUser | null> {
  const [row] = await queryRows<UserRow>(
    tx,
    sql`SELECT ${USER_COLUMNS} FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.id = ${id} AND u.deleted_at IS NULL`,
  );
  return row ? toSystemUser(row) : null;
}

export async function setUserActive(tx: Tx, tenantId: string, id: string, active: boolean) {
  await tx.execute(
    sql`UPDATE users SET active = ${active}, updated_at = now()
        WHERE tenant_id = ${tenantId} AND id = ${id} AND deleted_at IS NULL`,
  );
}
