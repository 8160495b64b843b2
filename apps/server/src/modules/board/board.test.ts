import type {
  Board,
  BoardLink,
  CreatedBoardLink,
  CuttingMachine,
  LiveServerMessage,
  PrintingShop,
  ShiftCalendarInput,
  TokenPair,
} from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { openLive } from '../../../test/live-helpers';
import {
  connectMachine,
  cutEvents,
  provisionMachine,
  publishAndAwaitAcks,
  tenantOf,
} from '../../../test/machine-helpers';
import { queryRows } from '../../db/client';
import { LIVE_SESSION_ENDED_CLOSE } from '../../live/live.gateway';

/**
 * The shop-floor board (issue 36 item 3) through the front door: the admin's board links (create,
 * list, revoke; the manager and the operator refused; another tenant's links not found), the board
 * read with a link's secret (tiles, cuts this shift against plan from the shift calendar, outside a
 * shift, without a calendar), and a revocation closing the board's live socket within 5 s.
 */
let t: TestApp;
let baseUrl: string;
let admin: TokenPair;
let manager: TokenPair;
let operator: TokenPair;
let otherAdmin: TokenPair;
let north: PrintingShop;
let south: PrintingShop;

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, tokens: TokenPair | null, payload?: object) =>
  t.request({
    method,
    url: `/api/printing-shop${url}`,
    headers: tokens ? bearer(tokens) : {},
    ...(payload ? { payload } : {}),
  });
const readBoard = (secret: string) =>
  t.request({
    method: 'GET',
    url: '/api/printing-shop/board',
    headers: { authorization: `Board ${secret}` },
  });
const linksUrl = (id: string) => `/printing-shops/${id}/board-links`;

async function createLink(location: PrintingShop, name: string, tokens = admin): Promise<CreatedBoardLink> {
  const response = await call('POST', linksUrl(location.id), tokens, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CreatedBoardLink;
}

const HOUR = 3_600_000;
/** Around the clock in UTC: 00:00–12:00 and 12:00–24:00 every day, each with a 30-minute break. */
const roundTheClock: ShiftCalendarInput = {
  timeZone: 'UTC',
  shifts: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
    { weekday, name: 'Morning', start: '00:00', end: '12:00', breaks: [{ start: '06:00', minutes: 30 }] },
    { weekday, name: 'Evening', start: '12:00', end: '00:00', breaks: [{ start: '18:00', minutes: 30 }] },
  ]),
  holidays: [],
};

beforeAll(async () => {
  t = await startTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.login('demo', 'admin');
  manager = await t.login('demo', 'manager');
  operator = await t.login('demo', 'operator');
  await t.addTenant('board-other', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  otherAdmin = await t.login('board-other', 'admin-printing-shop');
  const locations = (await call('GET', '/printing-shops?page_size=100', admin)).json()
    .items as PrintingShop[];
  north = locations.find((location) => location.name === 'Werk Nord')!;
  south = locations.find((location) => location.name === 'Werk Süd')!;
}, 60_000);
afterAll(() => t.close());

describe('board links', () => {
  it('the demo seeds one link at the first location, listed without any secret', async () => {
    const response = await call('GET', linksUrl(north.id), admin);
    expect(response.statusCode).toBe(200);
    const links = response.json() as BoardLink[];
    expect(links).toEqual([
      expect.objectContaining({
        name: 'Halle 1 – Wandbildschirm',
        state: 'ACTIVE',
        createdBy: null,
        printingShopId: north.id,
      }),
    ]);
    expect(response.body).not.toMatch(/kb_|secret|hash/i);
  });

  it('the admin creates a link, shown once, stored only as its hash, and lists it newest first', async () => {
    const created = await createLink(north, 'Hall 2 wall');
    expect(created).toMatchObject({
      name: 'Hall 2 wall',
      state: 'ACTIVE',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.secret).toMatch(/^kb_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.slice(3, 35)).toBe(tenantOf(admin).replaceAll('-', ''));
    expect(created.createdBy?.displayName).toBeTruthy();
    const [stored] = await queryRows<{ secret_hash: string }>(
      t.database.db,
      sql`SELECT secret_hash FROM board_links WHERE id = ${created.id}`,
    );
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.secret_hash).not.toContain(created.secret);
    const links = (await call('GET', linksUrl(north.id), admin)).json() as BoardLink[];
    expect(links[0]).toMatchObject({ id: created.id, name: 'Hall 2 wall' });
    expect(JSON.stringify(links)).not.toContain(created.secret);
    // its first use is recorded
    expect((await readBoard(created.secret)).statusCode).toBe(200);
    const used = (await call('GET', linksUrl(north.id), admin)).json() as BoardLink[];
    expect(used.find((link) => link.id === created.id)!.lastUsedAt).not.toBeNull();
  });

  it('refuses the manager and the operator (403) and anyone without a token (401)', async () => {
    const link = await createLink(north, 'Refusals');
    for (const tokens of [manager, operator]) {
      expect((await call('GET', linksUrl(north.id), tokens)).statusCode).toBe(403);
      expect((await call('POST', linksUrl(north.id), tokens, { name: 'x' })).statusCode).toBe(403);
      expect((await call('DELETE', `/board-links/${link.id}`, tokens)).statusCode).toBe(403);
    }
    expect((await call('GET', linksUrl(north.id), null)).statusCode).toBe(401);
    // a user's token never reads a board
    for (const tokens of [admin, manager, operator])
      expect((await call('GET', '/board', tokens)).json()).toMatchObject({
        code: 'authentication.FORBIDDEN',
      });
  });

  it('answers field-level catalogue codes for a bad name, and 404 for an unknown location', async () => {
    const empty = await call('POST', linksUrl(north.id), admin, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation.INVALID_INPUT',
      details: { fields: [expect.objectContaining({ field: 'name', code: 'REQUIRED' })] },
    });
    const long = await call('POST', linksUrl(north.id), admin, { name: 'x'.repeat(81) });
    expect(long.json()).toMatchObject({
      details: { fields: [expect.objectContaining({ field: 'name', code: 'TOO_LONG' })] },
    });
    const extra = await call('POST', linksUrl(north.id), admin, { name: 'ok', tenantId: north.id });
    expect(extra.statusCode).toBe(400);
    const missing = await call('POST', linksUrl('00000000-0000-4000-8000-000000000000'), admin, {
      name: 'ok',
    });
    expect(missing.json()).toMatchObject({ code: 'service.printing-shops.PRINTING_SHOP_NOT_FOUND' });
    expect((await call('GET', linksUrl('not-a-uuid'), admin)).statusCode).toBe(400);
  });

  it('keeps tenants apart: another tenant’s admin finds neither this location nor its links', async () => {
    const link = await createLink(north, 'Private');
    expect((await call('GET', linksUrl(north.id), otherAdmin)).json()).toMatchObject({
      code: 'service.printing-shops.PRINTING_SHOP_NOT_FOUND',
    });
    expect((await call('POST', linksUrl(north.id), otherAdmin, { name: 'x' })).statusCode).toBe(404);
    const revoke = await call('DELETE', `/board-links/${link.id}`, otherAdmin);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json()).toMatchObject({ code: 'service.printing-shops.BOARD_LINK_NOT_FOUND' });
    // and the link still works
    expect((await readBoard(link.secret)).statusCode).toBe(200);
  });

  it('revoking takes effect on the next read, keeps the link listed as revoked, and is idempotent', async () => {
    const link = await createLink(north, 'To revoke');
    expect((await readBoard(link.secret)).statusCode).toBe(200);
    expect((await call('DELETE', `/board-links/${link.id}`, admin)).statusCode).toBe(204);
    const refused = await readBoard(link.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'authentication.UNAUTHENTICATED' });
    const listed = (await call('GET', linksUrl(north.id), admin)).json() as BoardLink[];
    expect(listed.find((item) => item.id === link.id)).toMatchObject({ state: 'REVOKED' });
    expect((await call('DELETE', `/board-links/${link.id}`, admin)).statusCode).toBe(204);
    expect(
      (await call('DELETE', '/board-links/00000000-0000-4000-8000-000000000000', admin)).statusCode,
    ).toBe(404);
  });
});

describe('the board', () => {
  it('shows one tile per machine of its location, by name, with the machine view', async () => {
    const link = await createLink(north, 'Tiles');
    const response = await readBoard(link.secret);
    expect(response.statusCode).toBe(200);
    const board = response.json() as Board;
    const machines = (
      await call('GET', `/printing-shops/${north.id}/cutting-machines`, admin)
    ).json() as CuttingMachine[];
    expect(board.location).toEqual({ id: north.id, name: 'Werk Nord' });
    expect(board.tiles.map((tile) => tile.view.machineId).sort()).toEqual(machines.map((m) => m.id).sort());
    expect(board.tiles.map((tile) => tile.view.name)).toEqual(
      [...board.tiles.map((tile) => tile.view.name)].sort((a, b) =>
        a.localeCompare(b, 'en', { numeric: true }),
      ),
    );
    for (const tile of board.tiles) {
      expect(tile.view).toEqual(
        expect.objectContaining({ onlineStatus: expect.any(String), revision: expect.any(Number) }),
      );
      expect(['CONFIGURED', 'BEST_HOUR_30_DAYS', 'NONE']).toContain(tile.idealCutsPerHourSource);
    }
    expect(board.timeZone).toBe('Europe/Berlin');
    expect(board.hasCalendar).toBe(true);
  });

  it('counts the cuts of the current shift and plans planned seconds elapsed × ideal rate ÷ 3600', async () => {
    expect(
      (await call('PUT', `/printing-shops/${south.id}/shift-calendar`, admin, roundTheClock)).statusCode,
    ).toBe(200);
    const machines = (
      await call('GET', `/printing-shops/${south.id}/cutting-machines`, admin)
    ).json() as CuttingMachine[];
    const cutter = machines[0]!;
    const machine = await provisionMachine(t, tenantOf(admin), cutter.id);
    const client = await connectMachine(t, machine);
    await publishAndAwaitAcks(client, machine, cutEvents(7, { start: Date.now() - 60_000 }));
    client.end(true);
    // an hour two days ago with 900 cuts: the best hour of the last 30 days (no cut in it lies in this shift)
    await t.database.db.execute(sql`
      INSERT INTO cut_rollups_hourly (tenant_id, hour, machine_id, cuts)
      VALUES (${tenantOf(admin)}, date_trunc('hour', now() - interval '2 days'), ${cutter.id}, 900)`);
    const link = await createLink(south, 'Plan');
    const board = (await readBoard(link.secret)).json() as Board;
    expect(board.timeZone).toBe('UTC');
    const now = Date.parse(board.now);
    const afternoon = new Date(now).getUTCHours() >= 12;
    const midnight = Date.UTC(
      new Date(now).getUTCFullYear(),
      new Date(now).getUTCMonth(),
      new Date(now).getUTCDate(),
    );
    const start = midnight + (afternoon ? 12 : 0) * HOUR;
    const breakStart = start + 6 * HOUR;
    const inBreak = Math.min(Math.max(now - breakStart, 0), HOUR / 2);
    const elapsed = Math.floor((now - start - inBreak) / 1000);
    expect(board.shift).toEqual({
      name: afternoon ? 'Evening' : 'Morning',
      start: new Date(start).toISOString(),
      end: new Date(start + 12 * HOUR).toISOString(),
      plannedSecondsElapsed: elapsed,
      plannedSeconds: 11.5 * 3600,
    });
    const tile = board.tiles.find((item) => item.view.machineId === cutter.id)!;
    // the 7 cuts just made (unless the shift changed between them and the read)
    if (Date.parse(board.shift!.start) < now - 2 * 60_000) expect(tile.shiftCuts).toBe(7);
    expect(tile.idealCutsPerHour).toBe(900);
    expect(tile.idealCutsPerHourSource).toBe('BEST_HOUR_30_DAYS');
    expect(tile.plannedCuts).toBe(Math.floor((elapsed * 900) / 3600));
    // every machine: the same formula; one without an ideal rate has no plan, never a plan of 0
    for (const item of board.tiles) {
      const rate = item.idealCutsPerHour;
      expect(item.plannedCuts).toBe(rate === null ? null : Math.floor((elapsed * rate) / 3600));
      if (item.view.machineId !== cutter.id) expect(item.shiftCuts).toBe(0);
    }
  });

  it('outside any shift says so and names the next one', async () => {
    const now = new Date();
    // one shift, three days from now: none runs now
    const inThreeDays = new Date(now.getTime() + 3 * 24 * HOUR);
    const weekday = ((inThreeDays.getUTCDay() + 6) % 7) + 1;
    const calendar: ShiftCalendarInput = {
      timeZone: 'UTC',
      shifts: [{ weekday, name: 'Only', start: '10:00', end: '11:00', breaks: [] }],
      holidays: [],
    };
    expect(
      (await call('PUT', `/printing-shops/${south.id}/shift-calendar`, admin, calendar)).statusCode,
    ).toBe(200);
    const link = await createLink(south, 'No shift');
    const board = (await readBoard(link.secret)).json() as Board;
    expect(board.hasCalendar).toBe(true);
    expect(board.shift).toBeNull();
    const expected = Date.UTC(
      inThreeDays.getUTCFullYear(),
      inThreeDays.getUTCMonth(),
      inThreeDays.getUTCDate(),
      10,
    );
    expect(board.nextShift).toEqual({ name: 'Only', start: new Date(expected).toISOString() });
    for (const tile of board.tiles) expect(tile).toMatchObject({ shiftCuts: null, plannedCuts: null });
  });

  it('without a calendar says planned time is not set, in the zone of the location’s country', async () => {
    const created = await call('POST', '/printing-shops', admin, {
      name: 'Werk ohne Kalender',
      country: 'AT',
    });
    expect(created.statusCode).toBe(201);
    const location = created.json() as PrintingShop;
    const link = await createLink(location, 'No calendar');
    const board = (await readBoard(link.secret)).json() as Board;
    expect(board).toMatchObject({
      location: { id: location.id, name: 'Werk ohne Kalender' },
      timeZone: 'Europe/Vienna',
      hasCalendar: false,
      shift: null,
      nextShift: null,
      tiles: [],
    });
  });

  it('closes the board’s live socket within 5 s of a revocation, after it followed a status change', async () => {
    const link = await createLink(north, 'Live');
    const board = (await readBoard(link.secret)).json() as Board;
    const target = board.tiles.find((tile) => tile.view.serialNumber === 'PM-137-0003') ?? board.tiles[0]!;
    const live = await openLive(baseUrl);
    const closed = new Promise<{ code: number; at: number }>((resolve) =>
      live.socket.once('close', (code) => resolve({ code, at: Date.now() })),
    );
    live.send({
      token: link.secret,
      type: 'MACHINE_STATUS',
      resource: target.view.machineId,
      replayLastEvent: true,
    });
    await live.next((frame) => frame.kind === 'SUBSCRIBED');
    // another location's machine, another type than a machine view: refused
    const southMachines = (
      await call('GET', `/printing-shops/${south.id}/cutting-machines`, admin)
    ).json() as CuttingMachine[];
    live.send({
      token: link.secret,
      type: 'MACHINE_STATUS',
      resource: southMachines[0]!.id,
      replayLastEvent: false,
    });
    await live.next((frame) => frame.kind === 'ERROR' && frame.status === 404);
    live.send({ token: link.secret, type: 'MACHINE_SETUP_CHECK', resource: target.view.machineId });
    await live.next((frame) => frame.kind === 'ERROR' && frame.status === 403);
    // the operator works the machine: the board hears it
    expect(
      (await call('PUT', '/users/self/current-machine', operator, { machineId: target.view.machineId }))
        .statusCode,
    ).toBe(200);
    const put = await call('PUT', `/cutting-machines/${target.view.machineId}/status`, operator, {
      value: 'SUPPORT_CUTTING_MACHINE_CLEANING',
    });
    expect(put.statusCode, put.body).toBe(200);
    await live.next(
      (frame: LiveServerMessage) =>
        frame.kind === 'EVENT' &&
        !frame.replay &&
        (frame.data as { status?: string }).status === 'SUPPORT_CUTTING_MACHINE_CLEANING',
    );
    const revokedAt = Date.now();
    expect((await call('DELETE', `/board-links/${link.id}`, admin)).statusCode).toBe(204);
    const { code, at } = await closed;
    expect(code).toBe(LIVE_SESSION_ENDED_CLOSE);
    expect(at - revokedAt).toBeLessThan(5000);
    expect(live.frames).toContainEqual(
      expect.objectContaining({ kind: 'ERROR', status: 401, code: 'authentication.UNAUTHENTICATED' }),
    );
    // a new socket with the revoked secret gets nothing
    const again = await openLive(baseUrl);
    again.send({ token: link.secret, type: 'MACHINE_STATUS', resource: target.view.machineId });
    await again.next((frame) => frame.kind === 'ERROR' && frame.status === 401);
    again.close();
  });
});
