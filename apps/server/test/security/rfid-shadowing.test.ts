import type {
  Custody,
  GrinderKnife,
  GrindingCycle,
  KnifeDetails,
  KnifePassport,
  Partnership,
  RfidConflict,
  Shipment,
  TokenPair,
} from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { bearer, startTestApp, type TestApp } from '../harness';

/**
 * RFID shadowing at a shared grinding shop (issue 31, item 1). RFIDs are unique per printing shop
 * only. Printing shop A (the demo shop) and printing shop B both work with grinding shop G (the demo
 * grinding shop). A's knife is on its way to G; B registers a knife with the same RFID and ships it
 * to G. Before the fix G resolved the RFID to the newest stay: it received, ground and shipped B's
 * record, and A's grinding landed in B's history. Now G names a knife by its owner and RFID, a second
 * owner's knife with an RFID G already holds is refused with a conflict all three companies see,
 * and each owner's history stays its own.
 */
let t: TestApp;
let a: TokenPair;
let b: TokenPair;
let grinder: TokenPair;
let aId: string;
let bId: string;
let aPartnership: string;
let bPartnership: string;

/** Knife 17 of the demo shop: on its way to the demo grinding shop (demo seed). */
const X = 'E280116000000017';
const B_NAME = 'Tenant shadow-print';
const A_NAME = 'Druckerei Beispiel GmbH';

type Method = 'GET' | 'POST';
const call = (tokens: TokenPair, method: Method, url: string, payload?: object) =>
  t.request({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
const ownerApi = (tokens: TokenPair) => (method: Method, url: string, payload?: object) =>
  call(tokens, method, `/api/knife${url}`, payload);
const shopApi = (method: Method, url: string, payload?: object) =>
  call(grinder, method, `/api/grinding-shop${url}`, payload);
const knifeOf = async (tokens: TokenPair) =>
  (await ownerApi(tokens)('GET', `/knives/${X}`)).json() as KnifeDetails;
const cyclesOf = async (tokens: TokenPair) =>
  (await ownerApi(tokens)('GET', `/knives/${X}/grinding-cycles`)).json() as GrindingCycle[];
const conflictsOf = async (tokens: TokenPair, side: 'knife' | 'grinding-shop' = 'knife') =>
  (await call(tokens, 'GET', `/api/${side}/rfid-conflicts`)).json() as RfidConflict[];

/** G grinds the owner's knife X a little (a shipment back needs a grinding to bill). */
async function grind(owner: string, reference: string) {
  const knife = (await shopApi('GET', `/knives/${X}?owner=${owner}`)).json() as GrinderKnife;
  return shopApi('POST', `/knives/${X}/grinding-cycles?owner=${owner}`, {
    height: knife.height! - 0.3,
    backThickness: knife.backThickness!,
    grindingReference: reference,
  });
}

beforeAll(async () => {
  t = await startTestApp();
  const shadow = await t.addTenant('shadow-print', 'PRINTING_SHOP', ['PRINTING_SHOP_MANAGER']);
  bId = shadow.tenantId;
  a = await t.login('demo', 'manager');
  b = await t.login('shadow-print', 'printing-shop-manager');
  grinder = await t.login('demo-grind', 'grinder');
  const grindAdmin = await t.login('demo-grind', 'admin');
  const invited = await ownerApi(b)('POST', '/partnerships', { grindingShopClient: 'demo-grind' });
  expect(invited.statusCode).toBe(201);
  bPartnership = (invited.json() as Partnership).id;
  expect(
    (await call(grindAdmin, 'POST', `/api/grinding-shop/partnerships/${bPartnership}/accept`)).statusCode,
  ).toBe(200);
  aPartnership = ((await ownerApi(a)('GET', '/partnerships')).json() as Partnership[])[0]!.id;
  const inbox = (await shopApi('GET', '/shipments/inbox')).json() as Custody[];
  aId = inbox.find((stay) => stay.rfid === X)!.ownerId;
  // B registers a knife with A's RFID.
  const created = await ownerApi(b)('POST', '/knives', {
    rfid: X,
    articleNumber: 'PM-K-1150',
    knifeClassName: 'HSS standard',
    height: 151,
    backThickness: 13.5,
  });
  expect(created.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('RFID shadowing at a shared grinding shop', () => {
  it("refuses B's shipment of an RFID the grinding shop holds for A, and all three see the conflict", async () => {
    expect((await knifeOf(a)).state).toBe('AT_GRINDER');
    const shipped = await ownerApi(b)('POST', '/shipments', { partnershipId: bPartnership, rfids: [X] });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().code).toBe('service.knives.KNIFE_RFID_HELD_FOR_ANOTHER_OWNER');
    expect(shipped.body).not.toContain(A_NAME);
    // Nothing of the shipment is left: B's knife is at home, G's inbox has only A's stay of X.
    expect((await knifeOf(b)).state).toBe('ACTIVE');
    const inbox = (await shopApi('GET', '/shipments/inbox')).json() as Custody[];
    expect(inbox.filter((stay) => stay.rfid === X).map((stay) => stay.ownerId)).toEqual([aId]);

    const refused = await conflictsOf(b);
    expect(refused).toEqual([expect.objectContaining({ rfid: X, side: 'REFUSED' })]);
    const holding = await conflictsOf(a);
    expect(holding).toEqual([expect.objectContaining({ rfid: X, side: 'HOLDING', id: refused[0]!.id })]);
    expect(JSON.stringify(holding)).not.toContain(B_NAME);
    expect(await conflictsOf(grinder, 'grinding-shop')).toEqual([
      expect.objectContaining({ rfid: X, side: 'GRINDING_SHOP' }),
    ]);
    const passport = (await ownerApi(a)('GET', `/knives/${X}/passport`)).json() as KnifePassport;
    expect(passport.events).toContainEqual(expect.objectContaining({ kind: 'RFID_CONFLICT' }));
    // A third printing shop sees none of it.
    const third = await t.addTenant('third-print', 'PRINTING_SHOP', ['PRINTING_SHOP_MANAGER']);
    expect(third.tenantId).toBeTruthy();
    expect(await conflictsOf(await t.login('third-print', 'printing-shop-manager'))).toEqual([]);
  });

  it("names the knife by owner and RFID: the grinder receives, grinds and ships back A's knife as A's", async () => {
    // B has no knife X at G: every workbench call for B's X is not found.
    for (const [method, url] of [
      ['POST', `/knives/${X}/receive?owner=${bId}`],
      ['GET', `/knives/${X}?owner=${bId}`],
      ['POST', `/knives/${X}/scrap?owner=${bId}`],
    ] as const) {
      const response = await shopApi(method, url);
      expect(response.json().code, url).toBe('service.knives.KNIFE_NOT_FOUND');
    }
    const received = await shopApi('POST', `/knives/${X}/receive?owner=${aId}`);
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({ ownerName: A_NAME, custody: { ownerId: aId } });
    const cyclesBefore = (await cyclesOf(a)).length;
    const ground = await grind(aId, 'SHADOW-A-1');
    expect(ground.statusCode).toBe(201);
    expect((await cyclesOf(a)).map((c) => c.grindingReference)).toContain('SHADOW-A-1');
    expect(await cyclesOf(b)).toEqual([]);
    expect((await knifeOf(b)).rotation).toBe(0);
    expect((await shopApi('POST', '/shipments', { owner: bId, rfids: [X] })).json().code).toBe(
      'service.knives.KNIFE_NOT_FOUND',
    );
    const back = await shopApi('POST', '/shipments', { owner: aId, rfids: [X] });
    expect(back.statusCode).toBe(201);
    expect((back.json() as Shipment).printingShopName).toBe(A_NAME);
    expect((await knifeOf(a)).state).toBe('SHIPPED_BACK');
    expect((await knifeOf(b)).state).toBe('ACTIVE');
    expect((await cyclesOf(a)).length).toBe(cyclesBefore + 1);
  });

  it('keeps each owner its own history once both knives have been to the same grinding shop', async () => {
    // A's stay is closed: now B may send its knife X, and G holds B's.
    const shipped = await ownerApi(b)('POST', '/shipments', { partnershipId: bPartnership, rfids: [X] });
    expect(shipped.statusCode).toBe(201);
    expect((await shopApi('POST', `/knives/${X}/receive?owner=${aId}`)).json().code).toBe(
      'service.grinding-shops.KNIFE_ALREADY_SHIPPED',
    );
    const received = await shopApi('POST', `/knives/${X}/receive?owner=${bId}`);
    expect(received.json()).toMatchObject({ ownerName: B_NAME, custody: { ownerId: bId } });
    expect((await grind(bId, 'SHADOW-B-1')).statusCode).toBe(201);
    const aGrind = await shopApi('POST', `/knives/${X}/grinding-cycles?owner=${aId}`, {
      height: 100,
      backThickness: 10,
      grindingReference: 'SHADOW-A-2',
    });
    expect(aGrind.json().code).toBe('service.grinding-shops.KNIFE_ALREADY_SHIPPED');

    // A receives its knife back and wants to send it again: now B's knife holds the RFID at G.
    expect((await ownerApi(a)('POST', `/knives/${X}/receive`)).statusCode).toBe(200);
    const again = await ownerApi(a)('POST', '/shipments', { partnershipId: aPartnership, rfids: [X] });
    expect(again.json().code).toBe('service.knives.KNIFE_RFID_HELD_FOR_ANOTHER_OWNER');
    expect((await conflictsOf(a)).map((c) => c.side).sort()).toEqual(['HOLDING', 'REFUSED']);
    expect((await conflictsOf(b)).map((c) => c.side).sort()).toEqual(['HOLDING', 'REFUSED']);

    expect((await shopApi('POST', '/shipments', { owner: bId, rfids: [X] })).statusCode).toBe(201);
    expect((await knifeOf(b)).state).toBe('SHIPPED_BACK');
    expect((await knifeOf(a)).state).toBe('ACTIVE');

    // Each owner's cycles and stays are its own, and so is the grinding shop's view of each.
    expect((await cyclesOf(a)).map((c) => c.grindingReference)).not.toContain('SHADOW-B-1');
    expect((await cyclesOf(b)).map((c) => c.grindingReference)).toEqual(['SHADOW-B-1']);
    const passportA = (await ownerApi(a)('GET', `/knives/${X}/passport`)).json() as KnifePassport;
    const passportB = (await ownerApi(b)('GET', `/knives/${X}/passport`)).json() as KnifePassport;
    expect(passportA.custody.every((stay) => stay.ownerId === aId)).toBe(true);
    expect(passportB.custody.map((stay) => stay.ownerId)).toEqual([bId]);
    expect(JSON.stringify(passportA)).not.toContain('SHADOW-B-1');
    expect(JSON.stringify(passportB)).not.toContain('SHADOW-A-1');
    const grinderA = (await shopApi('GET', `/knives/${X}/passport?owner=${aId}`)).json() as KnifePassport;
    const grinderB = (await shopApi('GET', `/knives/${X}/passport?owner=${bId}`)).json() as KnifePassport;
    expect(grinderA.ownerName).toBe(A_NAME);
    expect(grinderA.custody.every((stay) => stay.ownerId === aId)).toBe(true);
    expect(grinderA.events.map((e) => e.grindingReference)).toContain('SHADOW-A-1');
    expect(grinderA.events.map((e) => e.grindingReference)).not.toContain('SHADOW-B-1');
    expect(grinderB.ownerName).toBe(B_NAME);
    expect(grinderB.events.map((e) => e.grindingReference)).toContain('SHADOW-B-1');
    expect(grinderB.events.map((e) => e.grindingReference)).not.toContain('SHADOW-A-1');

    // Under row-level security itself B reads only its own stays of X, never A's.
    const seen = await t.app.kerf.transactions.withTenant(bId, (tx) =>
      queryRows<{ owner: string }>(
        tx,
        sql`SELECT printing_tenant_id AS owner FROM knife_custody WHERE rfid = ${X}`,
      ),
    );
    expect(seen.map((row) => row.owner)).toEqual([bId]);
  });

  it('lets exactly one of two simultaneous shipments of one RFID to one grinding shop through', async () => {
    expect((await ownerApi(b)('POST', `/knives/${X}/receive`)).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        ownerApi(a)('POST', '/shipments', { partnershipId: aPartnership, rfids: [X] }),
        ownerApi(b)('POST', '/shipments', { partnershipId: bPartnership, rfids: [X] }),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, `round ${round}`).toEqual([201, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409)!;
      expect(loser.json().code).toBe('service.knives.KNIFE_RFID_HELD_FOR_ANOTHER_OWNER');
      const winner = answers[0]!.statusCode === 201 ? { id: aId, tokens: a } : { id: bId, tokens: b };
      const inbox = (await shopApi('GET', '/shipments/inbox')).json() as Custody[];
      expect(inbox.filter((stay) => stay.rfid === X).map((stay) => stay.ownerId)).toEqual([winner.id]);
      // Back home for the next round.
      expect((await grind(winner.id, `ROUND-${round}`)).statusCode).toBe(201);
      expect((await shopApi('POST', '/shipments', { owner: winner.id, rfids: [X] })).statusCode).toBe(201);
      expect((await ownerApi(winner.tokens)('POST', `/knives/${X}/receive`)).statusCode).toBe(200);
    }
  });
});
