import { randomUUID } from 'node:crypto';
import {
  DEFAULT_KNIFE_SWAP_INTERVAL,
  type KnifeDetails,
  type KnifeSummary,
  knifeSwapUrgency,
  type TokenPair,
} from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { queryRows } from '../../db/client';
import { parseCsv } from '../../lib/csv-parse';
import { findTenantBySlug } from '../auth/index';
import { creditKnifeRegrind, grindingCyclesClosedIn, insertGrindingCycle, insertKnife } from './index';

let t: TestApp;
let manager: TokenPair;
let admin: TokenPair;
let operator: TokenPair;
let tenantId: string;

const rfid = (n: number) => `E2801160${String(n).padStart(8, '0')}`;
const SCRAPPED = rfid(19);
const SHIPPED = rfid(17);
const SPARE_OK = rfid(16);

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.login('demo', 'manager');
  admin = await t.login('demo', 'admin');
  operator = await t.login('demo', 'operator');
  const tenant = await t.app.kerf.transactions.withPlatform(
    { actor: { tenantId: '00000000-0000-0000-0000-000000000000', userId: null }, action: 'test.lookup' },
    (tx) => findTenantBySlug(tx, 'demo'),
  );
  tenantId = tenant!.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, tokens: TokenPair = manager) =>
  t.request({
    method,
    url: `/api/knife${url}`,
    headers: bearer(tokens),
    ...(payload ? { payload } : {}),
  });
const setOption = (scope: string, id: string, value: number | null) =>
  t.request({
    method: value === null ? 'DELETE' : 'PUT',
    url: `/api/printing-shop/config-options/scope/${scope}/type/KNIFE_SWAP_INTERVAL/object/${id}`,
    headers: bearer(manager),
    ...(value === null ? {} : { payload: { value } }),
  });

const knifeBody = (overrides: Record<string, unknown> = {}) => ({
  articleNumber: 'PM-K-1150',
  knifeClassName: 'HSS standard',
  height: 140,
  backThickness: 13.5,
  angleVf: 26,
  angleHf: 24,
  angleTm: 19,
  carrierMaterial: 'tool steel',
  material: 'HSS',
  ...overrides,
});
const details = async (id: string) => (await call('GET', `/knives/${id}`)).json() as KnifeDetails;
let created = 0;
const newRfid = () =>
  `ABCD${String(++created).padStart(8, '0')}${Date.now().toString(16).toUpperCase().slice(-4)}`;

describe('knife list', () => {
  it('answers ten knives a page by default, most urgent first, with the total', async () => {
    const response = await call('GET', '/knives');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ page: 0, pageSize: 10, total: 20 });
    expect(page.items).toHaveLength(10);
    expect(page.items[0].swapUrgency).toBe('SWAP_REQUIRED');
    const ranks = ['UNKNOWN', 'OK', 'SWAP_PREFERRED', 'SWAP_SOON', 'SWAP_REQUIRED'];
    const order = page.items.map((knife: KnifeSummary) => ranks.indexOf(knife.swapUrgency));
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it('computes the urgency in SQL exactly as knifeSwapUrgency does', async () => {
    const { items } = (await call('GET', '/knives?page_size=100')).json() as { items: KnifeSummary[] };
    for (const knife of items) {
      const expected =
        knife.state === 'ACTIVE'
          ? knifeSwapUrgency(knife.cutsSinceLastGrinding, knife.effectiveSwapInterval)
          : 'UNKNOWN';
      expect(knife.swapUrgency, knife.rfid).toBe(expected);
    }
  });

  it('shows every state and every urgency in the demo, each knife with grinding history', async () => {
    const { items } = (await call('GET', '/knives?page_size=100')).json() as { items: KnifeSummary[] };
    expect(new Set(items.map((knife) => knife.state))).toEqual(
      new Set(['ACTIVE', 'AT_GRINDER', 'SHIPPED_BACK', 'SCRAPPED']),
    );
    expect(new Set(items.map((knife) => knife.swapUrgency))).toEqual(
      new Set(['OK', 'SWAP_PREFERRED', 'SWAP_SOON', 'SWAP_REQUIRED', 'UNKNOWN']),
    );
    for (const knife of items) {
      const cycles = (await call('GET', `/knives/${knife.rfid}/grinding-cycles`)).json();
      expect(cycles.length, knife.rfid).toBeGreaterThanOrEqual(4);
    }
  });

  it('searches RFID, article number and knife class, case-insensitively', async () => {
    const byRfid = (await call('GET', `/knives?search=${rfid(7).slice(-4)}`)).json();
    expect(byRfid.items.map((k: KnifeSummary) => k.rfid)).toEqual([rfid(7)]);
    const byArticle = (await call('GET', '/knives?search=hm-920&page_size=100')).json();
    expect(byArticle.items.map((k: KnifeSummary) => k.rfid)).toEqual([SPARE_OK]);
    const byClass = (await call('GET', '/knives?search=long-life&page_size=100')).json();
    expect(byClass.total).toBe(6);
    const none = (await call('GET', '/knives?search=%25_%5C')).json();
    expect(none.total).toBe(0);
  });

  it('filters by location, state and urgency, and pages', async () => {
    const locations = (
      await t.request({
        method: 'GET',
        url: '/api/printing-shop/printing-shops',
        headers: bearer(manager),
      })
    ).json().items as { id: string; name: string }[];
    const south = locations.find((location) => location.name === 'Werk Süd')!;
    const atSouth = (await call('GET', `/knives?locationIds=${south.id}&page_size=100`)).json();
    expect(atSouth.total).toBeGreaterThan(0);
    for (const knife of atSouth.items) expect(knife.latestScan.locationName).toBe('Werk Süd');
    const atGrinder = (await call('GET', '/knives?states=AT_GRINDER')).json();
    expect(atGrinder.total).toBe(2);
    const away = (await call('GET', '/knives?states=AT_GRINDER,SHIPPED_BACK')).json();
    expect(away.items.map((k: KnifeSummary) => k.rfid).sort()).toEqual([17, 18, 20].map(rfid));
    // The codes of today's states only: the old SHIPPED is a validation error, not a 500.
    const old = await call('GET', '/knives?states=SHIPPED');
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('validation.INVALID_INPUT');
    const urgent = (await call('GET', '/knives?urgencies=SWAP_REQUIRED,SWAP_SOON&states=ACTIVE')).json();
    for (const knife of urgent.items) expect(['SWAP_REQUIRED', 'SWAP_SOON']).toContain(knife.swapUrgency);
    const second = (
      await call('GET', '/knives?page=1&page_size=15&sort=RFID&sort_direction=ASCENDING')
    ).json();
    expect(second.items.map((k: KnifeSummary) => k.rfid)).toEqual([16, 17, 18, 19, 20].map(rfid));
    expect(second.total).toBe(20);
    const bad = await call('GET', '/knives?states=LOST');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation.INVALID_INPUT');
  });

  it('sorts by each column both ways', async () => {
    for (const sort of [
      'ARTICLE_NUMBER',
      'KNIFE_CLASS',
      'HEIGHT',
      'CUTS_SINCE_LAST_GRINDING',
      'TOTAL_CUTS',
      'LATEST_SCAN',
    ]) {
      for (const direction of ['ASCENDING', 'DESCENDING']) {
        const response = await call('GET', `/knives?sort=${sort}&sort_direction=${direction}&page_size=100`);
        expect(response.statusCode, `${sort} ${direction}`).toBe(200);
      }
    }
    const byHeight = (await call('GET', '/knives?sort=HEIGHT&sort_direction=ASCENDING&page_size=100')).json();
    const heights = byHeight.items.map((k: KnifeSummary) => k.height);
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
  });

  it('is for the manager: the operator is refused, the admin may read but not edit', async () => {
    expect((await call('GET', '/knives', undefined, operator)).statusCode).toBe(403);
    expect((await call('GET', '/knives', undefined, admin)).statusCode).toBe(403);
    expect((await call('GET', '/knives')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/knife/knives' })).statusCode).toBe(401);
  });
});

describe('knife details', () => {
  it('answers every field of the spec, with the average cuts per cycle of its grinding cycles', async () => {
    const knife = await details(rfid(3));
    expect(knife).toMatchObject({
      rfid: rfid(3),
      articleNumber: 'PM-K-1370',
      knifeClassName: 'HSS standard',
      angleVf: 26,
      angleHf: 24,
      carrierMaterial: 'tool steel',
      material: 'HSS',
      state: 'ACTIVE',
      originalHeight: 150 - 3 * 2.5,
      originalBackThickness: 14,
    });
    const cycles = (await call('GET', `/knives/${rfid(3)}/grinding-cycles`)).json() as {
      cutsInCycle: number;
    }[];
    expect(knife.rotation).toBe(cycles.length);
    expect(knife.averageCutsPerCycle).toBe(
      Math.round(cycles.reduce((sum, cycle) => sum + cycle.cutsInCycle, 0) / cycles.length),
    );
    expect(knife.height).toBeLessThan(knife.originalHeight!);
    expect(knife.latestScan.locationName).toBe('Werk Nord');
    expect((await call('GET', `/knives/${rfid(3)}?lang=GERMAN`)).json()).toEqual(knife);
  });

  it('answers KNIFE_NOT_FOUND for an unknown knife on every knife route', async () => {
    for (const path of ['', '/grinding-cycles', '/events']) {
      const response = await call('GET', `/knives/FFFFFFFFFFFFFFFF${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code).toBe('service.knives.KNIFE_NOT_FOUND');
    }
    const put = await call('PUT', '/knives/FFFFFFFFFFFFFFFF', knifeBody());
    expect(put.statusCode).toBe(404);
    expect(put.json().code).toBe('service.knives.KNIFE_NOT_FOUND');
    const badRfid = await call('GET', '/knives/not-an-rfid');
    expect(badRfid.statusCode).toBe(400);
  });

  it('lists grinding cycles oldest first, each lower than the one before', async () => {
    const cycles = (await call('GET', `/knives/${rfid(18)}/grinding-cycles`)).json() as {
      sharpenedAt: string;
      height: number;
      cutsInCycle: number;
    }[];
    expect(cycles.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < cycles.length; i++) {
      expect(Date.parse(cycles[i]!.sharpenedAt)).toBeGreaterThan(Date.parse(cycles[i - 1]!.sharpenedAt));
      expect(cycles[i]!.height).toBeLessThan(cycles[i - 1]!.height);
      expect(cycles[i]!.cutsInCycle).toBeGreaterThanOrEqual(2000);
    }
  });

  it('inherits the swap interval knife → machine → location → default, and the urgency with it', async () => {
    // Knife 15 was last in machine 3 (Werk Nord, 3,500 cuts) with 2,880 cuts since grinding: preferred.
    const knife = await details(rfid(15));
    expect(knife).toMatchObject({ effectiveSwapInterval: 3500, swapIntervalSource: 'PRINTING_SHOP' });
    expect(knife.swapUrgency).toBe('SWAP_PREFERRED');
    const machineId = knife.latestScan.machineId!;
    const locationId = knife.latestScan.locationId!;

    expect((await setOption('MACHINE', machineId, 3000)).statusCode).toBe(200);
    expect(await details(rfid(15))).toMatchObject({
      effectiveSwapInterval: 3000,
      swapIntervalSource: 'MACHINE',
      swapUrgency: 'SWAP_SOON',
    });
    expect((await setOption('KNIFE', rfid(15), 2800)).statusCode).toBe(200);
    expect(await details(rfid(15))).toMatchObject({
      effectiveSwapInterval: 2800,
      knifeSwapInterval: 2800,
      swapIntervalSource: 'KNIFE',
      swapUrgency: 'SWAP_REQUIRED',
    });
    const required = (await call('GET', '/knives?urgencies=SWAP_REQUIRED&page_size=100')).json();
    expect(required.items.map((k: KnifeSummary) => k.rfid)).toContain(rfid(15));

    await setOption('KNIFE', rfid(15), null);
    await setOption('MACHINE', machineId, null);
    await setOption('PRINTING_SHOP', locationId, null);
    expect(await details(rfid(15))).toMatchObject({
      effectiveSwapInterval: DEFAULT_KNIFE_SWAP_INTERVAL,
      swapIntervalSource: 'DEFAULT',
      swapUrgency: 'SWAP_SOON',
    });
    await setOption('PRINTING_SHOP', locationId, 3500);
    expect((await details(rfid(15))).swapUrgency).toBe('SWAP_PREFERRED');
  });
});

describe('overview, groups and minimal info', () => {
  it('counts knives by state and urgency per location', async () => {
    const view = (await call('GET', '/knives/manager-view')).json();
    expect(view.totals.total).toBe(20);
    expect(view.totals.byState).toEqual({ ACTIVE: 16, AT_GRINDER: 2, SHIPPED_BACK: 1, SCRAPPED: 1 });
    const urgencySum = Object.values(view.totals.byUrgency as Record<string, number>).reduce(
      (a, b) => a + b,
      0,
    );
    expect(urgencySum).toBe(16);
    expect(view.locations.map((l: { locationName: string }) => l.locationName)).toEqual([
      'Werk Nord',
      'Werk Süd',
    ]);
    expect(view.locations.reduce((sum: number, l: { total: number }) => sum + l.total, 0)).toBe(20);
    expect(view.mostUrgent.length).toBeGreaterThan(0);
    expect(view.mostUrgent[0].swapUrgency).toBe('SWAP_REQUIRED');
  });

  it('groups knives by location id', async () => {
    const view = (await call('GET', '/knives/manager-view')).json();
    const nord = view.locations.find((l: { locationName: string }) => l.locationName === 'Werk Nord');
    const all = (await call('GET', '/knives/grouped-by-printing-shop-ids')).json();
    expect(Object.keys(all)).toHaveLength(2);
    const one = (
      await call('GET', `/knives/grouped-by-printing-shop-ids?printingShopIds=${nord.locationId}`)
    ).json();
    expect(Object.keys(one)).toEqual([nord.locationId]);
    expect(one[nord.locationId]).toHaveLength(nord.total);
    const unknown = (
      await call('GET', `/knives/grouped-by-printing-shop-ids?printingShopIds=${randomUUID()}`)
    ).json();
    expect(unknown).toEqual({});
  });

  it('answers minimal info from page 0 with 1000 a page by default', async () => {
    const all = (await call('GET', '/knives/minimal-info')).json();
    expect(all).toMatchObject({ page: 0, pageSize: 1000, total: 20 });
    expect(all.items[0]).toEqual({
      rfid: rfid(1),
      articleNumber: 'PM-K-1150',
      knifeClassName: 'HSS standard',
    });
    const second = (await call('GET', '/knives/minimal-info?page=1&page_size=5')).json();
    expect(second.items.map((k: { rfid: string }) => k.rfid)).toEqual([6, 7, 8, 9, 10].map(rfid));
    const beyond = (await call('GET', '/knives/minimal-info?page=9&page_size=5')).json();
    expect(beyond).toMatchObject({ items: [], total: 20 });
  });
});

describe('registering and editing knives', () => {
  it('registers a knife; its measurements become the originals; a second time is KNIFE_ALREADY_EXISTS', async () => {
    const id = newRfid();
    const response = await call('POST', '/knives', {
      rfid: id,
      ...knifeBody({ articleNumber: 'pm-k-2000' }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      rfid: id,
      articleNumber: 'PM-K-2000',
      originalHeight: 140,
      originalBackThickness: 13.5,
      state: 'ACTIVE',
      swapUrgency: 'UNKNOWN',
      rotation: 0,
      averageCutsPerCycle: null,
    });
    const again = await call('POST', '/knives', { rfid: id, ...knifeBody() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('service.knives.KNIFE_ALREADY_EXISTS');
    const events = (await call('GET', `/knives/${id}/events`)).json();
    expect(events.items.map((e: { kind: string }) => e.kind)).toEqual(['REGISTERED']);
  });

  it('refuses an article number outside the format with INVALID_ARTICLE_NUMBER on the field', async () => {
    for (const articleNumber of ['AB', 'PM--K', 'PM K 1150', '-PM-1', 'Ü-1150', 'A'.repeat(33)]) {
      const response = await call('POST', '/knives', { rfid: newRfid(), ...knifeBody({ articleNumber }) });
      expect(response.statusCode, articleNumber).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'service.knives.INVALID_ARTICLE_NUMBER',
        details: { fields: [{ field: 'articleNumber' }] },
      });
    }
    const edit = await call(
      'PUT',
      `/knives/${rfid(1)}`,
      knifeBody({ articleNumber: 'PM_K_1150', height: 100 }),
    );
    expect(edit.json().code).toBe('service.knives.INVALID_ARTICLE_NUMBER');
    for (const articleNumber of ['115.0370', 'HSS/137-24', 'pm-k-1150'])
      expect(
        (await call('POST', '/knives', { rfid: newRfid(), ...knifeBody({ articleNumber }) })).statusCode,
      ).toBe(201);
  });

  it('only the manager registers and edits knives', async () => {
    const body = { rfid: newRfid(), ...knifeBody() };
    expect((await call('POST', '/knives', body, admin)).statusCode).toBe(403);
    expect((await call('POST', '/knives', body, operator)).statusCode).toBe(403);
    expect((await call('PUT', `/knives/${rfid(1)}`, knifeBody(), operator)).statusCode).toBe(403);
  });

  it('edits a knife, lower is fine, and records who changed what in its history', async () => {
    const before = await details(rfid(2));
    const response = await call(
      'PUT',
      `/knives/${rfid(2)}`,
      knifeBody({
        articleNumber: before.articleNumber,
        height: before.height! - 0.5,
        backThickness: 13.4,
        material: 'HSS-E',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      height: before.height! - 0.5,
      backThickness: 13.4,
      material: 'HSS-E',
    });
    expect(response.json().originalHeight).toBe(before.originalHeight);
    const [event] = (await call('GET', `/knives/${rfid(2)}/events`)).json().items;
    expect(event).toMatchObject({ kind: 'EDITED', actorName: 'Markus Weber' });
    expect(event.changedFields).toEqual(expect.arrayContaining(['height', 'backThickness', 'material']));
    const [audit] = await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ action: string; targetId: string }>(
        tx,
        sql`SELECT action, target_id AS "targetId" FROM audit_log WHERE action = 'knife.updated' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(audit).toEqual({ action: 'knife.updated', targetId: rfid(2) });
  });

  it('refuses a height above the original with KNIFE_HEIGHT_INCREASED, even back up to below it', async () => {
    const knife = await details(rfid(4));
    const response = await call(
      'PUT',
      `/knives/${rfid(4)}`,
      knifeBody({ articleNumber: knife.articleNumber, height: knife.originalHeight! + 0.1 }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'service.knives.KNIFE_HEIGHT_INCREASED',
      details: { fields: [{ field: 'height', code: 'TOO_BIG' }] },
    });
    expect((await details(rfid(4))).height).toBe(knife.height);
    const equal = await call(
      'PUT',
      `/knives/${rfid(4)}`,
      knifeBody({
        articleNumber: knife.articleNumber,
        height: knife.originalHeight,
        backThickness: knife.originalBackThickness,
      }),
    );
    expect(equal.statusCode).toBe(200);
  });

  it('refuses a back thickness above the original with KNIFE_THICKNESS_INCREASED', async () => {
    const knife = await details(rfid(5));
    const response = await call(
      'PUT',
      `/knives/${rfid(5)}`,
      knifeBody({
        articleNumber: knife.articleNumber,
        height: knife.height,
        backThickness: knife.originalBackThickness! + 0.05,
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('service.knives.KNIFE_THICKNESS_INCREASED');
  });

  it('refuses to edit a scrapped knife (KNIFE_IS_SCRAPPED) or one at the grinder (KNIFE_ALREADY_SHIPPED)', async () => {
    const scrapped = await call('PUT', `/knives/${SCRAPPED}`, knifeBody({ height: 100 }));
    expect(scrapped.statusCode).toBe(409);
    expect(scrapped.json().code).toBe('service.knives.KNIFE_IS_SCRAPPED');
    const shipped = await call('PUT', `/knives/${SHIPPED}`, knifeBody({ height: 100 }));
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().code).toBe('service.knives.KNIFE_ALREADY_SHIPPED');
  });

  it('scraps a knife: a state change in its history, and no edit afterwards', async () => {
    const id = newRfid();
    await call('POST', '/knives', { rfid: id, ...knifeBody() });
    const scrap = await call('PUT', `/knives/${id}`, knifeBody({ state: 'SCRAPPED' }));
    expect(scrap.statusCode).toBe(200);
    expect(scrap.json()).toMatchObject({ state: 'SCRAPPED', swapUrgency: 'UNKNOWN' });
    const [event] = (await call('GET', `/knives/${id}/events`)).json().items;
    expect(event).toMatchObject({ kind: 'STATE_CHANGED', state: 'SCRAPPED' });
    expect((await call('PUT', `/knives/${id}`, knifeBody({ state: 'ACTIVE' }))).json().code).toBe(
      'service.knives.KNIFE_IS_SCRAPPED',
    );
  });

  it('refuses bad measurements field by field', async () => {
    const response = await call(
      'PUT',
      `/knives/${rfid(1)}`,
      knifeBody({ height: -1, backThickness: 'thick', extra: 1 }),
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['height', 'backThickness', 'extra']));
  });
});

describe('history and grinding cycles from the machines', () => {
  it('turns each stint that ended with the knife taken out into one grinding cycle, once', async () => {
    const id = 'E28011600000FFAA';
    const serial = 'PM-115-0001';
    const boot = randomUUID();
    const start = Date.now() - 5 * 24 * 3600_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
    await t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      insertKnife(tx, tenantId, {
        rfid: id,
        ...knifeBody(),
        angleVf: 26,
        angleHf: 24,
        angleTm: 19,
      }),
    );
    const events = [
      { type: 'knife-inserted' as const, rfid: id, at: at(0) },
      ...Array.from({ length: 30 }, (_, i) => ({ type: 'cut' as const, knifeRfid: id, at: at(1 + i) })),
      { type: 'knife-removed' as const, rfid: id, at: at(40) },
      { type: 'knife-inserted' as const, rfid: id, at: at(24 * 60) },
      ...Array.from({ length: 12 }, (_, i) => ({
        type: 'cut' as const,
        knifeRfid: id,
        at: at(24 * 60 + 1 + i),
      })),
      { type: 'knife-removed' as const, rfid: id, at: at(24 * 60 + 20) },
    ].map((event, index) => ({ ...event, seq: index + 1 }));
    await t.app.kerf.telemetry.record(tenantId, [
      { serial, boot, events, source: 'MACHINE', operatorId: null },
    ]);
    expect((await details(id)).cutsSinceLastGrinding).toBe(42);

    await t.app.kerf.transactions.withTenant(tenantId, (tx) => creditKnifeRegrind(tx, id, 42));
    await t.app.kerf.transactions.withTenant(tenantId, (tx) => creditKnifeRegrind(tx, id, 0));
    const cycles = (await call('GET', `/knives/${id}/grinding-cycles`)).json();
    expect(cycles.map((c: { cutsInCycle: number }) => c.cutsInCycle)).toEqual([30, 12]);
    expect(cycles[0].height).toBeLessThan(140);
    expect(cycles[0].height).toBeGreaterThanOrEqual(139);
    expect(cycles[1].height).toBeLessThan(cycles[0].height);
    expect(Date.parse(cycles[0].sharpenedAt)).toBeGreaterThan(Date.parse(at(40)));
    expect(Date.parse(cycles[0].sharpenedAt)).toBeLessThan(Date.parse(at(24 * 60)));
    const knife = await details(id);
    expect(knife).toMatchObject({
      cutsSinceLastGrinding: 0,
      totalCuts: 42,
      rotation: 2,
      averageCutsPerCycle: 21,
    });
    expect(knife.height).toBe(cycles[1].height);

    const history = (await call('GET', `/knives/${id}/events?page_size=100`)).json();
    expect(history.items.map((e: { kind: string }) => e.kind)).toEqual([
      'GROUND',
      'SCANNED_OUT',
      'SCANNED_IN',
      'GROUND',
      'SCANNED_OUT',
      'SCANNED_IN',
    ]);
    expect(history.items[1]).toMatchObject({ machineName: 'Schneider 1', locationName: 'Werk Nord' });
    const paged = (await call('GET', `/knives/${id}/events?page=1&page_size=4`)).json();
    expect(paged).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(paged.items).toHaveLength(2);
  });
});

describe('grinding cycles closed in a period (what the knife-cycles report reads)', () => {
  it('answers the recorded cycles in [start, end), oldest first, with their own cuts; another tenant sees none', async () => {
    const id = 'E28011600000FFAB';
    const day = (d: number, h: number) => new Date(Date.UTC(2026, 1, d, h));
    const measured = { height: 139, backThickness: 13.4, angleVf: 26, angleHf: 24, angleTm: 19 };
    await t.app.kerf.transactions.withTenant(tenantId, async (tx) => {
      await insertKnife(tx, tenantId, { rfid: id, ...knifeBody() });
      // recorded out of order; the cuts are the recorder's, whatever the machines counted
      await insertGrindingCycle(tx, tenantId, id, { sharpenedAt: day(10, 8), cutsInCycle: 700, ...measured });
      await insertGrindingCycle(tx, tenantId, id, {
        sharpenedAt: day(3, 12),
        cutsInCycle: 1250,
        ...measured,
      });
      await insertGrindingCycle(tx, tenantId, id, { sharpenedAt: day(1, 0), cutsInCycle: 90, ...measured });
      await insertGrindingCycle(tx, tenantId, id, { sharpenedAt: day(17, 0), cutsInCycle: 5, ...measured });
    });
    const closedIn = (tenant: string, start: Date, end: Date) =>
      t.app.kerf.transactions.withTenant(tenant, (tx) => grindingCyclesClosedIn(tx, [id], start, end));
    // 1 Feb 00:00 is inside, 17 Feb 00:00 (the end) is not
    expect(await closedIn(tenantId, day(1, 0), day(17, 0))).toEqual([
      { rfid: id, sharpenedAt: day(1, 0), cutsInCycle: 90 },
      { rfid: id, sharpenedAt: day(3, 12), cutsInCycle: 1250 },
      { rfid: id, sharpenedAt: day(10, 8), cutsInCycle: 700 },
    ]);
    expect(await closedIn(tenantId, day(3, 13), day(18, 0))).toEqual([
      { rfid: id, sharpenedAt: day(10, 8), cutsInCycle: 700 },
      { rfid: id, sharpenedAt: day(17, 0), cutsInCycle: 5 },
    ]);
    const other = await t.app.kerf.transactions.withPlatform(
      { actor: { tenantId: '00000000-0000-0000-0000-000000000000', userId: null }, action: 'test.lookup' },
      (tx) => findTenantBySlug(tx, 'demo-at'),
    );
    expect(await closedIn(other!.id, day(1, 0), day(18, 0))).toEqual([]);
  });
});

describe('CSV exports', () => {
  const csv = (url: string) =>
    t.request({ method: 'GET', url: `/api/knife${url}`, headers: bearer(manager) });
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('streams the knife list as UTF-8 with a BOM, separators by language, formulas escaped', async () => {
    const hostile = newRfid();
    await call('POST', '/knives', {
      rfid: hostile,
      ...knifeBody({
        knifeClassName: '=HYPERLINK("http://x";"ok")',
        material: '@SUM(1)',
        carrierMaterial: '+1',
      }),
    });
    const english = await csv(`/knives/csv-export?search=${hostile}&lang=ENGLISH`);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(english.headers['content-disposition']).toMatch(
      /^attachment; filename="knives-demo-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(english.headers['content-length']).toBeUndefined();
    expect(english.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, row] = lines(english.body);
    expect(header!.split(',').slice(0, 4)).toEqual(['RFID', 'Article number', 'Knife class', 'State']);
    expect(row).toContain(`"'=HYPERLINK(""http://x"";""ok"")"`);
    expect(row).toContain(',140,13.5,');

    const german = await csv(`/knives/csv-export?search=${hostile}&lang=GERMAN`);
    const [germanHeader, germanRow] = lines(german.body);
    expect(germanHeader!.split(';')[0]).toBe('RFID');
    expect(germanRow).toContain(';140;13,5;');
    expect(germanRow).toContain(`"'=HYPERLINK(""http://x"";""ok"")"`);
  });

  it('exports every knife of the filtered list in its order, beyond one batch', async () => {
    await t.app.kerf.transactions.withTenant(tenantId, async (tx) => {
      for (let i = 0; i < 520; i++)
        await insertKnife(tx, tenantId, {
          rfid: `BEEF${String(i).padStart(8, '0')}`,
          ...knifeBody({ articleNumber: 'BULK-1' }),
          angleVf: null,
          angleHf: null,
          angleTm: null,
        });
    });
    const response = await csv('/knives/csv-export?search=BULK-1&sort=RFID&sort_direction=ASCENDING');
    const rows = lines(response.body).slice(1);
    expect(rows).toHaveLength(520);
    expect(rows[0]!.startsWith('BEEF00000000,')).toBe(true);
    expect(rows[519]!.startsWith('BEEF00000519,')).toBe(true);
  });

  it("shows each knife's one state in the list export, filtered by state as the list is", async () => {
    const response = await csv(
      '/knives/csv-export?states=AT_GRINDER,SHIPPED_BACK,SCRAPPED&sort=RFID&sort_direction=ASCENDING&lang=ENGLISH',
    );
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = lines(response.body).map((line) => line.split(','));
    // the code column, which a machine reads; the label column before it is for people
    const state = header!.indexOf('State (code)');
    expect(state).toBeGreaterThan(0);
    // the demo's knives away and retired (and the one an earlier test scrapped)
    expect(rows.map((row) => [row[0], row[state]])).toEqual(
      expect.arrayContaining([
        [rfid(17), 'AT_GRINDER'],
        [rfid(18), 'AT_GRINDER'],
        [rfid(19), 'SCRAPPED'],
        [rfid(20), 'SHIPPED_BACK'],
      ]),
    );
    expect(rows.filter((row) => row[state] !== 'SCRAPPED')).toHaveLength(3);
  });

  it('compares up to five knives side by side; a sixth is refused', async () => {
    const three = [rfid(1), rfid(7), rfid(17)];
    const response = await csv(`/knives/comparison/csv-export?rfids=${three.join(',')}&lang=ENGLISH`);
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const table = parseCsv(response.body).map((record) => record.cells);
    expect(table[0]).toEqual(['RFID', ...three]);
    expect(table.find((line) => line[0] === 'State')).toEqual([
      'State',
      'In use',
      'In use',
      'At the grinder',
    ]);
    expect(table.find((line) => line[0] === 'State (code)')).toEqual([
      'State (code)',
      'ACTIVE',
      'ACTIVE',
      'AT_GRINDER',
    ]);
    expect(table.every((line) => line.length === 4)).toBe(true);

    const six = [1, 2, 3, 4, 5, 6].map(rfid).join(',');
    const refused = await csv(`/knives/comparison/csv-export?rfids=${six}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields).toEqual([
      expect.objectContaining({ field: 'rfids', code: 'TOO_LONG', limit: 5 }),
    ]);
    const unknown = await csv(`/knives/comparison/csv-export?rfids=${rfid(1)},FFFFFFFFFFFFFFFF`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('service.knives.KNIFE_NOT_FOUND');
    expect((await csv('/knives/comparison/csv-export')).statusCode).toBe(400);
  });
});
