/**
 * The auth module (product.md §7 "Auth server"), mounted at /api/auth. Owns `tenants`, `users`, `sessions`,
 * `refresh_tokens` and `login_throttle` (ADR 0012).
 */

import type { CaptchaPayload } from '@kerf/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Transactions } from '../../db/transactions';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { Authenticator } from '../../lib/route';
import type { Bus } from '../../plugins/bus';
import { registerAuthRoutes } from './auth.routes';
import { type AuthService, createAuthService } from './auth.service';
import { createDeviceTokens } from './device-tokens';
import { jwtSecretFor } from './jwt-secret';
import { createLoginThrottle } from './login-throttle';
import { createSessionCache, type SessionCache } from './session-cache';
import { createTenantsService } from './tenants.service';
import { createAccessTokens } from './tokens';
import { createUsersService } from './users.service';

export { seedTenant, seedUsers } from './auth.seed';
export type { AuthService } from './auth.service';
export { passwordProblem } from './password-policy';
export type { SessionCache } from './session-cache';
export { deleteEndedSessions } from './sessions.repository';
export {
  findSystemTenant,
  findSystemUser,
  listSystemTenants,
  listSystemUsers,
  setTenantActive,
  setUserActive,
} from './system.repository';
export {
  findNetworkAdmin,
  findTenantById,
  findTenantBySlug,
  insertTenant,
  isTenantActive,
  saveNetworkAdmin,
  saveSiteManagerSerial,
} from './tenants.repository';
export { deleteStaleThrottles } from './throttle.repository';
export { findUserById, insertUser, toUser, type UserRow } from './users.repository';
export { createTenantUser, findManageableUser } from './users.service';

type AuthConfig = Pick<
  Config,
  | 'jwtSecret'
  | 'dataDir'
  | 'accessTokenTtl'
  | 'loginIpLimit'
  | 'loginIpWindow'
  | 'refreshIdleTtl'
  | 'sessionMaxAge'
  | 'refreshReuseGrace'
>;

/** Sign-in and sessions: the authenticator every module's routes check requests with. */
export async function createAuthentication(deps: {
  config: AuthConfig;
  transactions: Transactions;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
  /** carries session invalidations between instances; without it sessions are not remembered */
  bus?: Pick<Bus, 'client' | 'isConnected'>;
  /** the website's proof of work: a solved one passes a stranger's sign-in lock (issue 31) */
  captcha?: { redeem(payload: CaptchaPayload): Promise<boolean> };
}): Promise<{ auth: AuthService; authenticator: Authenticator; sessions: SessionCache | undefined }> {
  const { config, transactions, hasher } = deps;
  const sessions = deps.bus ? createSessionCache({ bus: deps.bus, log: deps.log }) : undefined;
  const secret = await jwtSecretFor(config);
  const auth = createAuthService({
    transactions,
    hasher,
    accessTokens: createAccessTokens(secret, config.accessTokenTtl),
    deviceTokens: createDeviceTokens(secret),
    captcha: deps.captcha,
    throttle: createLoginThrottle(transactions, {
      ipLimit: config.loginIpLimit,
      ipWindowSeconds: config.loginIpWindow,
    }),
    policy: {
      refreshIdleTtl: config.refreshIdleTtl,
      sessionMaxAge: config.sessionMaxAge,
      refreshReuseGrace: config.refreshReuseGrace,
    },
    log: deps.log,
    sessions,
  });
  const authenticator: Authenticator = {
    authenticate: (request) => auth.authenticate(request.headers.authorization, request.ip),
  };
  return { auth, authenticator, sessions };
}

/** Login, sessions, users, roles and tenants under /api/auth. */
export function registerAuthModule(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    auth: AuthService;
    transactions: Transactions;
    hasher: PasswordHasher;
    sessions?: SessionCache;
  },
) {
  const { transactions, hasher } = deps;
  registerAuthRoutes(app, {
    authenticator: deps.authenticator,
    auth: deps.auth,
    users: createUsersService({ transactions, hasher, sessions: deps.sessions }),
    tenants: createTenantsService({ transactions }),
    refreshRateLimit: { max: 150, timeWindow: 5 * 60 * 1000 },
  });
}
