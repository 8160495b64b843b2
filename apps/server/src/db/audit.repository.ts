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
