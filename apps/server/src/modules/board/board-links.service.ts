import { randomBytes } from 'node:crypto';
import {
  BOARD_SECRET_PATTERN,
  type BoardLink,
  type CreateBoardLinkRequest,
  type CreatedBoardLink,
  MAX_BOARD_LINKS_PER_LOCATION,
} from '@kerf/contracts';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { sha256Hex } from '../../lib/hash';
import {
  countActiveBoardLinks,
  findBoardLinkByHash,
  findBoardLocation,
  insertBoardLink,
  listBoardLinkRows,
  revokeBoardLinkRow,
  touchBoardLink,
} from './board.repository';

/** `last_used_at` is written at most this often per link: a board reads every few seconds. */
const LAST_USED_RESOLUTION_MS = 60_000;

type LinkRow = Awaited<ReturnType<typeof listBoardLinkRows>>[number];

function toBoardLink(row: LinkRow): BoardLink {
  const { link } = row;
  return {
    id: link.id,
    printingShopId: link.locationId,
    name: link.name,
    createdAt: link.createdAt.toISOString(),
    createdBy:
      link.createdBy === null || row.creatorUsername === null
        ? null
        : { id: link.createdBy, displayName: row.creatorName ?? row.creatorUsername },
    lastUsedAt: link.lastUsedAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    state: link.revokedAt ? 'REVOKED' : 'ACTIVE',
  };
}

/** A new secret: `kb_<tenant id, hex>_<256 random bits, base64url>`, and the hash that is stored. */
export function newBoardSecret(tenantId: string) {
  const secret = `kb_${tenantId.replaceAll('-', '')}_${randomBytes(32).toString('base64url')}`;
  return { secret, hash: sha256Hex(secret) };
}

/** The tenant named in a well-formed secret. */
function tenantOfSecret(secret: string): string {
  const hex = secret.slice(3, 35);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The printing-shop admin's board links (issue 36): created per location and shown once, stored as
 * SHA-256, revoked at once — the board's next read is refused and its live sockets close — and the
 * check of a board's secret on each request.
 */
export function createBoardLinksService(deps: {
  transactions: Transactions;
  /**
   * Ends what a revoked link still holds open on every instance (the auth module's session memory
   * tells the live gateways over the bus, issue 31): resolves once every instance has heard.
   */
  endSessions?: (change: { tenantId: string; sessionId: string }) => Promise<void>;
}) {
  const { transactions } = deps;

  async function requireLocation(tx: Tx, id: string) {
    if (!(await findBoardLocation(tx, id)))
      throw new AppError('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
  }

  return {
    async list(actor: Actor, locationId: string): Promise<BoardLink[]> {
      return transactions.withTenant(actor.tenantId, async (tx) => {
        await requireLocation(tx, locationId);
        return (await listBoardLinkRows(tx, locationId)).map(toBoardLink);
      });
    },

    async create(
      actor: Actor,
      locationId: string,
      request: CreateBoardLinkRequest,
    ): Promise<CreatedBoardLink> {
      const { secret, hash } = newBoardSecret(actor.tenantId);
      return transactions.withTenant(actor.tenantId, async (tx) => {
        await requireLocation(tx, locationId);
        if ((await countActiveBoardLinks(tx, locationId)) >= MAX_BOARD_LINKS_PER_LOCATION)
          throw new AppError('service.printing-shops.BOARD_LINK_LIMIT');
        const row = await insertBoardLink(tx, {
          tenantId: actor.tenantId,
          locationId,
          name: request.name,
          secretHash: hash,
          createdBy: actor.userId,
        });
        await audit(tx, actor, 'board.link.create', 'board_link', row.id, { name: request.name, locationId });
        const listed = (await listBoardLinkRows(tx, locationId)).find((r) => r.link.id === row.id);
        return { ...toBoardLink(listed!), secret };
      });
    },

    async revoke(actor: Actor, id: string): Promise<void> {
      await transactions.withTenant(actor.tenantId, async (tx) => {
        const row = await revokeBoardLinkRow(tx, id);
        if (!row) throw new AppError('service.printing-shops.BOARD_LINK_NOT_FOUND');
        await audit(tx, actor, 'board.link.revoke', 'board_link', id, {
          name: row.name,
          locationId: row.locationId,
        });
      });
      // after the commit: every instance's live gateway checks the link again and closes its sockets
      await deps.endSessions?.({ tenantId: actor.tenantId, sessionId: id });
    },

    /**
     * The board a secret opens: its tenant, link and location. The tenant is read from the secret
     * itself, so a secret is only ever looked up under its own tenant's row-level security. Refused
     * alike when unknown, revoked or malformed (401); a disabled tenant's board is 403.
     */
    async authenticate(secret: string, ip: string): Promise<Actor> {
      if (!BOARD_SECRET_PATTERN.test(secret)) throw new AppError('authentication.UNAUTHENTICATED');
      const tenantId = tenantOfSecret(secret);
      const row = await transactions.withTenant(tenantId, (tx) => findBoardLinkByHash(tx, sha256Hex(secret)));
      if (!row || row.revokedAt) throw new AppError('authentication.UNAUTHENTICATED');
      if (!row.tenantActive || row.tenantKind !== 'PRINTING_SHOP')
        throw new AppError('authentication.USER_DISABLED');
      if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
        await transactions.withTenant(tenantId, (tx) => touchBoardLink(tx, row.id));
      }
      return {
        tenantId,
        tenantKind: 'PRINTING_SHOP',
        userId: row.id,
        sessionId: row.id,
        // Never consulted for a board (lib/route.ts and the live gateway decide by `board` first);
        // the least of the printing shop's roles, should anything ever look.
        role: 'PRINTING_SHOP_OPERATOR',
        ip,
        board: { linkId: row.id, locationId: row.locationId },
      };
    },
  };
}

export type BoardLinksService = ReturnType<typeof createBoardLinksService>;
