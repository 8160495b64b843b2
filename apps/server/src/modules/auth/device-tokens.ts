import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../../lib/hash';
import { accountKey } from './login-throttle';

/** How long a device stays known after its last successful sign-in. */
const DEVICE_TOKEN_TTL_SECONDS = 90 * 24 * 60 * 60;
const COOKIE_PREFIX = 'kerf_device_';

/**
 * Known devices (issue 31): after a successful sign-in the browser gets a device token for that
 * account — HMAC-signed (a key derived from JWT_SECRET), naming the account, a random device id and
 * an expiry; nothing is stored. It proves nothing about the user and opens no session: it only
 * lets the account's owner sign in with the right password while a stranger's failures lock the
 * account or the address. It travels in an HttpOnly cookie per account (a shared terminal has one
 * per operator), sent only to the sign-in call.
 */
export function createDeviceTokens(secret: string) {
  const key = createHmac('sha256', secret).update('kerf-device-token').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(tenant: string, username: string, device: string = randomUUID()): string {
      const payload = Buffer.from(
        JSON.stringify({
          a: accountKey(tenant, username),
          d: device,
          e: Math.floor(Date.now() / 1000) + DEVICE_TOKEN_TTL_SECONDS,
        }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    /** The device id of a valid, unexpired token of this very account; null otherwise. */
    verify(token: string | undefined, tenant: string, username: string): string | null {
      if (!token || token.length > 512) return null;
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
          a?: unknown;
          d?: unknown;
          e?: unknown;
        };
        if (claims.a !== accountKey(tenant, username)) return null;
        if (typeof claims.e !== 'number' || claims.e * 1000 <= Date.now()) return null;
        return typeof claims.d === 'string' && /^[0-9a-f-]{36}$/.test(claims.d) ? claims.d : null;
      } catch {
        return null;
      }
    },
  };
}
export type DeviceTokens = ReturnType<typeof createDeviceTokens>;

/** The cookie that holds the account's device token: one name per account, no account in clear. */
export function deviceCookieName(tenant: string, username: string) {
  return `${COOKIE_PREFIX}${sha256Hex(accountKey(tenant, username)).slice(0, 16)}`;
}

/** A cookie's raw value from the Cookie header; a malformed header simply has none. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** Set-Cookie of a device token: HttpOnly, SameSite=Strict, only for the sign-in call. */
export function deviceCookie(name: string, token: string, secure: boolean) {
  return [
    `${name}=${token}`,
    `Max-Age=${DEVICE_TOKEN_TTL_SECONDS}`,
    'Path=/api/auth/auth/login',
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
