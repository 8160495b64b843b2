import { type SQL, sql } from 'drizzle-orm';
import { containsPattern, escapeLike } from '../lib/like';
import { queryRows } from './client';
import { auditLog } from './schema/index';
import type { Tx } from './transactions';

export interface AuditEntry {
  tenantId: string;
  actorUserId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
  /** when it happened, if not now (demo history) */
  at?: Date;
}

const auditRow = (entry: AuditEntry) => ({
  tenantId: entry.tenantId,
  actorUserId: entry.actorUserId,
  action: entry.action,
  targetType: entry.targetType ?? null,
  targetId: entry.targetId ?? null,
  ip: entry.ip ?? null,
  details: entry.details ?? null,
  ...(entry.at ? { at: entry.at } : {}),
});

/** Appends to the tenant's audit log in the caller's transaction (the app role may not change or delete it). */
export async function recordAudit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values(auditRow(entry));
}

/** Several entries, possibly of several tenants (one cross-tenant read), in one statement. */
export async function recordAudits(tx: Tx, entries: AuditEntry[]) {
  if (entries.length > 0) await tx.insert(auditLog).values(entries.map(auditRow));
}

export interface AuditFilter {
  tenantId?: string;
  /** part of the actor's username */
  actor?: string;
  /** an action or its beginning */
  action?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

interface AuditRow {
  id: number | string;
  tenant_id: string;
  tenant_slug: string | null;
  at: Date | string;
  actor_user_id: string | null;
  actor_username: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_tenant_id: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
}

/** The audit log across tenants, newest first (platform role: the system admin's audit view). */
export async function listAuditRecords(tx: Tx, filter: AuditFilter) {
  const where: SQL[] = [sql`true`];
  if (filter.tenantId) where.push(sql`a.tenant_id = ${filter.tenantId}`);
  if (filter.action) where.push(sql`a.action LIKE ${`${escapeLike(filter.action)}%`}`);
  if (filter.from) where.push(sql`a.at >= ${filter.from.toISOString()}`);
  if (filter.to) where.push(sql`a.at < ${filter.to.toISOString()}`);
  if (filter.actor) where.push(sql`u.username ILIKE ${containsPattern(filter.actor)}`);
  const condition = sql.join(where, sql` AND `);
  const from = sql`audit_log a
    LEFT JOIN tenants t ON t.id = a.tenant_id
    LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.actor_user_id`;
  const rows = await queryRows<AuditRow>(
    tx,
    sql`SELECT a.id, a.tenant_id, t.slug AS tenant_slug, a.at, a.actor_user_id, u.username AS actor_username,
          a.action, a.target_type, a.target_id, a.target_tenant_id, a.ip, a.details
        FROM ${from} WHERE ${condition}
        ORDER BY a.at DESC, a.id DESC LIMIT ${filter.pageSize} OFFSET ${filter.page * filter.pageSize}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM ${from} WHERE ${condition}`,
  );
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      tenantId: row.tenant_id,
      tenantSlug: row.tenant_slug,
      at: (row.at instanceof Date ? row.at : new Date(row.at)).toISOString(),
      actorUserId: row.actor_user_id,
      actorUsername: row.actor_username,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      targetTenantId: row.target_tenant_id,
      ip: row.ip,
      details: row.details,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Retention: audit entries older than `before`, at most `limit` rows per call; answers how many. */
export async function deleteOldAuditRecords(tx: Tx, before: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`DELETE FROM audit_log WHERE (tenant_id, id) IN (
          SELECT tenant_id, id FROM audit_log WHERE at < ${before.toISOString()} LIMIT ${limit})
        RETURNING id`,
  );
  return rows.length;
}
