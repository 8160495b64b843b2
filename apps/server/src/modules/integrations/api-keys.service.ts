import { randomBytes } from 'node:crypto';
import {
  API_KEY_PATTERN,
  type ApiKey,
  type ApiScope,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { sha256Hex } from '../../lib/hash';
import {
  findApiKeyByHash,
  insertApiKey,
  listApiKeyRows,
  revokeApiKeyRow,
  touchApiKey,
} from './integrations.repository';

/** `last_used_at` is written at most this often per key, so a busy integration does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

type KeyRow = Awaited<ReturnType<typeof listApiKeyRows>>[number];

function toApiKey(row: KeyRow): ApiKey {
  const { key } = row;
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes as ApiScope[],
    createdAt: key.createdAt.toISOString(),
    createdBy:
      row.creatorUsername === null
        ? null
        : { id: key.createdBy, displayName: row.creatorName ?? row.creatorUsername },
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** A new key: `kerf_<tenant id, hex>_<256 random bits, base64url>`. */
export function newApiKey(tenantId: string) {
  const key = `kerf_${tenantId.replaceAll('-', '')}_${randomBytes(32).toString('base64url')}`;
  return { key, hash: sha256Hex(key), prefix: key.slice(0, 45) };
}

/**
 * The tenant admin's API keys (ADR 0020): created with scopes and shown once, stored as SHA-256,
 * revoked at once; and the check of a key on each request.
 */
export function createApiKeysService(deps: { transactions: Transactions }) {
  const { transactions } = deps;

  return {
    async list(actor: Actor): Promise<ApiKey[]> {
      const rows = await transactions.withTenant(actor.tenantId, (tx) => listApiKeyRows(tx));
      return rows.map(toApiKey);
    },

    async create(actor: Actor, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      const { key, hash, prefix } = newApiKey(actor.tenantId);
      const scopes = [...new Set(request.scopes)];
      return transactions.withTenant(actor.tenantId, async (tx) => {
        const row = await insertApiKey(tx, {
          tenantId: actor.tenantId,
          name: request.name,
          prefix,
          keyHash: hash,
          scopes,
          createdBy: actor.userId,
        });
        await audit(tx, actor, 'integrations.api-key.create', 'api_key', row.id, {
          name: request.name,
          scopes,
        });
        const [listed] = (await listApiKeyRows(tx)).filter((r) => r.key.id === row.id);
        return { ...toApiKey(listed!), key };
      });
    },

    async revoke(actor: Actor, id: string): Promise<void> {
      await transactions.withTenant(actor.tenantId, async (tx) => {
        if (!(await revokeApiKeyRow(tx, id))) throw new AppError('service.printing-shops.API_KEY_NOT_FOUND');
        await audit(tx, actor, 'integrations.api-key.revoke', 'api_key', id);
      });
    },

    /**
     * The actor an API key acts as: the admin who created it, in the key's tenant, limited to the
     * key's scopes (lib/route.ts checks them). The tenant is read from the key itself, so a key can
     * only ever be looked up under its own tenant's row-level security.
     */
    async authenticate(key: string, ip: string): Promise<Actor> {
      if (!API_KEY_PATTERN.test(key)) throw new AppError('authentication.UNAUTHENTICATED');
      const hex = key.slice(5, 37);
      const tenantId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      const hash = sha256Hex(key);
      const row = await transactions.withTenant(tenantId, (tx) => findApiKeyByHash(tx, hash));
      if (!row || row.revokedAt) throw new AppError('authentication.UNAUTHENTICATED');
      if (!row.tenantActive || !row.userActive || row.userDeletedAt)
        throw new AppError('authentication.USER_DISABLED');
      if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        await transactions.withTenant(tenantId, (tx) => touchApiKey(tx, row.id));
      }
      return {
        tenantId,
        tenantKind: row.tenantKind as Actor['tenantKind'],
        userId: row.createdBy,
        sessionId: row.id,
        // Services see the whole tenant, as its admin would; what the key may call is its scopes.
        role: row.tenantKind === 'PRINTING_SHOP' ? 'ADMIN_PRINTING_SHOP' : 'ADMIN_GRINDING_SHOP',
        ip,
        apiKey: { id: row.id, scopes: row.scopes as ApiScope[] },
      };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
