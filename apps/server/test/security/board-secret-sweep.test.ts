import type { Board, CreatedBoardLink, CuttingMachine, PrintingShop, TokenPair } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../harness';
import { openLive } from '../live-helpers';
import { type Operation, openApiOperations } from './openapi-operations';

/**
 * A board link's secret (issue 36 item 3) reads its own location's board and nothing else. Every
 * operation of the app's route table (the OpenAPI document the running app builds from its
 * registered routes, so a new endpoint is covered the day it is added) is called with the secret:
 * 401 or 403 everywhere but the board, public operations included. The board shows its own
 * location only; another location's and another tenant's links read their own boards, a forged
 * secret nothing, and the live socket gives the secret its location's machines only.
 */
let t: TestApp;
let baseUrl: string;
let admin: TokenPair;
let otherAdmin: TokenPair;
let operations: Operation[];
let north: PrintingShop;
let south: PrintingShop;
let northLink: CreatedBoardLink;
let southLink: CreatedBoardLink;
let foreignLink: CreatedBoardLink;
let foreignLocation: PrintingShop;

const BOARD_OPERATION = 'GET /api/printing-shop/board';
const NOBODY = '00000000-0000-4000-8000-000000000000';
const board = (authorization: string) =>
  t.request({ method: 'GET', url: '/api/printing-shop/board', headers: { authorization } });

async function link(tokens: TokenPair, locationId: string, name: string): Promise<CreatedBoardLink> {
  const response = await t.request({
    method: 'POST',
    url: `/api/printing-shop/printing-shops/${locationId}/board-links`,
    headers: bearer(tokens),
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as CreatedBoardLink;
}

beforeAll(async () => {
  t = await startTestApp({ LOGIN_IP_LIMIT: '100000' });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.login('demo', 'admin');
  await t.addTenant('board-sweep-other', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  otherAdmin = await t.login('board-sweep-other', 'admin-printing-shop');
  const locations = (
    await t.request({
      method: 'GET',
      url: '/api/printing-shop/printing-shops?page_size=100',
      headers: bearer(admin),
    })
  ).json().items as PrintingShop[];
  north = locations.find((location) => location.name === 'Werk Nord')!;
  south = locations.find((location) => location.name === 'Werk Süd')!;
  northLink = await link(admin, north.id, 'Sweep north');
  southLink = await link(admin, south.id, 'Sweep south');
  foreignLocation = (
    await t.request({
      method: 'POST',
      url: '/api/printing-shop/printing-shops',
      headers: bearer(otherAdmin),
      payload: { name: 'Fremdwerk', country: 'DE' },
    })
  ).json() as PrintingShop;
  foreignLink = await link(otherAdmin, foreignLocation.id, 'Foreign wall');
  operations = (await openApiOperations(t.app)).operations;
}, 60_000);
afterAll(() => t.close());

describe('a board link’s secret over every route', () => {
  it('answers 401 or 403 on every operation but the board, which answers 200', async () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toContain(BOARD_OPERATION);
    const wrong: string[] = [];
    const statuses = new Map<number, number>();
    for (const operation of operations) {
      const response = await t.request({
        method: operation.method as 'GET',
        url: operation.path.replace(/\{[^}]+\}/g, NOBODY),
        headers: { authorization: `Board ${northLink.secret}` },
        // a body where one is expected, so that nothing but the credential decides
        ...(operation.body ? { payload: {} } : {}),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const name = `${operation.method} ${operation.path} (${operation.access}) → ${response.statusCode}`;
      if (name.startsWith(`${BOARD_OPERATION} `)) {
        if (response.statusCode !== 200) wrong.push(name);
      } else if (response.statusCode !== 401 && response.statusCode !== 403) wrong.push(name);
    }
    console.info(
      `board secret sweep: ${operations.length} operations, answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(wrong).toEqual([]);
  }, 120_000);

  it('is refused by the API routes the document hides (metrics); the documents and the web app carry no data', async () => {
    const metrics = await t.request({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Board ${northLink.secret}` },
    });
    expect(metrics.statusCode).toBe(403);
  });

  it('is refused in every other credential slot, and as a bearer token', async () => {
    expect((await board(`Bearer ${northLink.secret}`)).statusCode).toBe(401);
    const asKey = await t.request({
      method: 'GET',
      url: `/api/printing-shop/cutting-machines/online-status?machineIds=${NOBODY}`,
      headers: { 'x-api-key': northLink.secret },
    });
    expect(asKey.statusCode).toBe(401);
    expect((await board('Board')).statusCode).toBe(401);
    expect((await board('Board not-a-secret')).statusCode).toBe(401);
  });
});

describe('what a board sees', () => {
  it('its own location only: each link reads its own board, whatever else exists', async () => {
    const own = (await board(`Board ${northLink.secret}`)).json() as Board;
    const northMachines = (
      await t.request({
        method: 'GET',
        url: `/api/printing-shop/printing-shops/${north.id}/cutting-machines`,
        headers: bearer(admin),
      })
    ).json() as CuttingMachine[];
    expect(own.location.id).toBe(north.id);
    expect(own.tiles.map((tile) => tile.view.machineId).sort()).toEqual(
      northMachines.map((m) => m.id).sort(),
    );
    const other = (await board(`Board ${southLink.secret}`)).json() as Board;
    expect(other.location.id).toBe(south.id);
    for (const tile of other.tiles)
      expect(own.tiles.map((item) => item.view.machineId)).not.toContain(tile.view.machineId);
    const foreign = await board(`Board ${foreignLink.secret}`);
    expect(foreign.statusCode).toBe(200);
    expect((foreign.json() as Board).location).toEqual({ id: foreignLocation.id, name: 'Fremdwerk' });
    expect(foreign.body).not.toContain('Werk Nord');
  });

  it('a secret with another tenant’s id in it finds nothing (it is looked up under that tenant only)', async () => {
    const foreignTenantPart = foreignLink.secret.slice(0, 35);
    const forged = `${foreignTenantPart}${northLink.secret.slice(35)}`;
    expect((await board(`Board ${forged}`)).statusCode).toBe(401);
    const swapped = `${northLink.secret.slice(0, 35)}${foreignLink.secret.slice(35)}`;
    expect((await board(`Board ${swapped}`)).statusCode).toBe(401);
  });

  it('on the live socket: its location’s machines only, never another location’s or tenant’s', async () => {
    const own = (await board(`Board ${northLink.secret}`)).json() as Board;
    const southBoard = (await board(`Board ${southLink.secret}`)).json() as Board;
    const live = await openLive(baseUrl);
    live.send({ token: northLink.secret, type: 'MACHINE_CUT', resource: own.tiles[0]!.view.machineId });
    await live.next((frame) => frame.kind === 'SUBSCRIBED');
    for (const tile of southBoard.tiles) {
      const from = live.frames.length;
      live.send({ token: northLink.secret, type: 'MACHINE_CUT', resource: tile.view.machineId });
      expect(await live.next((frame) => frame.kind !== 'EVENT', from)).toMatchObject({
        kind: 'ERROR',
        status: 404,
      });
    }
    const from = live.frames.length;
    live.send({ token: northLink.secret, type: 'NOTIFICATION', resource: northLink.id });
    expect(await live.next((frame) => frame.kind !== 'EVENT', from)).toMatchObject({
      kind: 'ERROR',
      status: 403,
    });
    live.close();
  });
});
