import type { TokenPair } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import { requireCurrentLocation } from './index';

let t: TestApp;
let admin: TokenPair;
let grinder: TokenPair;
let demoGrindId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo-grind', 'admin');
  grinder = await t.login('demo-grind', 'grinder');
  const self = await t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(admin) });
  demoGrindId = self.json().tenant.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, tokens: TokenPair = admin) =>
  t.request({
    method,
    url: `/api/grinding-shop${url}`,
    headers: bearer(tokens),
    ...(payload ? { payload } : {}),
  });

const location = (overrides: Record<string, unknown> = {}) => ({
  name: 'Schleifwerk Kassel',
  street: 'Sandershäuser Straße',
  streetNumber: '34',
  zip: '34123',
  city: 'Kassel',
  country: 'DE',
  ...overrides,
});

const machine = (grindingShopId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Flachschleifer Kassel',
  manufacturer: 'Kolb',
  designation: 'Messerschleifmaschine 2.200',
  serialNumber: 'KOLB-2200-7001',
  grindingShopId,
  maxKnifeLength: 2200,
  ...overrides,
});

const employee = (grindingShopIds: string[], overrides: Record<string, unknown> = {}) => ({
  username: 'l.berger',
  firstName: 'Lukas',
  lastName: 'Berger',
  personnelNumber: '0340',
  role: 'GRINDER',
  password: 'Schleifen-2026!',
  grindingShopIds,
  ...overrides,
});

const missing = '00000000-0000-4000-8000-000000000001';

describe('demo grinding shop', () => {
  it('has two locations with machines and employees, and grinders with a current location', async () => {
    const page = (await call('GET', '/grinding-shops')).json();
    expect(page.items.map((item: { name: string }) => item.name)).toEqual([
      'Schleifwerk Bielefeld',
      'Servicestelle Leipzig',
    ]);
    expect(page.items[0]).toMatchObject({ numberOfMachines: 3, numberOfEmployees: 3, city: 'Bielefeld' });
    expect(page.items[1]).toMatchObject({ numberOfMachines: 1, numberOfEmployees: 3 });
    const machines = (await call('GET', `/grinding-shops/${page.items[0].id}/grinding-machines`)).json();
    expect(machines.map((m: { manufacturer: string }) => m.manufacturer).sort()).toEqual([
      'IMAS',
      'Kolb',
      'Tuerlinckx',
    ]);
    const own = await call('GET', '/users/self/current-location', undefined, grinder);
    expect(own.json()).toMatchObject({ name: 'Schleifwerk Bielefeld' });
    const employees = (await call('GET', '/users?page_size=100')).json();
    expect(employees.total).toBe(5);
    const grinders = employees.items.filter((e: { role: string }) => e.role === 'GRINDER');
    expect(grinders.every((g: { currentLocationId: string | null }) => g.currentLocationId)).toBe(true);
  });
});

describe('locations', () => {
  it('creates, reads, edits, searches and deletes a location', async () => {
    const created = await call('POST', '/grinding-shops', location());
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name: 'Schleifwerk Kassel', numberOfMachines: 0 });
    expect((await call('GET', `/grinding-shops/${id}`)).json().city).toBe('Kassel');
    const updated = await call('PUT', `/grinding-shops/${id}`, location({ name: 'Schleifwerk Kassel-Ost' }));
    expect(updated.json().name).toBe('Schleifwerk Kassel-Ost');
    const descending = (await call('GET', '/grinding-shops?sort_direction=DESCENDING')).json();
    expect(descending.items[0].name).toBe('Servicestelle Leipzig');
    const found = (await call('GET', '/grinding-shops?search=kassel')).json();
    expect(found.items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await call('DELETE', `/grinding-shops/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/grinding-shops/${id}`)).json().code).toBe(
      'service.grinding-shops.LOCATION_NOT_FOUND',
    );
  });

  it('answers LOCATION_NOT_FOUND for an unknown location on every location call', async () => {
    for (const [method, url, body] of [
      ['GET', `/grinding-shops/${missing}`],
      ['PUT', `/grinding-shops/${missing}`, location()],
      ['DELETE', `/grinding-shops/${missing}`],
      ['GET', `/grinding-shops/${missing}/user-view`],
      ['GET', `/grinding-shops/${missing}/grinding-machines`],
      ['POST', '/grinding-machines', machine(missing)],
      ['POST', '/users', employee([missing])],
    ] as [Method, string, object?][]) {
      const response = await call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('service.grinding-shops.LOCATION_NOT_FOUND');
    }
  });

  it('refuses bad input with field errors, never a 500', async () => {
    const response = await call('POST', '/grinding-shops', location({ name: '', country: 'FR', zip: '34#' }));
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .details.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['country', 'name', 'zip']);
  });

  it('refuses to delete a location while grinding machines stand there (SHOP_HAS_MACHINES)', async () => {
    const id = (await call('POST', '/grinding-shops', location({ name: 'Werkstatt Fulda' }))).json().id;
    const machineId = (
      await call('POST', '/grinding-machines', machine(id, { serialNumber: 'KOLB-F-1' }))
    ).json().id;
    const refused = await call('DELETE', `/grinding-shops/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('service.grinding-shops.SHOP_HAS_MACHINES');
    expect((await call('DELETE', `/grinding-machines/${machineId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/grinding-shops/${id}`)).statusCode).toBe(204);
  });

  it('refuses to delete a location while employees are assigned, naming them (product.md §5, SHOP_HAS_USERS)', async () => {
    const [first, second] = await Promise.all(
      ['Werkstatt Gießen', 'Werkstatt Marburg'].map(
        async (name) => (await call('POST', '/grinding-shops', location({ name }))).json().id as string,
      ),
    );
    const created = await call('POST', '/users', employee([first!, second!], { username: 'wandering' }));
    expect(created.json()).toMatchObject({
      grindingShopIds: [first, second].sort(),
      currentLocationId: first,
    });
    const refused = await call('DELETE', `/grinding-shops/${first}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'service.grinding-shops.SHOP_HAS_USERS',
      details: { assigned: { count: 1, names: ['Lukas Berger'] } },
    });
    // nobody vanished: Lukas is still at both locations
    const [still] = (await call('GET', `/grinding-shops/${first}/user-view`)).json();
    expect(still).toMatchObject({ username: 'wandering', grindingShopIds: [first, second].sort() });
    // moved to the other location only, the first one can go
    const userId = created.json().id as string;
    expect(
      (await call('PUT', `/users/${userId}/grinding-shops`, { grindingShopIds: [second] })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/grinding-shops/${first}`)).statusCode).toBe(204);
    const [after] = (await call('GET', `/grinding-shops/${second}/user-view`)).json();
    expect(after).toMatchObject({
      username: 'wandering',
      grindingShopIds: [second],
      currentLocationId: second,
    });
  });

  it('a delete racing an employee assignment: either the delete is refused or the assignment finds no location', async () => {
    for (let round = 0; round < 4; round++) {
      const [target, home] = await Promise.all(
        [`Rennen ${round}`, `Heimat ${round}`].map(
          async (name) => (await call('POST', '/grinding-shops', location({ name }))).json().id as string,
        ),
      );
      const userId = (
        await call(
          'POST',
          '/users',
          employee([home!], { username: `racer-${round}`, lastName: `Racer ${round}` }),
        )
      ).json().id as string;
      const [assigned, deleted] = await Promise.all([
        call('PUT', `/users/${userId}/grinding-shops`, { grindingShopIds: [home, target] }),
        call('DELETE', `/grinding-shops/${target}`),
      ]);
      const [me] = (await call('GET', `/grinding-shops/${home}/user-view`)).json() as {
        grindingShopIds: string[];
      }[];
      if (deleted.statusCode === 204) {
        expect(assigned.json().code).toBe('service.grinding-shops.LOCATION_NOT_FOUND');
        expect(me!.grindingShopIds).toEqual([home]);
      } else {
        expect(deleted.json().code).toBe('service.grinding-shops.SHOP_HAS_USERS');
        expect(assigned.statusCode).toBe(200);
        expect(me!.grindingShopIds.sort()).toEqual([home, target].sort());
      }
    }
  });
});

describe('grinding machines', () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await call('POST', '/grinding-shops', location({ name: 'Maschinenhalle' }))).json().id;
  });

  it('adds, lists, edits and removes a machine', async () => {
    const created = await call('POST', '/grinding-machines', machine(shopId));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      grindingShopId: shopId,
      grindingShopName: 'Maschinenhalle',
      active: true,
    });
    const id = created.json().id;
    const edited = await call(
      'PUT',
      `/grinding-machines/${id}`,
      machine(shopId, { name: 'Flachschleifer A', active: false }),
    );
    expect(edited.json()).toMatchObject({ name: 'Flachschleifer A', active: false });
    const listed = (await call('GET', `/grinding-shops/${shopId}/grinding-machines`)).json();
    expect(listed.map((m: { id: string }) => m.id)).toEqual([id]);
    expect((await call('DELETE', `/grinding-machines/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/grinding-shops/${shopId}/grinding-machines`)).json()).toEqual([]);
  });

  it('also answers under the /cutting-machines/{id} paths product.md §7 lists for the grinding shop', async () => {
    const id = (await call('POST', '/grinding-machines', machine(shopId, { serialNumber: 'TLX-C-1' }))).json()
      .id;
    const edited = await call(
      'PUT',
      `/cutting-machines/${id}`,
      machine(shopId, { serialNumber: 'TLX-C-1', name: 'Alias' }),
    );
    expect(edited.json().name).toBe('Alias');
    expect((await call('DELETE', `/cutting-machines/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/cutting-machines/${id}`)).json().code).toBe(
      'service.grinding-shops.MACHINE_NOT_FOUND',
    );
  });

  it('answers MACHINE_NOT_FOUND for an unknown machine', async () => {
    for (const [method, body] of [
      ['PUT', machine(shopId, { serialNumber: 'X-1' })],
      ['DELETE', undefined],
    ] as [Method, object?][]) {
      const response = await call(method, `/grinding-machines/${missing}`, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('service.grinding-shops.MACHINE_NOT_FOUND');
    }
  });

  it('refuses a serial number another machine uses (SERIAL_NUMBER_ALREADY_USED), frees it on removal', async () => {
    const first = (
      await call('POST', '/grinding-machines', machine(shopId, { serialNumber: 'IMAS-D-1' }))
    ).json();
    const duplicate = await call('POST', '/grinding-machines', machine(shopId, { serialNumber: 'IMAS-D-1' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('service.grinding-shops.SERIAL_NUMBER_ALREADY_USED');
    const other = (
      await call('POST', '/grinding-machines', machine(shopId, { serialNumber: 'IMAS-D-2' }))
    ).json();
    const renamed = await call(
      'PUT',
      `/grinding-machines/${other.id}`,
      machine(shopId, { serialNumber: 'IMAS-D-1' }),
    );
    expect(renamed.json().code).toBe('service.grinding-shops.SERIAL_NUMBER_ALREADY_USED');
    await call('DELETE', `/grinding-machines/${first.id}`);
    expect(
      (await call('PUT', `/grinding-machines/${other.id}`, machine(shopId, { serialNumber: 'IMAS-D-1' })))
        .statusCode,
    ).toBe(200);
  });
});

describe('employees and current location', () => {
  let shopA: string;
  let shopB: string;
  beforeAll(async () => {
    shopA = (await call('POST', '/grinding-shops', location({ name: 'Halle A' }))).json().id;
    shopB = (await call('POST', '/grinding-shops', location({ name: 'Halle B' }))).json().id;
  });

  it('creates a grinder who can sign in, at the first location as current one', async () => {
    const created = await call('POST', '/users', employee([shopA, shopB], { username: 'new-grinder' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      role: 'GRINDER',
      grindingShopIds: [shopA, shopB].sort(),
      currentLocationId: shopA,
    });
    expect(created.json()).not.toHaveProperty('passwordHash');
    const tokens = await t.login('demo-grind', 'new-grinder', 'Schleifen-2026!');
    expect((await call('GET', '/users/self/current-location', undefined, tokens)).json().id).toBe(shopA);
    const again = await call('POST', '/users', employee([shopA], { username: 'new-grinder' }));
    expect(again.json().code).toBe('authentication.USER_ALREADY_EXISTS');
  });

  it('refuses a grinder without a location (USER_HAS_NO_LOCATION); an admin may have none', async () => {
    const refused = await call('POST', '/users', employee([], { username: 'nowhere' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('service.grinding-shops.USER_HAS_NO_LOCATION');
    const admin2 = await call(
      'POST',
      '/users',
      employee([], { username: 'second-admin', role: 'ADMIN_GRINDING_SHOP' }),
    );
    expect(admin2.json()).toMatchObject({ grindingShopIds: [], currentLocationId: null });
    const printingRole = await call(
      'POST',
      '/users',
      employee([shopA], { username: 'op', role: 'PRINTING_SHOP_OPERATOR' }),
    );
    expect(printingRole.json().code).toBe('authentication.ROLE_NOT_ASSIGNABLE');
  });

  it('reassigns locations and keeps the current one among them', async () => {
    const id = (await call('POST', '/users', employee([shopA], { username: 'mover' }))).json().id;
    const moved = await call('PUT', `/users/${id}/grinding-shops`, { grindingShopIds: [shopB] });
    expect(moved.json()).toMatchObject({ grindingShopIds: [shopB], currentLocationId: shopB });
    const none = await call('PUT', `/users/${id}/grinding-shops`, { grindingShopIds: [] });
    expect(none.json().code).toBe('service.grinding-shops.USER_HAS_NO_LOCATION');
    expect(
      (await call('PUT', `/users/${missing}/grinding-shops`, { grindingShopIds: [shopA] })).json().code,
    ).toBe('authentication.USER_NOT_FOUND');
  });

  it('lets the admin move anyone and a grinder only themselves', async () => {
    const id = (await call('POST', '/users', employee([shopA], { username: 'shifted' }))).json().id;
    const byAdmin = await call('PUT', `/users/${id}/current-location`, { id: shopB });
    expect(byAdmin.json()).toMatchObject({
      currentLocationId: shopB,
      grindingShopIds: [shopA, shopB].sort(),
    });
    const byGrinder = await call('PUT', `/users/${id}/current-location`, { id: shopA }, grinder);
    expect(byGrinder.statusCode).toBe(403);
    expect(byGrinder.json().code).toBe('authentication.FORBIDDEN');
    const grinderId = (
      await t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(grinder) })
    ).json().id;
    const self = await call('PUT', `/users/${grinderId}/current-location`, { id: shopB }, grinder);
    expect(self.json().currentLocationId).toBe(shopB);
    expect((await call('GET', '/users/self/current-location', undefined, grinder)).json().name).toBe(
      'Halle B',
    );
    const unknown = await call('PUT', `/users/${id}/current-location`, { id: missing });
    expect(unknown.json().code).toBe('service.grinding-shops.LOCATION_NOT_FOUND');
    const nobody = await call('PUT', `/users/${missing}/current-location`, { id: shopA });
    expect(nobody.json().code).toBe('authentication.USER_NOT_FOUND');
  });

  it('answers USER_HAS_NO_LOCATION to a grinder without a current location, and so does requireCurrentLocation', async () => {
    const { userIds } = await t.addTenant('grind-empty', 'GRINDING_SHOP', ['GRINDER']);
    const tokens = await t.login('grind-empty', 'grinder');
    const response = await call('GET', '/users/self/current-location', undefined, tokens);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('service.grinding-shops.USER_HAS_NO_LOCATION');
    const tenantId = (
      await t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(tokens) })
    ).json().tenant.id;
    await expect(
      t.app.kerf.transactions.withTenant(tenantId, (tx) => requireCurrentLocation(tx, userIds.GRINDER!)),
    ).rejects.toMatchObject({ code: 'service.grinding-shops.USER_HAS_NO_LOCATION' });
    const grinderId = (
      await t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(grinder) })
    ).json().id;
    const current = await t.app.kerf.transactions.withTenant(demoGrindId, (tx) =>
      requireCurrentLocation(tx, grinderId),
    );
    expect(current.name).toMatch(/^(Schleifwerk Bielefeld|Halle B)$/);
  });
});

describe('isolation', () => {
  it('keeps printing-shop users and other grinding shops out of the grinding shop’s data', async () => {
    const ownShop = (await call('GET', '/grinding-shops?search=Bielefeld')).json().items[0];
    const ownMachine = (await call('GET', `/grinding-shops/${ownShop.id}/grinding-machines`)).json()[0];
    const ownEmployee = (await call('GET', `/grinding-shops/${ownShop.id}/user-view`)).json()[0];

    const printingAdmin = await t.login('demo', 'admin');
    for (const [method, url, body] of [
      ['GET', '/grinding-shops'],
      ['POST', '/grinding-shops', location()],
      ['PUT', `/grinding-shops/${ownShop.id}`, location()],
      ['DELETE', `/grinding-shops/${ownShop.id}`],
      ['GET', `/grinding-shops/${ownShop.id}/grinding-machines`],
      ['POST', '/grinding-machines', machine(ownShop.id)],
      ['DELETE', `/grinding-machines/${ownMachine.id}`],
    ] as [Method, string, object?][]) {
      expect((await call(method, url, body, printingAdmin)).statusCode, `${method} ${url}`).toBe(403);
    }
    // The printing-shop admin's own location ids are no grinding shop either.
    const demoLocation = (
      await t.request({
        method: 'GET',
        url: '/api/printing-shop/printing-shops',
        headers: bearer(printingAdmin),
      })
    ).json().items[0];
    expect(
      (await call('PUT', `/users/${ownEmployee.id}/current-location`, { id: demoLocation.id }, printingAdmin))
        .statusCode,
    ).toBe(403);

    await t.addTenant('grind-other', 'GRINDING_SHOP', ['ADMIN_GRINDING_SHOP']);
    const other = await t.login('grind-other', 'admin-grinding-shop');
    expect((await call('GET', '/grinding-shops', undefined, other)).json().total).toBe(0);
    const notFound: [Method, string, object?, string?][] = [
      ['GET', `/grinding-shops/${ownShop.id}`, undefined, 'LOCATION_NOT_FOUND'],
      ['PUT', `/grinding-shops/${ownShop.id}`, location(), 'LOCATION_NOT_FOUND'],
      ['DELETE', `/grinding-shops/${ownShop.id}`, undefined, 'LOCATION_NOT_FOUND'],
      ['GET', `/grinding-shops/${ownShop.id}/user-view`, undefined, 'LOCATION_NOT_FOUND'],
      ['GET', `/grinding-shops/${ownShop.id}/grinding-machines`, undefined, 'LOCATION_NOT_FOUND'],
      ['POST', '/grinding-machines', machine(ownShop.id, { serialNumber: 'OTHER-1' }), 'LOCATION_NOT_FOUND'],
      ['PUT', `/grinding-machines/${ownMachine.id}`, machine(ownShop.id), 'MACHINE_NOT_FOUND'],
      ['DELETE', `/grinding-machines/${ownMachine.id}`, undefined, 'MACHINE_NOT_FOUND'],
      ['PUT', `/cutting-machines/${ownMachine.id}`, machine(ownShop.id), 'MACHINE_NOT_FOUND'],
      ['DELETE', `/cutting-machines/${ownMachine.id}`, undefined, 'MACHINE_NOT_FOUND'],
      ['POST', '/users', employee([ownShop.id], { username: 'spy' }), 'LOCATION_NOT_FOUND'],
    ];
    for (const [method, url, body, code] of notFound) {
      const response = await call(method, url, body, other);
      expect(response.json().code, `${method} ${url}`).toBe(`service.grinding-shops.${code}`);
    }
    expect(
      (await call('PUT', `/users/${ownEmployee.id}/grinding-shops`, { grindingShopIds: [] }, other)).json()
        .code,
    ).toBe('authentication.USER_NOT_FOUND');
    expect(
      (await call('PUT', `/users/${ownEmployee.id}/current-location`, { id: ownShop.id }, other)).json().code,
    ).toBe('authentication.USER_NOT_FOUND');
    // Nothing changed at the demo grinding shop.
    const after = (await call('GET', `/grinding-shops/${ownShop.id}`)).json();
    expect(after).toMatchObject({ name: ownShop.name, numberOfMachines: ownShop.numberOfMachines });
    // A serial number is unique per shop only: the other shop may use the demo shop's.
    const otherShop = (await call('POST', '/grinding-shops', location(), other)).json().id;
    expect(
      (
        await call(
          'POST',
          '/grinding-machines',
          machine(otherShop, { serialNumber: ownMachine.serialNumber }),
          other,
        )
      ).statusCode,
    ).toBe(201);
  });
});
