import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { clearThrottle, countFailure, findActiveLocks, lockFor } from './throttle.repository';

/** Per-account policy (docs/decisions/0004-authentication.md): 5 free failures, then 30 s more per failure, at most 15 min. */
const FREE_FAILURES = 5;
const LOCK_STEP_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;
const ACCOUNT_RESET_SECONDS = 12 * 60 * 60;

export interface LoginThrottle {
  /** throws `TOO_MANY_ATTEMPTS` while the account or the address is locked; runs before any hashing */
  assertOpen(tenant: string, username: string, ip: string): Promise<void>;
  recordFailure(tenant: string, username: string, ip: string): Promise<void>;
  recordSuccess(tenant: string, username: string): Promise<void>;
}

/**
 * Keys are the typed tenant and username, normalised, whether or not such an account exists: an
 * unknown user is throttled exactly like a known one.
 */
export function accountKey(tenant: string, username: string) {
  return `account:${tenant.normalize('NFKC').trim().toLowerCase()}/${username.normalize('NFKC').trim().toLowerCase()}`;
}

export function createLoginThrottle(
  transactions: Transactions,
  options: { ipLimit: number; ipWindowSeconds: number },
): LoginThrottle {
  const ipKey = (ip: string) => `address:${ip}`;
  return {
    async assertOpen(tenant, username, ip) {
      const locks = await transactions.withSignIn((tx) =>
        findActiveLocks(tx, [accountKey(tenant, username), ipKey(ip)]),
      );
      if (locks.length === 0) return;
      const until = Math.max(...locks.map((lock) => lock.lockedUntil?.getTime() ?? 0));
      throw AppError.tooManyAttempts('authentication.TOO_MANY_ATTEMPTS', (until - Date.now()) / 1000);
    },
    async recordFailure(tenant, username, ip) {
      await transactions.withSignIn(async (tx) => {
        const account = accountKey(tenant, username);
        const accountFailures = await countFailure(tx, account, ACCOUNT_RESET_SECONDS);
        if (accountFailures > FREE_FAILURES) {
          await lockFor(
            tx,
            account,
            Math.min(LOCK_STEP_SECONDS * (accountFailures - FREE_FAILURES), MAX_LOCK_SECONDS),
          );
        }
        const address = ipKey(ip);
        const addressFailures = await countFailure(tx, address, options.ipWindowSeconds);
        if (addressFailures >= options.ipLimit) await lockFor(tx, address, options.ipWindowSeconds);
      });
    },
    async recordSuccess(tenant, username) {
      await transactions.withSignIn((tx) => clearThrottle(tx, accountKey(tenant, username)));
    },
  };
}
