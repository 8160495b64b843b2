import type { Role } from '@kerf/contracts';
import { type AuditEntry, recordAudits } from '../../db/audit.repository';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import {
  findCustomerTenantIds,
  findManufacturerGrants,
  findServiceAreaCustomerIds,
  findStaffMember,
} from './audited-access.repository';

/** What one cross-tenant read looked at in one customer's tenant; written to that tenant's audit log. */
export interface Touched {
  tenantId: string;
  targetType: 'customer' | 'machine' | 'machine-access' | 'search' | 'report' | 'fleet';
  targetId?: string;
  /** what the customer's admin reads in the log: a serial number, a search term */
  label?: string;
}

/** The signed-in member of the provider or a manufacturer, as the audit entries name them. */
export interface Staff {
  name: string;
  role: Role | null;
  tenantName: string;
}

/** The customers an actor may read (ADR 0016). */
export interface Scope {
  tenantIds: string[];
  /** manufacturers: the make their users see; null for customer service */
  make: string | null;
}

async function staffOf(tx: Tx, actor: Actor): Promise<Staff> {
  const row = await findStaffMember(tx, actor.tenantId, actor.userId);
  const name = [row?.firstName, row?.lastName].filter(Boolean).join(' ');
  return { name: name || '?', role: row?.role ?? null, tenantName: row?.tenantName ?? '?' };
}

/**
 * Which customers the actor looks after. Support and developers: the customers of their service
 * areas. The customer-service admin and the system admin: every printing and grinding shop (they
 * put customers into service areas). Manufacturers: the customers who granted their tenant access.
 */
async function scopeOf(tx: Tx, actor: Actor): Promise<Scope> {
  if (actor.tenantKind === 'MANUFACTURER') {
    const rows = await findManufacturerGrants(tx, actor.tenantId);
    return {
      tenantIds: rows.flatMap((row) => (row.tenantId ? [row.tenantId] : [])),
      make: rows[0]?.make ?? null,
    };
  }
  if (actor.tenantKind !== 'PROVIDER') return { tenantIds: [], make: null };
  if (actor.role === 'ADMIN_CUSTOMER_SERVICE' || actor.role === 'SYSTEM_ADMIN')
    return { tenantIds: await findCustomerTenantIds(tx), make: null };
  return { tenantIds: await findServiceAreaCustomerIds(tx, actor.tenantId, actor.userId), make: null };
}

/** How long one audit entry stands for repeated reads of the same thing by the same person (ADR 0016). */
const AUDIT_WINDOW_MS = 15 * 60_000;

/** Reads coalesce within the window; exports and every change (open, close) are written each time. */
const COALESCED = /\.(list|read|search)$/;

/** How many open windows are remembered (a key of ~150 bytes each). */
const AUDIT_WINDOWS = 10_000;

/**
 * The one way this module reads other tenants: the platform role (`withPlatform`, which records
 * the access in the actor's own audit log), limited to the actor's scope, and an audit entry in
 * the log of every customer whose data the read returned — who, which tenant, what, when — so the
 * customer's admin sees it ("who from support looked at what").
 *
 * Volume: a list view refreshed every few seconds must not write one row per customer per refresh.
 * A read writes a customer's entry only when the same person has not read the same thing
 * (action, target) of that customer within `AUDIT_WINDOW_MS`: the entry says "from `at` on, for up
 * to 15 minutes, X looked at Y". The window is kept per server process after commit (a restart or a
 * second instance writes at most one entry more); exports and changes are never coalesced.
 */
export function createAuditedAccess(
  transactions: Transactions,
  options: { windowMs?: number; now?: () => number; maxWindows?: number } = {},
) {
  const windowMs = options.windowMs ?? AUDIT_WINDOW_MS;
  const now = options.now ?? Date.now;
  const maxWindows = options.maxWindows ?? AUDIT_WINDOWS;
  /** key → end of its window, the window that ends first first (every window is as long) */
  const written = new Map<string, number>();
  /**
   * Makes room for `incoming` windows: the ended ones go, and if that is not enough, those that end
   * first — a read of theirs is then written once more before its window ends, which costs a row,
   * while an unbounded memory would cost the process.
   */
  const prune = (at: number, incoming: number) => {
    for (const [key, until] of written) {
      if (until > at && written.size + incoming <= maxWindows) break;
      written.delete(key);
    }
  };

  return async function audited<T>(
    actor: Actor,
    action: string,
    details: Record<string, unknown>,
    read: (tx: Tx, scope: Scope, staff: Staff) => Promise<{ result: T; touched: Touched[] }>,
  ): Promise<T> {
    const coalesce = windowMs > 0 && COALESCED.test(action);
    const fresh: string[] = [];
    const result = await transactions.withPlatform(
      { actor: { tenantId: actor.tenantId, userId: actor.userId, ip: actor.ip }, action, details },
      async (tx) => {
        const staff = await staffOf(tx, actor);
        const scope = await scopeOf(tx, actor);
        const { result, touched } = await read(tx, scope, staff);
        const at = now();
        const seen = new Set<string>();
        const entries: AuditEntry[] = [];
        for (const entry of touched) {
          const key = `${entry.tenantId}|${actor.userId}|${action}|${entry.targetType}|${entry.targetId ?? ''}`;
          if (seen.has(key) || entry.tenantId === actor.tenantId) continue;
          seen.add(key);
          if (coalesce && (written.get(key) ?? 0) > at) continue;
          fresh.push(key);
          entries.push({
            tenantId: entry.tenantId,
            actorUserId: actor.userId,
            action,
            targetType: entry.targetType,
            targetId: entry.targetId ?? undefined,
            ip: actor.ip ?? null,
            details: {
              actorTenantId: actor.tenantId,
              actorTenantName: staff.tenantName,
              actorName: staff.name,
              actorRole: staff.role,
              label: entry.label ?? null,
            },
          });
        }
        // One statement for all customers of a list.
        await recordAudits(tx, entries);
        return result;
      },
    );
    // Committed: the entries stand for the window from now on.
    if (coalesce && fresh.length) {
      const at = now();
      for (const key of fresh) written.delete(key);
      prune(at, fresh.length);
      for (const key of fresh.slice(-maxWindows)) written.set(key, at + windowMs);
    }
    return result;
  };
}

export type AuditedAccess = ReturnType<typeof createAuditedAccess>;
