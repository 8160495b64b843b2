import { randomBytes } from 'node:crypto';
import { RoleSchema } from '@kerf/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/hash';

const ISSUER = 'kerf';
const AUDIENCE = 'kerf-api';

const AccessClaimsSchema = z.object({
  sub: z.uuid(),
  tid: z.uuid(),
  sid: z.uuid(),
  role: RoleSchema,
});
type AccessClaims = z.infer<typeof AccessClaimsSchema>;

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** throws `TOKEN_EXPIRED` or `TOKEN_INVALID` */
  verify(token: string): Promise<AccessClaims>;
  ttlSeconds: number;
}

/** How many verified access tokens are remembered (a few hundred bytes each). */
const VERIFIED_TOKENS = 10_000;

/**
 * Short-lived HS256 access tokens (ADR 0004). The algorithm is pinned; `alg: none` and others are refused.
 *
 * A token that has passed the full check is remembered, by its exact text, until it expires: the
 * same browser sends the same token with every request for its lifetime, and the WebCrypto HMAC
 * (an async job per call) was the largest single cost of an authenticated read. A changed token
 * is a different text, so it misses the memory and gets the full check; the expiry is checked
 * again on every use.
 */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return {
    ttlSeconds,
    sign: (claims) =>
      new SignJWT({ tid: claims.tid, sid: claims.sid, role: claims.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // jose's own rule: expired once the clock reaches `exp`
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const claims = AccessClaimsSchema.safeParse(payload);
        if (!claims.success) throw new AppError('authentication.TOKEN_INVALID');
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims: claims.data, expiresAt: payload.exp * 1000 });
        }
        return claims.data;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JWTExpired) throw new AppError('authentication.TOKEN_EXPIRED');
        throw new AppError('authentication.TOKEN_INVALID');
      }
    },
  };
}

/**
 * Opaque refresh tokens: `<tenant id>.<256 random bits>`. The tenant part lets the lookup run under
 * that tenant's row-level security; only the SHA-256 of the whole token is stored.
 */
export function newRefreshToken(tenantId: string): string {
  return `${tenantId}.${randomBytes(32).toString('base64url')}`;
}

const REFRESH_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]{43}$/;

export function parseRefreshToken(token: string): { tenantId: string; hash: string } | null {
  const match = REFRESH_TOKEN.exec(token);
  if (!match) return null;
  return { tenantId: match[1]!, hash: hashToken(token) };
}

function hashToken(token: string): string {
  return sha256(token).toString('base64url');
}
