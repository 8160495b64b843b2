import { and, eq, isNull, sql } from 'drizzle-orm';
import { refreshTokens, sessions, tenants, users } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export async function insertSession(
  tx: Tx,
  values: {
    tenantId: string;
    userId: string;
    clientType: string;
    ip: string | null;
    userAgent: string | null;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

export async function insertRefreshToken(
  tx: Tx,
  values: { tenantId: string; sessionId: string; tokenHash: string; idleExpiresAt: Date },
) {
  await tx.insert(refreshTokens).values(values);
}

/** A refresh token with its session, locked so that parallel refreshes of one token queue up. */
export async function findRefreshTokenForUpdate(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({
      sessionId: refreshTokens.sessionId,
      usedAt: refreshTokens.usedAt,
      idleExpiresAt: refreshTokens.idleExpiresAt,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      revokedReason: sessions.revokedReason,
    })
    .from(refreshTokens)
    .innerJoin(
      sessions,
      and(eq(sessions.tenantId, refreshTokens.tenantId), eq(sessions.id, refreshTokens.sessionId)),
    )
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens });
  return row ?? null;
}

export async function markRefreshTokenUsed(tx: Tx, tokenHash: string) {
  await tx.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.tokenHash, tokenHash));
}

export async function touchSession(tx: Tx, sessionId: string) {
  await tx.update(sessions).set({ lastRefreshedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(tx: Tx, sessionId: string, reason: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(tx: Tx, userId: string, reason: string, exceptSessionId?: string) {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** What every authenticated request checks: the session is live and its user and tenant are active. */
export async function findSessionState(tx: Tx, sessionId: string) {
  const [row] = await tx
    .select({
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      role: users.role,
      userActive: users.active,
      deletedAt: users.deletedAt,
      tenantActive: tenants.active,
      tenantKind: tenants.kind,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .innerJoin(tenants, eq(tenants.id, sessions.tenantId))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

/**
 * Retention (platform role, migration 0048): sessions that ended — expired or revoked — before
 * `before`, at most `limit` of them; their refresh tokens go with them (ON DELETE CASCADE).
 */
export async function deleteEndedSessions(tx: Tx, before: Date, limit: number): Promise<number> {
  const result = await tx.execute(sql`
    DELETE FROM sessions WHERE (tenant_id, id) IN (
      SELECT tenant_id, id FROM sessions
      WHERE least(expires_at, coalesce(revoked_at, expires_at)) < ${before.toISOString()}
      LIMIT ${limit}) RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
