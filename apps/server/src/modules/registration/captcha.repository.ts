import { eq, lte, sql } from 'drizzle-orm';
import { spentCaptchas } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export async function isCaptchaSpent(tx: Tx, signature: string): Promise<boolean> {
  const rows = await tx
    .select({ signature: spentCaptchas.signature })
    .from(spentCaptchas)
    .where(eq(spentCaptchas.signature, signature))
    .limit(1);
  return rows.length > 0;
}

/**
 * Marks a solved challenge as used; false when it already was (here or on another instance: the
 * primary key decides, so of two concurrent redemptions exactly one wins). Forgets expired ones
 * first — their challenges are refused by their expiry anyway.
 */
export async function spendCaptcha(tx: Tx, signature: string, expiresAt: Date): Promise<boolean> {
  await tx.delete(spentCaptchas).where(lte(spentCaptchas.expiresAt, sql`now()`));
  const rows = await tx
    .insert(spentCaptchas)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: spentCaptchas.signature });
  return rows.length === 1;
}

/** Retention (sign-in role): spent captchas whose challenge expired; answers how many. */
export async function deleteExpiredCaptchas(tx: Tx, limit: number): Promise<number> {
  const result = await tx.execute(sql`
    DELETE FROM spent_captchas WHERE signature IN (
      SELECT signature FROM spent_captchas WHERE expires_at <= now() LIMIT ${limit}) RETURNING signature`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
