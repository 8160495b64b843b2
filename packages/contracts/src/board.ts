import { z } from 'zod';
import { IdParamsSchema } from './common';
import { MachineStatusViewSchema } from './machine-status';
import { IdealCutRateSourceSchema } from './oee';
import { defineRoute } from './route';
import { text } from './text';

// ---------------------------------------------------------------------------------------------
// The shop-floor board (issue 36 item 3): a read-only, full-screen page of one location for a wall
// screen, opened with a long-lived, revocable board link that can see nothing else. The printing-shop
// admin creates and revokes links per location; the board reads one endpoint with the link's secret
// and follows the location's machines on the live socket with the same secret.

/**
 * A board link's secret: `kb_<tenant id without dashes>_<256 random bits, base64url>`. The tenant part
 * lets the link be looked up under its own tenant's row-level security (as API keys are, ADR 0020).
 */
export const BOARD_SECRET_PATTERN = /^kb_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/;
/** The board sends its secret as `Authorization: Board <secret>` (OpenAPI security scheme `board`). */
export const BOARD_AUTH_SCHEME = 'Board';
const BOARD_LINK_NAME_MAX = 80;
/** Links one location may have at once (revoked ones not counted). */
export const MAX_BOARD_LINKS_PER_LOCATION = 20;

/** Whether an `Authorization` header carries a board secret (of any shape: the board decides). */
export function isBoardAuthorization(authorization: unknown): authorization is string {
  return typeof authorization === 'string' && /^board\s/i.test(authorization);
}

const BOARD_LINK_STATES = ['ACTIVE', 'REVOKED'] as const;
const BoardLinkStateSchema = z.enum(BOARD_LINK_STATES).meta({ id: 'BoardLinkState' });

const BoardLinkSchema = z
  .object({
    id: z.uuid(),
    /** the location the board shows */
    printingShopId: z.uuid(),
    name: z.string(),
    createdAt: z.iso.datetime(),
    createdBy: z.object({ id: z.uuid(), displayName: z.string() }).nullable(),
    /** when a board last read with it (written at most once a minute) */
    lastUsedAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    state: BoardLinkStateSchema,
  })
  .meta({ id: 'BoardLink' });
export type BoardLink = z.infer<typeof BoardLinkSchema>;

export const CreateBoardLinkRequestSchema = z
  .strictObject({
    /** where the screen hangs, e.g. "Hall 2 wall" */
    name: text({ min: 1, max: BOARD_LINK_NAME_MAX }),
  })
  .meta({ id: 'CreateBoardLinkRequest' });
export type CreateBoardLinkRequest = z.input<typeof CreateBoardLinkRequestSchema>;

/** The created link with its secret, shown this one time (only its SHA-256 is stored). */
const CreatedBoardLinkSchema = BoardLinkSchema.extend({ secret: z.string() }).meta({
  id: 'CreatedBoardLink',
});
export type CreatedBoardLink = z.infer<typeof CreatedBoardLinkSchema>;

/** One machine of the board: its live view and what it cut this shift against the plan. */
const BoardTileSchema = z
  .object({
    /** the machine's view as every screen shows it (status, operator, order, knife, online state) */
    view: MachineStatusViewSchema,
    /** cuts since the current shift began; null outside a shift or without a calendar */
    shiftCuts: z.number().int().nullable(),
    /**
     * cuts planned for the shift so far: planned seconds elapsed × ideal cuts per hour ÷ 3600, rounded
     * down; null outside a shift, without a calendar or without an ideal rate
     */
    plannedCuts: z.number().int().nullable(),
    idealCutsPerHour: z.number().nullable(),
    /** where the ideal rate comes from (the report module's OEE: configured, best hour of 30 days, none) */
    idealCutsPerHourSource: IdealCutRateSourceSchema,
  })
  .meta({ id: 'BoardTile' });
export type BoardTile = z.infer<typeof BoardTileSchema>;

export const BoardSchema = z
  .object({
    location: z.object({ id: z.uuid(), name: z.string() }),
    /** the location's IANA zone: the clock and the shift times are shown in it */
    timeZone: z.string(),
    /** the server's time of this answer */
    now: z.iso.datetime(),
    /** false: the location has no shift calendar, so no planned time */
    hasCalendar: z.boolean(),
    /** the shift running now, null outside any shift */
    shift: z
      .object({
        name: z.string(),
        start: z.iso.datetime(),
        end: z.iso.datetime(),
        /** planned seconds of the shift up to now (breaks left out) */
        plannedSecondsElapsed: z.number().int(),
        /** planned seconds of the whole shift */
        plannedSeconds: z.number().int(),
      })
      .nullable(),
    /** the next shift to begin within a week, null when none */
    nextShift: z.object({ name: z.string(), start: z.iso.datetime() }).nullable(),
    /** the location's machines, by name */
    tiles: z.array(BoardTileSchema),
  })
  .meta({ id: 'Board' });
export type Board = z.infer<typeof BoardSchema>;

// ---------------------------------------------------------------------------------------------
// Routes (additions under /api/printing-shop)

const WHY_BOARD_LINKS =
  'Issue 36: a wall screen per location shows its machines live; the admin hands it a revocable link that can read that board only. product.md §7 has no board.';
const WHY_BOARD =
  'Issue 36: the shop-floor board of one location, read with a board link’s secret (Authorization: Board <secret>) and nothing else. product.md §7 has no board.';

export const listBoardLinks = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/printing-shops/:id/board-links',
  summary: 'The board links of a location, newest first (never their secrets)',
  specAddition: WHY_BOARD_LINKS,
  access: 'locations:manage',
  params: IdParamsSchema,
  responses: { 200: z.array(BoardLinkSchema) },
  errors: ['service.printing-shops.PRINTING_SHOP_NOT_FOUND'],
});

export const createBoardLink = defineRoute({
  module: 'printing-shop',
  method: 'POST',
  path: '/printing-shops/:id/board-links',
  summary: 'Create a board link for a location; the answer holds its secret, shown this once',
  specAddition: WHY_BOARD_LINKS,
  access: 'locations:manage',
  params: IdParamsSchema,
  body: CreateBoardLinkRequestSchema,
  responses: { 201: CreatedBoardLinkSchema },
  errors: ['service.printing-shops.PRINTING_SHOP_NOT_FOUND', 'service.printing-shops.BOARD_LINK_LIMIT'],
});

export const revokeBoardLink = defineRoute({
  module: 'printing-shop',
  method: 'DELETE',
  path: '/board-links/:id',
  summary: 'Revoke a board link: its board stops at once and its open live sockets close',
  specAddition: WHY_BOARD_LINKS,
  access: 'locations:manage',
  params: IdParamsSchema,
  responses: { 204: null },
  errors: ['service.printing-shops.BOARD_LINK_NOT_FOUND'],
});

export const getBoard = defineRoute({
  module: 'printing-shop',
  method: 'GET',
  path: '/board',
  summary: 'The shop-floor board of the link’s location: its machines live, cuts this shift against plan',
  specAddition: WHY_BOARD,
  // held by no role: only a board link's secret passes this gate (lib/route.ts)
  access: 'board:view',
  responses: { 200: BoardSchema },
  errors: [],
});
