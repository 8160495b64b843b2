import { createBoardLink, getBoard, listBoardLinks, revokeBoardLink } from '@kerf/contracts';
import type { FastifyInstance } from 'fastify';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { BoardService } from './board.service';
import type { BoardLinksService } from './board-links.service';

/** A location's board links (the admin) and the board itself (a board link's secret), under /api/printing-shop. */
export function registerBoardRoutes(
  app: FastifyInstance,
  deps: { authenticator: Authenticator; links: BoardLinksService; board: BoardService },
) {
  const { authenticator: auth, links, board } = deps;
  registerRoute(app, auth, listBoardLinks, ({ actor, params }) => links.list(actor, params.id));
  registerRoute(app, auth, createBoardLink, ({ actor, params, body }) =>
    links.create(actor, params.id, body),
  );
  registerRoute(app, auth, revokeBoardLink, ({ actor, params }) => links.revoke(actor, params.id));
  registerRoute(app, auth, getBoard, ({ actor }) => board.read(actor));
}
