import type { CaptchaPayload, ClientType, TenantKind, TokenPair } from '@kerf/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../db/audit.repository';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { DeviceTokens } from './device-tokens';
import type { LoginThrottle } from './login-throttle';
import type { SessionCache } from './session-cache';
import {
  findRefreshTokenForUpdate,
  findSessionState,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  revokeSession,
  touchSession,
} from './sessions.repository';
import { findTenantForSignIn } from './tenants.repository';
import { type AccessTokens, newRefreshToken, parseRefreshToken } from './tokens';
import { findUserByUsername } from './users.repository';

export interface SessionPolicy {
  refreshIdleTtl: number;
  sessionMaxAge: number;
  refreshReuseGrace: number;
}

export interface LoginInput {
  tenant: string;
  username: string;
  password: string;
  clientType: ClientType;
  ip: string;
  userAgent: string | null;
  /** the account's device token from an earlier successful sign-in in this browser, if any */
  deviceToken?: string;
  /** a solved proof of work: passes a stranger's lock on the account or the address */
  captcha?: CaptchaPayload;
}

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

export function createAuthService(deps: {
  transactions: Transactions;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  throttle: LoginThrottle;
  policy: SessionPolicy;
  log: FastifyBaseLogger;
  /** the session checks' short-lived memory; without one every request reads its session */
  sessions?: SessionCache;
  /** known devices (issue 31); without them every sign-in is a stranger's */
  deviceTokens?: DeviceTokens;
  /** redeems a solved proof of work (the website's captcha); without it captchas are ignored */
  captcha?: { redeem(payload: CaptchaPayload): Promise<boolean> };
}) {
  const { transactions, hasher, accessTokens, throttle, policy, log, sessions, deviceTokens } = deps;

  async function issueTokens(
    tx: Tx,
    session: { tenantId: string; sessionId: string; userId: string; role: Actor['role']; expiresAt: Date },
  ): Promise<TokenPair> {
    const { tenantId, sessionId, userId, role } = session;
    const refreshToken = newRefreshToken(tenantId);
    const parsed = parseRefreshToken(refreshToken)!;
    const idle = addSeconds(new Date(), policy.refreshIdleTtl);
    await insertRefreshToken(tx, {
      tenantId,
      sessionId,
      tokenHash: parsed.hash,
      idleExpiresAt: new Date(Math.min(idle.getTime(), session.expiresAt.getTime())),
    });
    const bearerToken = await accessTokens.sign({ sub: userId, tid: tenantId, sid: sessionId, role });
    return { bearerToken, refreshToken, tokenType: 'Bearer', expiresIn: accessTokens.ttlSeconds };
  }

  return {
    /**
     * Sign-in. Throttling runs before any hashing; unknown tenants and users cost one dummy verify
     * and answer exactly like a wrong password.
     */
    async login(input: LoginInput): Promise<TokenPair & { deviceToken?: string }> {
      // Throttling that a stranger cannot turn against the user (issue 31): this browser's device
      // token for the account, or a solved captcha, passes the lock a stranger's failures made.
      const device = deviceTokens?.verify(input.deviceToken, input.tenant, input.username) ?? null;
      const captcha =
        !device && input.captcha ? ((await deps.captcha?.redeem(input.captcha)) ?? false) : false;
      const context = { device, captcha };
      await throttle.assertOpen(input.tenant, input.username, input.ip, context);
      const tenant = await transactions.withSignIn((tx) => findTenantForSignIn(tx, input.tenant));
      const user = tenant
        ? await transactions.withTenant(tenant.id, (tx) => findUserByUsername(tx, input.username))
        : null;
      const passwordMatches = await hasher.verify(user?.passwordHash ?? null, input.password);
      if (!tenant || !user || !passwordMatches) {
        await throttle.recordFailure(input.tenant, input.username, input.ip, context);
        log.info({ event: 'auth.login_failed', tenant: input.tenant, ip: input.ip }, 'sign-in failed');
        if (tenant && user) {
          await transactions.withTenant(tenant.id, (tx) =>
            recordAudit(tx, {
              tenantId: tenant.id,
              actorUserId: user.id,
              action: 'auth.login_failed',
              ip: input.ip,
            }),
          );
        }
        throw new AppError('authentication.INVALID_CREDENTIALS');
      }
      await throttle.recordSuccess(input.tenant, input.username, context);
      if (!user.active || !tenant.active) {
        log.info(
          { event: 'auth.login_disabled', tenantId: tenant.id, userId: user.id },
          'sign-in of a deactivated user',
        );
        throw new AppError('authentication.USER_DISABLED');
      }
      const pair = await transactions.withTenant(tenant.id, async (tx) => {
        const expiresAt = addSeconds(new Date(), policy.sessionMaxAge);
        const sessionId = await insertSession(tx, {
          tenantId: tenant.id,
          userId: user.id,
          clientType: input.clientType,
          ip: input.ip,
          userAgent: input.userAgent?.slice(0, 512) ?? null,
          expiresAt,
        });
        await recordAudit(tx, {
          tenantId: tenant.id,
          actorUserId: user.id,
          action: 'auth.login',
          targetType: 'session',
          targetId: sessionId,
          ip: input.ip,
          details: { clientType: input.clientType },
        });
        log.info({ event: 'auth.login', tenantId: tenant.id, userId: user.id, sessionId }, 'signed in');
        return issueTokens(tx, {
          tenantId: tenant.id,
          sessionId,
          userId: user.id,
          role: user.role as Actor['role'],
          expiresAt,
        });
      });
      // the device is known from now on (its id kept, its expiry renewed)
      const deviceToken = deviceTokens?.issue(input.tenant, input.username, device ?? undefined);
      return deviceToken ? { ...pair, deviceToken } : pair;
    },

    /**
     * Rotation with reuse detection (RFC 9700 §4.14.2): every refresh replaces the token; presenting a
     * replaced token again ends the whole session, unless it happens within the grace window that
     * parallel tabs need.
     */
    async refresh(refreshToken: string, ip: string): Promise<TokenPair> {
      const parsed = parseRefreshToken(refreshToken);
      if (!parsed) throw new AppError('authentication.REFRESH_TOKEN_INVALID');
      const tenantId = parsed.tenantId;
      // A token naming a tenant that does not exist simply matches no row.
      let revoked: string | null = null;
      const outcome = await transactions.withTenant(tenantId, async (tx) => {
        const token = await findRefreshTokenForUpdate(tx, parsed.hash);
        if (!token) return { error: 'authentication.REFRESH_TOKEN_INVALID' as const };
        if (token.revokedAt) {
          return {
            error:
              token.revokedReason === 'refresh_token_reuse'
                ? ('authentication.REFRESH_TOKEN_REUSED' as const)
                : ('authentication.SESSION_EXPIRED' as const),
          };
        }
        const now = Date.now();
        if (token.usedAt && now - token.usedAt.getTime() > policy.refreshReuseGrace * 1000) {
          await revokeSession(tx, token.sessionId, 'refresh_token_reuse');
          revoked = token.sessionId;
          await recordAudit(tx, {
            tenantId,
            actorUserId: token.userId,
            action: 'auth.refresh_token_reuse',
            targetType: 'session',
            targetId: token.sessionId,
            ip,
          });
          log.warn(
            { event: 'auth.refresh_token_reuse', tenantId, sessionId: token.sessionId, ip },
            'refresh token reused: session revoked',
          );
          return { error: 'authentication.REFRESH_TOKEN_REUSED' as const };
        }
        if (token.idleExpiresAt.getTime() <= now || token.expiresAt.getTime() <= now) {
          await revokeSession(tx, token.sessionId, 'expired');
          revoked = token.sessionId;
          return { error: 'authentication.SESSION_EXPIRED' as const };
        }
        const state = await findSessionState(tx, token.sessionId);
        if (!state || state.deletedAt || !state.userActive || !state.tenantActive) {
          await revokeSession(tx, token.sessionId, 'user_disabled');
          revoked = token.sessionId;
          return { error: 'authentication.USER_DISABLED' as const };
        }
        if (!token.usedAt) await markRefreshTokenUsed(tx, parsed.hash);
        await touchSession(tx, token.sessionId);
        const pair = await issueTokens(tx, {
          tenantId,
          sessionId: token.sessionId,
          userId: token.userId,
          role: state.role as Actor['role'],
          expiresAt: token.expiresAt,
        });
        return { pair };
      });
      if (revoked) await sessions?.invalidate({ tenantId, sessionId: revoked });
      if (outcome.error !== undefined) throw new AppError(outcome.error);
      return outcome.pair!;
    },

    /** Logout: ends the session of the token. Unknown or malformed tokens end nothing and say nothing. */
    async logout(refreshToken: string, ip: string): Promise<void> {
      const parsed = parseRefreshToken(refreshToken);
      if (!parsed) return;
      const ended = await transactions.withTenant(parsed.tenantId, async (tx) => {
        const token = await findRefreshTokenForUpdate(tx, parsed.hash);
        if (!token || token.revokedAt) return null;
        await revokeSession(tx, token.sessionId, 'logout');
        await recordAudit(tx, {
          tenantId: parsed.tenantId,
          actorUserId: token.userId,
          action: 'auth.logout',
          targetType: 'session',
          targetId: token.sessionId,
          ip,
        });
        return token.sessionId;
      });
      // After the commit: this instance forgets the session at once, the others as the bus delivers.
      if (ended) await sessions?.invalidate({ tenantId: parsed.tenantId, sessionId: ended });
    },

    /**
     * Resolves the bearer token of a request to a live session; role and status come from the
     * database, or from the session memory that every change to them invalidates (session-cache.ts).
     */
    async authenticate(authorization: string | undefined, ip: string): Promise<Actor> {
      const match = authorization ? /^Bearer ([A-Za-z0-9._-]+)$/.exec(authorization) : null;
      if (!match) throw new AppError('authentication.UNAUTHENTICATED');
      const claims = await accessTokens.verify(match[1]!);
      const read = () => transactions.withTenant(claims.tid, (tx) => findSessionState(tx, claims.sid));
      const state = sessions ? await sessions.get(claims.tid, claims.sid, read) : await read();
      if (
        !state ||
        state.userId !== claims.sub ||
        state.revokedAt ||
        state.expiresAt.getTime() <= Date.now()
      ) {
        throw new AppError('authentication.SESSION_EXPIRED');
      }
      if (state.deletedAt || !state.userActive || !state.tenantActive)
        throw new AppError('authentication.USER_DISABLED');
      return {
        tenantId: claims.tid,
        tenantKind: state.tenantKind as TenantKind,
        userId: claims.sub,
        sessionId: claims.sid,
        role: state.role as Actor['role'],
        ip,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
