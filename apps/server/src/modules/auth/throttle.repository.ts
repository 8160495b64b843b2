import { inArray, sql } from 'drizzle-orm';
import { loginThrottle } from '../../db/schema/index';
import type { Tx } from '../../db/transactions';

export async function findActiveLocks(tx: Tx, keys: string[]) {
  return tx
    .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(sql`${inArray(loginThrottle.key, keys)} AND ${loginThrottle.lockedUntil} > now()`);
}

/** Counts one more failure, starting over when the last one is older than `resetAfterSeconds`. */
export async function countFailure(tx: Tx, key: string, resetAfterSeconds: number): Promise<number> {
  const [row] = await tx
    .insert(loginThrottle)
    .values({ key, failures: 1, lastFailureAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.lastFailureAt} < now() - make_interval(secs => ${resetAfterSeconds})
          THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  return row!.failures;
}

export async function lockFor(tx: Tx, key: string, seconds: number) {
  await tx
    .update(loginThrottle)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(inArray(loginThrottle.key, [key]));
}

export async function clearThrottle(tx: Tx, key: string) {
  await tx.delete(loginThrottle).where(inArray(loginThrottle.key, [key]));
}

/** Retention (sign-in role): counters whose last failure is older than `before` and that lock nothing. */
export async function deleteStaleThrottles(tx: Tx, before: Date, limit: number): Promise<number> {
  const result = await tx.execute(sql`
    DELETE FROM login_throttle WHERE key IN (
      SELECT key FROM login_throttle
      WHERE last_failure_at < ${before.toISOString()} AND (locked_until IS NULL OR locked_until < now())
      LIMIT ${limit}) RETURNING key`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
