/**
 * The shop-floor board (issue 36 item 3): a location's wall screen, opened with a revocable board
 * link that reads that board and nothing else. Owns `board_links` (ADR 0012); reads the machine
 * views (machines), the shift calendar (printing-shop) and the ideal cut rate (report) through their
 * modules.
 */

import { BOARD_AUTH_SCHEME, isBoardAuthorization, type MachineStatusView } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Authenticator } from '../../lib/route';
import { isMachineAt } from './board.repository';
import { registerBoardRoutes } from './board.routes';
import { createBoardService } from './board.service';
import { type BoardLinksService, createBoardLinksService } from './board-links.service';

export { seedDemoBoardLinks } from './board.seed';

/** The links service, made before the routes so that the authenticator and the live gateway can use it. */
export function createBoardLinks(deps: {
  transactions: Transactions;
  endSessions?: (change: { tenantId: string; sessionId: string }) => Promise<void>;
}): BoardLinksService {
  return createBoardLinksService(deps);
}

/** The board's secret from `Board <secret>` (any case of the scheme), or null for any other header. */
function boardSecretOf(authorization: unknown): string | null {
  if (typeof authorization !== 'string') return null;
  const match = /^(\S+)\s+(\S+)\s*$/.exec(authorization);
  return match && match[1]!.toLowerCase() === BOARD_AUTH_SCHEME.toLowerCase() ? match[2]! : null;
}

/**
 * Requests with `Authorization: Board …` are shop-floor boards: only the link decides, and the actor
 * it gives is admitted by `registerRoute` on the board's route alone. All others go on.
 */
export function withBoardLinks(next: Authenticator, links: BoardLinksService): Authenticator {
  return {
    authenticate(request) {
      const authorization = request.headers.authorization;
      if (!isBoardAuthorization(authorization)) return next.authenticate(request);
      const secret = boardSecretOf(authorization);
      if (!secret) return Promise.reject(new AppError('authentication.UNAUTHENTICATED'));
      return links.authenticate(secret, request.ip);
    },
  };
}

/** Whether a machine stands at the board's location: what a board may subscribe to on the live socket. */
export function createBoardMachineCheck(transactions: Transactions) {
  return (tenantId: string, locationId: string, machineId: string) =>
    transactions.withTenant(tenantId, (tx) => isMachineAt(tx, locationId, machineId));
}

export function registerBoardModule(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    transactions: Transactions;
    links: BoardLinksService;
    readViews: (tenantId: string, machineIds: string[]) => Promise<MachineStatusView[]>;
  },
) {
  registerBoardRoutes(app, {
    authenticator: deps.authenticator,
    links: deps.links,
    board: createBoardService({ transactions: deps.transactions, readViews: deps.readViews }),
  });
}
