import { randomUUID } from 'node:crypto';
import {
  type Custody,
  type GrinderKnife,
  type KnifeDetails,
  type KnifeForecast,
  type KnifePassport,
  type Partnership,
  REGRIND_ALLOWANCE_MM,
  type Shipment,
  type TokenPair,
} from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { queryRows } from '../../db/client';
import { findTenantBySlug } from '../auth/index';

let t: TestApp;
let manager: TokenPair;
let grinder: TokenPair;
let grindAdmin: TokenPair;
let otherGrinder: TokenPair;
let otherGrindAdmin: TokenPair;
let otherManager: TokenPair;
let demoId: string;
let grindId: string;
let otherGrindId: string;
let partnershipId: string;

const rfid = (n: number) => `E2801160${String(n).padStart(8, '0')}`;
type Method = 'GET' | 'POST' | 'PUT';
const request = (prefix: string) => (method: Method, url: string, tokens: TokenPair, payload?: object) =>
  t.request({ method, url: `${prefix}${url}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const owner = request('/api/knife');
const shop = request('/api/grinding-shop');
const details = async (id: string) => (await owner('GET', `/knives/${id}`, manager)).json() as KnifeDetails;

beforeAll(async () => {
  t = await startTestApp();
  await t.addTenant('other-grind', 'GRINDING_SHOP', ['GRINDER', 'ADMIN_GRINDING_SHOP']);
  await t.addTenant('other-print', 'PRINTING_SHOP', ['PRINTING_SHOP_MANAGER']);
  manager = await t.login('demo', 'manager');
  grinder = await t.login('demo-grind', 'grinder');
  grindAdmin = await t.login('demo-grind', 'admin');
  otherGrinder = await t.login('other-grind', 'grinder');
  otherGrindAdmin = await t.login('other-grind', 'admin-grinding-shop');
  otherManager = await t.login('other-print', 'printing-shop-manager');
  const ids = await t.app.kerf.transactions.withPlatform(
    { actor: { tenantId: '00000000-0000-0000-0000-000000000000', userId: null }, action: 'test.lookup' },
    async (tx) => [
      (await findTenantBySlug(tx, 'demo'))!.id,
      (await findTenantBySlug(tx, 'demo-grind'))!.id,
      (await findTenantBySlug(tx, 'other-grind'))!.id,
    ],
  );
  [demoId, grindId, otherGrindId] = ids as [string, string, string];
  const partnerships = (await owner('GET', '/partnerships', manager)).json() as Partnership[];
  partnershipId = partnerships.find((p) => p.grindingShopName === 'Schleiferei Muster KG')!.id;
});
afterAll(() => t.close());

describe('demo data', () => {
  it('makes the demo printing and grinding shops partners with knives in every state', async () => {
    const partnerships = (await owner('GET', '/partnerships', manager)).json() as Partnership[];
    expect(partnerships).toEqual([
      expect.objectContaining({
        state: 'ACTIVE',
        grindingShopName: 'Schleiferei Muster KG',
        knivesAtGrinder: 2,
      }),
    ]);
    // One state per knife, the same on both companies' screens: on its way to the grinding shop and
    // received there are both AT_GRINDER (the stay's dates tell them apart); shipped back and not
    // yet received is SHIPPED_BACK; scrapped is SCRAPPED.
    const inbox = (await shop('GET', '/shipments/inbox', grinder)).json() as Custody[];
    expect(inbox.map((c) => [c.rfid, c.state, c.cycles, c.receivedAt !== null])).toEqual([
      [rfid(18), 'AT_GRINDER', 1, true],
      [rfid(17), 'AT_GRINDER', 0, false],
    ]);
    expect(inbox[0]).toMatchObject({ ownerName: 'Druckerei Beispiel GmbH', ownerId: demoId });
    const states = new Map(
      ((await owner('GET', '/knives?page_size=100', manager)).json().items as KnifeDetails[]).map((k) => [
        k.rfid,
        k.state,
      ]),
    );
    expect([17, 18, 19, 20].map((n) => states.get(rfid(n)))).toEqual([
      'AT_GRINDER',
      'AT_GRINDER',
      'SCRAPPED',
      'SHIPPED_BACK',
    ]);
    const twenty = (await owner('GET', `/knives/${rfid(20)}/passport`, manager)).json() as KnifePassport;
    expect(twenty.custody[0]).toMatchObject({ state: 'SHIPPED_BACK', deliveredAt: null });
    expect(twenty.custody[0]!.returnedAt).not.toBeNull();
    // History: every earlier stay was received back.
    expect(twenty.custody.slice(1).every((c) => c.state === 'ACTIVE' && c.deliveredAt !== null)).toBe(true);
    const invitations = (await shop('GET', '/partnerships', grindAdmin)).json() as Partnership[];
    expect(invitations.map((p) => [p.printingShopName, p.state])).toEqual([
      ['Druckhaus Alpenblick GmbH', 'INVITED'],
      ['Druckerei Beispiel GmbH', 'ACTIVE'],
    ]);
    const shipments = (await owner('GET', '/shipments?page_size=100', manager)).json();
    expect(shipments.total).toBeGreaterThan(40);
    expect(new Set(shipments.items.map((s: Shipment) => s.direction))).toEqual(
      new Set(['TO_GRINDER', 'TO_OWNER']),
    );
    const passport = (await owner('GET', `/knives/${rfid(19)}/passport`, manager)).json() as KnifePassport;
    expect(passport.custody[0]).toMatchObject({
      state: 'SCRAPPED',
      grindingShopName: 'Schleiferei Muster KG',
    });
    expect(
      passport.events.filter((e) => e.kind === 'GROUND' && e.holderKind === 'GRINDING_SHOP').length,
    ).toBe(38);
  });
});

describe('partnerships', () => {
  it('invites a grinding shop by its client ID, once, and only a grinding shop', async () => {
    const unknown = await owner('POST', '/partnerships', manager, { grindingShopClient: 'no-such-shop' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('service.knives.TENANT_NOT_FOUND');
    const printingShop = await owner('POST', '/partnerships', manager, { grindingShopClient: 'demo-at' });
    expect(printingShop.json().code).toBe('service.knives.TENANT_NOT_FOUND');
    const invited = await owner('POST', '/partnerships', manager, { grindingShopClient: 'Other-Grind' });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ state: 'INVITED', grindingShopName: 'Tenant other-grind' });
    const again = await owner('POST', '/partnerships', manager, { grindingShopClient: 'other-grind' });
    expect(again.json().id).toBe(invited.json().id);
    const operator = await t.login('demo', 'operator');
    expect(
      (await owner('POST', '/partnerships', operator, { grindingShopClient: 'other-grind' })).statusCode,
    ).toBe(403);
  });

  it('lets only the invited grinding shop accept, and either side end it', async () => {
    const id = ((await owner('GET', '/partnerships', manager)).json() as Partnership[]).find(
      (p) => p.grindingShopName === 'Tenant other-grind',
    )!.id;
    const early = await owner('POST', '/shipments', manager, { partnershipId: id, rfids: [rfid(5)] });
    expect(early.statusCode).toBe(404);
    expect(early.json().code).toBe('common.NOT_FOUND');
    expect((await shop('POST', `/partnerships/${id}/accept`, grindAdmin)).statusCode).toBe(404);
    expect((await shop('POST', `/partnerships/${id}/accept`, otherGrinder)).statusCode).toBe(403);
    const accepted = await shop('POST', `/partnerships/${id}/accept`, otherGrindAdmin);
    expect(accepted.json()).toMatchObject({ state: 'ACTIVE', printingShopName: 'Druckerei Beispiel GmbH' });
    const ended = await owner('POST', `/partnerships/${id}/end`, manager);
    expect(ended.json().state).toBe('ENDED');
    const late = await owner('POST', '/shipments', manager, { partnershipId: id, rfids: [rfid(5)] });
    expect(late.json().code).toBe('common.NOT_FOUND');
    expect((await shop('POST', `/partnerships/${id}/accept`, otherGrindAdmin)).statusCode).toBe(404);
  });
});

describe('a round trip to the grinding shop', () => {
  const three = [rfid(1), rfid(2), rfid(3)];
  let before: KnifeDetails;

  it('ships active knives only', async () => {
    before = await details(rfid(1));
    const scrapped = await owner('POST', '/shipments', manager, { partnershipId, rfids: [rfid(19)] });
    expect(scrapped.json().code).toBe('service.knives.KNIFE_IS_SCRAPPED');
    const away = await owner('POST', '/shipments', manager, { partnershipId, rfids: [rfid(1), rfid(17)] });
    expect(away.json().code).toBe('service.knives.KNIFE_ALREADY_SHIPPED');
    const unknown = await owner('POST', '/shipments', manager, {
      partnershipId,
      rfids: ['FFFFFFFFFFFF0001'],
    });
    expect(unknown.json().code).toBe('service.knives.KNIFE_NOT_FOUND');
    const shipped = await owner('POST', '/shipments', manager, { partnershipId, rfids: three });
    expect(shipped.statusCode).toBe(201);
    const shipment = shipped.json() as Shipment;
    expect(shipment.direction).toBe('TO_GRINDER');
    expect(shipment.knives.map((k) => [k.rfid, k.state, k.receivedAt])).toEqual(
      three.map((r) => [r, 'AT_GRINDER', null]),
    );
    expect((await details(rfid(1))).state).toBe('AT_GRINDER');
    const twice = await owner('POST', '/shipments', manager, { partnershipId, rfids: [rfid(1)] });
    expect(twice.json().code).toBe('service.knives.KNIFE_ALREADY_SHIPPED');
  });

  it('shows the knife, its owner and its state when the grinder scans it', async () => {
    const received = await shop('POST', `/knives/${rfid(1)}/receive?owner=${demoId}`, grinder);
    expect(received.statusCode).toBe(200);
    const knife = received.json() as GrinderKnife;
    expect(knife).toMatchObject({
      rfid: rfid(1),
      ownerName: 'Druckerei Beispiel GmbH',
      height: before.height,
      state: 'AT_GRINDER',
      custody: { state: 'AT_GRINDER', ownerId: demoId },
    });
    expect(knife.custody.receivedAt).not.toBeNull();
    // A knife is its owner and its RFID: without the owner the call is refused.
    const bare = await shop('POST', `/knives/${rfid(1)}/receive`, grinder);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details.fields).toEqual([expect.objectContaining({ field: 'owner', in: 'query' })]);
    expect(knife.forecast.minimumHeight).toBe(before.originalHeight! - REGRIND_ALLOWANCE_MM);
    expect((await shop('POST', `/knives/${rfid(1)}/receive?owner=${demoId}`, grindAdmin)).statusCode).toBe(
      403,
    );
  });

  it('refuses a grinding that adds height or back thickness', async () => {
    const higher = await shop('POST', `/knives/${rfid(1)}/grinding-cycles?owner=${demoId}`, grinder, {
      height: before.height! + 0.5,
      backThickness: before.backThickness!,
    });
    expect(higher.statusCode).toBe(422);
    expect(higher.json()).toMatchObject({
      code: 'service.knives.KNIFE_HEIGHT_INCREASED',
      details: { fields: [{ field: 'height', code: 'TOO_BIG' }] },
    });
    const thicker = await shop('POST', `/knives/${rfid(1)}/grinding-cycles?owner=${demoId}`, grinder, {
      height: before.height! - 0.5,
      backThickness: before.backThickness! + 0.1,
    });
    expect(thicker.json().code).toBe('service.knives.KNIFE_THICKNESS_INCREASED');
    // both too big: both fields are named, each with its limit (the knife's current measure)
    const both = await shop('POST', `/knives/${rfid(1)}/grinding-cycles?owner=${demoId}`, grinder, {
      height: before.height! + 0.5,
      backThickness: before.backThickness! + 0.1,
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().details.fields).toEqual([
      { field: 'height', in: 'body', code: 'TOO_BIG', limit: before.height },
      { field: 'backThickness', in: 'body', code: 'TOO_BIG', limit: before.backThickness },
    ]);
    const future = await shop('POST', `/knives/${rfid(1)}/grinding-cycles?owner=${demoId}`, grinder, {
      height: before.height! - 0.5,
      backThickness: before.backThickness!,
      sharpenedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect((await details(rfid(1))).rotation).toBe(before.rotation);
  });

  it('records a grinding: the cycle keeps the cuts it closed, the knife starts again at 0', async () => {
    const recorded = await shop('POST', `/knives/${rfid(1)}/grinding-cycles?owner=${demoId}`, grinder, {
      height: before.height! - 0.6,
      backThickness: before.backThickness!,
      angleVf: 26,
      angleHf: 24,
      angleTm: 19,
      grindingReference: 'SM-T-1',
    });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toMatchObject({
      cutsInCycle: before.cutsSinceLastGrinding,
      height: before.height! - 0.6,
      grindingReference: 'SM-T-1',
    });
    const after = await details(rfid(1));
    expect(after).toMatchObject({
      cutsSinceLastGrinding: 0,
      rotation: before.rotation + 1,
      totalCuts: before.totalCuts,
    });
    expect(after.height).toBeCloseTo(before.height! - 0.6, 6);
    const cycles = (await owner('GET', `/knives/${rfid(1)}/grinding-cycles`, manager)).json();
    expect(cycles.at(-1)).toMatchObject({ grindingReference: 'SM-T-1' });
    // A knife still in transit is received on the way.
    const onTheWay = await shop('POST', `/knives/${rfid(2)}/grinding-cycles?owner=${demoId}`, grinder, {
      height: (await details(rfid(2))).height! - 0.4,
      backThickness: (await details(rfid(2))).backThickness!,
    });
    expect(onTheWay.statusCode).toBe(201);
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ${grindId} AND action = 'logistics.knife.ground'`,
    );
    expect(audit[0]!.n).toBe(2);
  });

  it('ships back only when something was ground, and only once', async () => {
    const nothing = await shop('POST', '/shipments', grinder, { owner: demoId, rfids: [rfid(3)] });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('service.grinding-shops.KNIFE_HAS_NO_BILLABLE_PROCESS');
    const back = await shop('POST', '/shipments', grinder, { owner: demoId, rfids: three });
    expect(back.statusCode).toBe(201);
    expect((back.json() as Shipment).knives.map((k) => k.state)).toEqual([
      'SHIPPED_BACK',
      'SHIPPED_BACK',
      'SHIPPED_BACK',
    ]);
    // On its way home: shipped back for the printing shop too, until it receives it.
    expect((await details(rfid(1))).state).toBe('SHIPPED_BACK');
    const edit = await owner('PUT', `/knives/${rfid(1)}`, manager, {
      articleNumber: 'PM-K-1150',
      knifeClassName: 'HSS',
      height: 100,
      backThickness: 10,
    });
    expect(edit.json().code).toBe('service.knives.KNIFE_ALREADY_SHIPPED');
    const resend = await owner('POST', '/shipments', manager, { partnershipId, rfids: [rfid(1)] });
    expect(resend.json().code).toBe('service.knives.KNIFE_ALREADY_SHIPPED');
    const again = await shop('POST', '/shipments', grinder, { owner: demoId, rfids: [rfid(1)] });
    expect(again.json().code).toBe('service.grinding-shops.KNIFE_ALREADY_SHIPPED');
    const grind = await shop('POST', `/knives/${rfid(1)}/grinding-cycles?owner=${demoId}`, grinder, {
      height: 100,
      backThickness: 10,
    });
    expect(grind.json().code).toBe('service.grinding-shops.KNIFE_ALREADY_SHIPPED');
    const shipments = (await owner('GET', '/shipments', manager)).json();
    expect(shipments.items[0]).toMatchObject({ direction: 'TO_OWNER', id: back.json().id });
  });

  it('is SHIPPED_BACK for its owner until received, one knife or a whole shipment', async () => {
    const backId = ((await owner('GET', '/shipments', manager)).json().items[0] as Shipment).id;
    // The grinding shop sees the same state through the stay it has closed.
    const grinderView = async () =>
      ((await shop('GET', `/knives/${rfid(3)}/passport?owner=${demoId}`, grinder)).json() as KnifePassport)
        .custody[0]!.state;
    expect(await grinderView()).toBe('SHIPPED_BACK');
    const one = await owner('POST', `/knives/${rfid(1)}/receive`, manager);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ rfid: rfid(1), state: 'ACTIVE' });
    expect(one.json().deliveredAt).not.toBeNull();
    expect((await details(rfid(1))).state).toBe('ACTIVE');
    // Again: nothing changes.
    expect((await owner('POST', `/knives/${rfid(1)}/receive`, manager)).statusCode).toBe(200);
    expect((await owner('POST', `/knives/${rfid(17)}/receive`, manager)).json().code).toBe(
      'service.knives.KNIFE_ALREADY_SHIPPED',
    );
    expect((await owner('POST', `/knives/${rfid(19)}/receive`, manager)).json().code).toBe(
      'service.knives.KNIFE_IS_SCRAPPED',
    );
    const operator = await t.login('demo', 'operator');
    expect((await owner('POST', `/knives/${rfid(2)}/receive`, operator)).statusCode).toBe(403);
    const all = await owner('POST', `/shipments/${backId}/receive`, manager);
    expect(all.statusCode).toBe(200);
    expect((all.json() as Shipment).knives.map((k) => k.state)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);
    expect((await details(rfid(3))).state).toBe('ACTIVE');
    expect(await grinderView()).toBe('ACTIVE');
    const outbound = (
      (await owner('GET', '/shipments?page_size=5', manager)).json().items as Shipment[]
    ).find((s) => s.direction === 'TO_GRINDER')!;
    expect((await owner('POST', `/shipments/${outbound.id}/receive`, manager)).statusCode).toBe(404);
    const audit = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = ${demoId} AND action = 'logistics.knives.received-back'`,
    );
    expect(audit[0]!.n).toBe(3);
  });

  it('afterwards shows the grinding shop only its own work, not the later scans or grindings', async () => {
    // The knife goes back into a machine and is ground in house once more.
    const events = [{ type: 'knife-inserted' as const, rfid: rfid(1), at: new Date().toISOString(), seq: 1 }];
    await t.app.kerf.telemetry.record(demoId, [
      { serial: 'PM-115-0001', boot: randomUUID(), events, source: 'MACHINE', operatorId: null },
    ]);
    const mine = (await owner('GET', `/knives/${rfid(1)}/passport`, manager)).json() as KnifePassport;
    expect(mine.viewer).toBe('OWNER');
    expect(mine.events[0]).toMatchObject({ kind: 'SCANNED_IN', holderKind: 'PRINTING_SHOP' });
    expect(mine.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['SHIPPED', 'RECEIVED', 'GROUND', 'SHIPPED_BACK', 'RECEIVED_BACK']),
    );

    const theirs = (
      await shop('GET', `/knives/${rfid(1)}/passport?owner=${demoId}`, grinder)
    ).json() as KnifePassport;
    expect(theirs.viewer).toBe('GRINDING_SHOP');
    expect(theirs.events.some((e) => e.kind === 'SCANNED_IN' || e.kind === 'SCANNED_OUT')).toBe(false);
    expect(theirs.events.every((e) => e.kind !== 'GROUND' || e.holderKind === 'GRINDING_SHOP')).toBe(true);
    expect(theirs.custody.every((c) => c.grindingShopName === 'Schleiferei Muster KG')).toBe(true);
    const ownCycles = theirs.events.filter((e) => e.kind === 'GROUND').length;
    const allCycles = mine.events.filter((e) => e.kind === 'GROUND').length;
    expect(ownCycles).toBeLessThanOrEqual(allCycles);
    expect((await shop('GET', `/knives/${rfid(1)}?owner=${demoId}`, grinder)).statusCode).toBe(404);
    expect((await shop('GET', `/knives/${rfid(1)}/forecast?owner=${demoId}`, grinder)).statusCode).toBe(404);

    // Under row-level security itself: the grinding shop reads the knives it holds now, nothing else.
    const seen = await t.app.kerf.transactions.withTenant(grindId, async (tx) => ({
      knives: await queryRows<{ rfid: string }>(tx, sql`SELECT rfid FROM knives ORDER BY rfid`),
      foreignCycles: await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM grinding_cycles WHERE grinding_tenant_id IS DISTINCT FROM ${grindId}`,
      ),
      scans: await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM knife_scans`),
      changed: await queryRows<{ rfid: string }>(
        tx,
        sql`UPDATE knives SET height = 1 WHERE rfid = ${rfid(1)} RETURNING rfid`,
      ),
    }));
    expect(seen.knives.map((k) => k.rfid)).toEqual([rfid(17), rfid(18)]);
    expect(seen.foreignCycles[0]!.n).toBe(0);
    expect(seen.scans[0]!.n).toBe(0);
    expect(seen.changed).toEqual([]);
  });

  it('scraps a knife at the end of its life: for its owner too, and only once', async () => {
    await owner('POST', '/shipments', manager, { partnershipId, rfids: [rfid(4)] });
    const scrapped = await shop('POST', `/knives/${rfid(4)}/scrap?owner=${demoId}`, grinder);
    expect(scrapped.statusCode).toBe(200);
    expect(scrapped.json()).toMatchObject({ state: 'SCRAPPED' });
    expect((await details(rfid(4))).state).toBe('SCRAPPED');
    expect((await shop('POST', `/knives/${rfid(4)}/scrap?owner=${demoId}`, grinder)).json().code).toBe(
      'service.knives.KNIFE_IS_SCRAPPED',
    );
    expect((await shop('POST', `/knives/${rfid(4)}/receive?owner=${demoId}`, grinder)).json().code).toBe(
      'service.knives.KNIFE_IS_SCRAPPED',
    );
    expect((await shop('POST', '/shipments', grinder, { owner: demoId, rfids: [rfid(4)] })).json().code).toBe(
      'service.knives.KNIFE_IS_SCRAPPED',
    );
    const forecast = (await owner('GET', `/knives/${rfid(4)}/forecast`, manager)).json() as KnifeForecast;
    expect(forecast).toMatchObject({ state: 'SCRAPPED', regrindsLeft: 0 });
  });
});

describe('forecast', () => {
  it('counts the regrinds left from the height lost per grinding down to the minimum height', async () => {
    const knife = await details(rfid(5));
    const forecast = (await owner('GET', `/knives/${rfid(5)}/forecast`, manager)).json() as KnifeForecast;
    const loss = (knife.originalHeight! - knife.height!) / knife.rotation;
    expect(forecast.lossSource).toBe('MEASURED');
    expect(forecast.averageLossPerGrind).toBeCloseTo(loss, 2);
    expect(forecast.minimumHeight).toBe(knife.originalHeight! - REGRIND_ALLOWANCE_MM);
    expect(forecast.regrindsLeft).toBe(
      Math.floor((knife.height! - forecast.minimumHeight!) / forecast.averageLossPerGrind + 1e-9),
    );
    expect(forecast.averageDaysBetweenGrinds).toBeGreaterThan(5);
    expect(Date.parse(forecast.estimatedEndOfLife!)).toBeGreaterThan(Date.now());
    const atGrinder = (
      await shop('GET', `/knives/${rfid(18)}/forecast?owner=${demoId}`, grinder)
    ).json() as KnifeForecast;
    const sameAtOwner = (await owner('GET', `/knives/${rfid(18)}/forecast`, manager)).json() as KnifeForecast;
    expect(atGrinder.regrindsLeft).toBe(sameAtOwner.regrindsLeft);
  });
});

describe('isolation', () => {
  it('shows a grinding shop that is no partner nothing through any logistics call', async () => {
    for (const [method, url] of [
      ['GET', `/knives/${rfid(18)}?owner=${demoId}`],
      ['GET', `/knives/${rfid(18)}/passport?owner=${demoId}`],
      ['GET', `/knives/${rfid(18)}/forecast?owner=${demoId}`],
      ['POST', `/knives/${rfid(18)}/receive?owner=${demoId}`],
      ['POST', `/knives/${rfid(18)}/scrap?owner=${demoId}`],
    ] as const) {
      const response = await shop(method, url, otherGrinder);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('service.knives.KNIFE_NOT_FOUND');
    }
    const grind = await shop('POST', `/knives/${rfid(18)}/grinding-cycles?owner=${demoId}`, otherGrinder, {
      height: 1,
      backThickness: 1,
    });
    expect(grind.json().code).toBe('service.knives.KNIFE_NOT_FOUND');
    expect(
      (await shop('POST', '/shipments', otherGrinder, { owner: demoId, rfids: [rfid(18)] })).statusCode,
    ).toBe(404);
    expect((await shop('GET', '/shipments/inbox', otherGrinder)).json()).toEqual([]);
    expect((await shop('POST', `/partnerships/${partnershipId}/end`, otherGrindAdmin)).statusCode).toBe(404);
    expect((await shop('POST', `/partnerships/${partnershipId}/accept`, otherGrindAdmin)).statusCode).toBe(
      404,
    );
    // Its own, ended partnership with the demo shop is all it sees.
    const own = (await shop('GET', '/partnerships', otherGrindAdmin)).json() as Partnership[];
    expect(own.map((p) => p.state)).toEqual(['ENDED']);
    const knives = await t.app.kerf.transactions.withTenant(otherGrindId, (tx) =>
      queryRows<{ rfid: string }>(tx, sql`SELECT rfid FROM knives`),
    );
    expect(knives).toEqual([]);
  });

  it('shows another printing shop nothing of the demo shop', async () => {
    expect((await owner('GET', '/partnerships', otherManager)).json()).toEqual([]);
    expect((await owner('GET', '/shipments', otherManager)).json()).toMatchObject({ items: [], total: 0 });
    for (const url of [`/knives/${rfid(1)}/passport`, `/knives/${rfid(1)}/forecast`]) {
      expect((await owner('GET', url, otherManager)).statusCode).toBe(404);
    }
    const ship = await owner('POST', '/shipments', otherManager, { partnershipId, rfids: [rfid(5)] });
    expect(ship.statusCode).toBe(404);
    expect((await owner('POST', `/partnerships/${partnershipId}/end`, otherManager)).statusCode).toBe(404);
    // The grinding shop's calls are not the printing shop's to make.
    expect((await shop('GET', '/shipments/inbox', otherManager)).statusCode).toBe(403);
    expect((await shop('POST', `/knives/${rfid(18)}/receive?owner=${demoId}`, manager)).statusCode).toBe(403);
  });

  it('ends a partnership from the grinding side too; knives there can still go home', async () => {
    const ended = await shop('POST', `/partnerships/${partnershipId}/end`, grindAdmin);
    expect(ended.json()).toMatchObject({ state: 'ENDED', knivesAtGrinder: 2 });
    const back = await shop('POST', '/shipments', grinder, { owner: demoId, rfids: [rfid(17), rfid(18)] });
    expect(back.statusCode).toBe(201);
    expect((await details(rfid(17))).state).toBe('SHIPPED_BACK');
  });
});
