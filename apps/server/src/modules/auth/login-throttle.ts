import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import { clearThrottle, countFailure, findActiveLocks, lockFor } from './throttle.repository';

/** Per-account policy (docs/decisions/0004-authentication.md): 5 free failures, then 30 s more per failure, at most 15 min. */
const FREE_FAILURES = 5;
const LOCK_STEP_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;
const ACCOUNT_RESET_SECONDS = 12 * 60 * 60;
/** A known device's own allowance: more than a stranger's, but not unlimited (a stolen cookie). */
const DEVICE_FREE_FAILURES = 10;

/**
 * How a sign-in came (issue 31). A stranger's failures lock the account and the address, but that
 * lock must not turn against the user:
 * - `device`: the sign-in comes from a device that signed into this account before (its device
 *   token): the account's and the address's locks do not apply to it, only its own;
 * - `captcha`: the attempt carries a solved proof of work (a second of CPU for whoever sends it):
 *   it passes the account's and the address's locks, and still counts as a failure when wrong.
 */
interface SignInContext {
  /** the device id of a valid device token for this very account, if one came */
  device?: string | null;
  captcha?: boolean;
}

export interface LoginThrottle {
  /** throws `TOO_MANY_ATTEMPTS` while the attempt is locked out; runs before any hashing */
  assertOpen(tenant: string, username: string, ip: string, context?: SignInContext): Promise<void>;
  recordFailure(tenant: string, username: string, ip: string, context?: SignInContext): Promise<void>;
  recordSuccess(tenant: string, username: string, context?: SignInContext): Promise<void>;
}

/**
 * Keys are the typed tenant and username, normalised, whether or not such an account exists: an
 * unknown user is throttled exactly like a known one.
 */
export function accountKey(tenant: string, username: string) {
  return `account:${tenant.normalize('NFKC').trim().toLowerCase()}/${username.normalize('NFKC').trim().toLowerCase()}`;
}

const deviceKey = (device: string) => `device:${device}`;

export function createLoginThrottle(
  transactions: Transactions,
  options: { ipLimit: number; ipWindowSeconds: number },
): LoginThrottle {
  const ipKey = (ip: string) => `address:${ip}`;
  /** The locks an attempt must pass: a known device only its own; a captcha none. */
  const keysFor = (tenant: string, username: string, ip: string, context: SignInContext) => {
    if (context.device) return [deviceKey(context.device)];
    if (context.captcha) return [];
    return [accountKey(tenant, username), ipKey(ip)];
  };
  return {
    async assertOpen(tenant, username, ip, context = {}) {
      const keys = keysFor(tenant, username, ip, context);
      if (keys.length === 0) return;
      const locks = await transactions.withSignIn((tx) => findActiveLocks(tx, keys));
      if (locks.length === 0) return;
      const until = Math.max(...locks.map((lock) => lock.lockedUntil?.getTime() ?? 0));
      // A captcha lets a stranger's lock pass; a known device's own lock it does not.
      throw AppError.tooManyAttempts('authentication.TOO_MANY_ATTEMPTS', (until - Date.now()) / 1000, {
        captchaRequired: !context.device,
      });
    },
    async recordFailure(tenant, username, ip, context = {}) {
      await transactions.withSignIn(async (tx) => {
        if (context.device) {
          const device = deviceKey(context.device);
          const deviceFailures = await countFailure(tx, device, ACCOUNT_RESET_SECONDS);
          if (deviceFailures > DEVICE_FREE_FAILURES) {
            await lockFor(
              tx,
              device,
              Math.min(LOCK_STEP_SECONDS * (deviceFailures - DEVICE_FREE_FAILURES), MAX_LOCK_SECONDS),
            );
          }
          // the user's own typing errors on their own device lock neither the account nor the address
          return;
        }
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
    async recordSuccess(tenant, username, context = {}) {
      await transactions.withSignIn(async (tx) => {
        await clearThrottle(tx, accountKey(tenant, username));
        if (context.device) await clearThrottle(tx, deviceKey(context.device));
      });
    },
  };
}
