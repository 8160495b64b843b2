import { startOfDayIn, type TokenPair } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/harness';
import {
  connectMachine,
  cutEvents,
  machineIdsBySerial,
  provisionMachine,
  publishAndAwaitAcks,
  tenantOf,
} from '../../../test/machine-helpers';

let t: TestApp;
let admin: TokenPair;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('demo', 'admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, tokens: TokenPair = admin) =>
  t.request({
    method,
    url: `/api/printing-shop${url}`,
    headers: bearer(tokens),
    ...(payload ? { payload } : {}),
  });

const location = (overrides: Record<string, unknown> = {}) => ({
  name: 'Werk West',
  street: 'Am Hafen',
  streetNumber: '7a',
  zip: '28195',
  city: 'Bremen',
  country: 'DE',
  ...overrides,
});

const machine = (printingShopId: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Schneider West 1',
  designation: 'Polar N 137 PRO',
  manufacturer: 'Polar',
  serialNumber: 'PM-137-0901',
  printingShopId,
  cuttingWidth: 1370,
  type: 'N 137 PRO',
  network: {
    connection: 'ETHERNET',
    addressMode: 'STATIC',
    ipAddress: '192.168.20.41',
    subnetMask: '255.255.255.0',
    gateway: '192.168.20.1',
    dnsServer: '192.168.20.2',
  },
  networkContact: { name: 'Stefan Krause', phone: '+49 40 1234567' },
  ...overrides,
});

describe('locations', () => {
  it('lists the demo locations with counts, sorted both ways', async () => {
    const byName = (await call('GET', '/printing-shops')).json();
    expect(byName.items.map((item: { name: string }) => item.name)).toEqual(['Werk Nord', 'Werk Süd']);
    expect(byName.items[0]).toMatchObject({ numberOfMachines: 3, numberOfEmployees: 3, country: 'DE' });
    const byMachines = (
      await call('GET', '/printing-shops?sort=NUMBER_OF_MACHINES&sort_direction=ASCENDING')
    ).json();
    expect(byMachines.items.map((item: { numberOfMachines: number }) => item.numberOfMachines)).toEqual([
      2, 3,
    ]);
    const descending = (await call('GET', '/printing-shops?sort=NAME&sort_direction=DESCENDING')).json();
    expect(descending.items[0].name).toBe('Werk Süd');
    expect((await call('GET', '/printing-shops?sort=CITY')).json().details.fields[0]).toMatchObject({
      field: 'sort',
      code: 'INVALID_VALUE',
    });
  });

  it('adds the 24 h uptime in view WITH_UPTIME', async () => {
    const page = (await call('GET', '/printing-shops?view=WITH_UPTIME')).json();
    for (const item of page.items) {
      expect(item.uptimeLast24h).toBeGreaterThanOrEqual(0);
      expect(item.uptimeLast24h).toBeLessThanOrEqual(1);
    }
    expect((await call('GET', '/printing-shops')).json().items[0].uptimeLast24h).toBeUndefined();
  });

  it("the 24 h uptime counts the interval open at the window's start from there, and the open one until now", async () => {
    const { id } = (await call('POST', '/printing-shops', location({ name: 'Werk Uhrzeit' }))).json();
    const placed = await call('POST', '/cutting-machines', machine(id, { serialNumber: 'PM-137-0977' }));
    expect(placed.statusCode).toBe(201);
    const tenantId = tenantOf(admin);
    const device = await provisionMachine(t, tenantId, placed.json().id);
    const client = await connectMachine(t, device);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
    // RUNNING from 30 h to 20 h ago (4 h of it inside the window), PAUSED for 10 h, RUNNING since;
    // the BREAK before them lies wholly outside. Sent newest first: the intervals tile all the same.
    const statuses = [
      ['RUNNING', 10],
      ['PAUSED', 20],
      ['RUNNING', 30],
      ['BREAK', 50],
    ] as const;
    await publishAndAwaitAcks(
      client,
      device,
      statuses.map(([status, hours], i) => ({
        type: 'status' as const,
        seq: i + 1,
        at: hoursAgo(hours),
        status,
      })),
    );
    await client.endAsync();
    const uptimeOf = async () =>
      (await call('GET', '/printing-shops?view=WITH_UPTIME&search=Uhrzeit')).json().items[0].uptimeLast24h;
    expect(await uptimeOf()).toBeCloseTo(14 / 24, 3);
  });

  it('searches and pages the list; each tenant sees only its own locations through the same statement', async () => {
    await t.addTenant('list-rival', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP', 'PRINTING_SHOP_MANAGER']);
    const rival = await t.login('list-rival', 'admin-printing-shop');
    const name = 'Lager 100%_Süd';
    expect((await call('POST', '/printing-shops', location({ name }), rival)).statusCode).toBe(201);
    const names = (page: { items: { name: string }[] }) => page.items.map((item) => item.name);
    // The list is a prepared statement, planned once per connection: more rounds than PostgreSQL's
    // five custom plans, so that a generic plan serves both tenants too.
    for (let round = 0; round < 7; round++) {
      for (const view of ['', '&view=WITH_UPTIME', '&sort=NUMBER_OF_MACHINES&sort_direction=DESCENDING']) {
        const own = (await call('GET', `/printing-shops?page_size=25${view}`)).json();
        expect(names(own)).toEqual(expect.arrayContaining(['Werk Nord', 'Werk Süd']));
        expect(names(own)).not.toContain(name);
        const theirs = (await call('GET', `/printing-shops?page_size=25${view}`, undefined, rival)).json();
        expect(theirs).toMatchObject({
          total: 1,
          items: [{ name, numberOfMachines: 0, numberOfEmployees: 0 }],
        });
      }
    }
    // Search takes % and _ literally.
    const search = (text: string, tokens: TokenPair) =>
      call('GET', `/printing-shops?search=${encodeURIComponent(text)}`, undefined, tokens).then((r) =>
        r.json(),
      );
    expect(names(await search('0%_s', rival))).toEqual([name]);
    expect((await search('1%S', rival)).total).toBe(0);
    expect((await search('0%_s', admin)).total).toBe(0);
    expect(names(await search('nord', admin))).toEqual(['Werk Nord']);
    // Pages: the total on every page, also past the end.
    const all = (await call('GET', '/printing-shops')).json();
    const second = (await call('GET', '/printing-shops?page=1&page_size=1')).json();
    expect(second).toMatchObject({ total: all.total, page: 1, pageSize: 1 });
    expect(names(second)).toEqual([all.items[1].name]);
    const past = (await call('GET', '/printing-shops?page=50&page_size=10')).json();
    expect(past).toMatchObject({ total: all.total, items: [] });
  });

  it('creates, changes and deletes a location; a delete is blocked while employees or machines remain', async () => {
    const created = await call('POST', '/printing-shops', location());
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ name: 'Werk West', numberOfMachines: 0, numberOfEmployees: 0 });

    const changed = await call(
      'PUT',
      `/printing-shops/${id}`,
      location({ name: 'Werk West (Bremen)', knifeSwapInterval: 4200 }),
    );
    expect(changed.json()).toMatchObject({ name: 'Werk West (Bremen)', knifeSwapInterval: 4200 });

    const operatorId = (
      await t.request({
        method: 'GET',
        url: '/api/auth/users/self',
        headers: bearer(await t.login('demo', 'operator')),
      })
    ).json().id;
    const assigned = await call('PUT', `/users/${operatorId}/printing-shops`, { printingShopIds: [id] });
    expect(assigned.json().printingShopIds).toEqual([id]);
    const blockedByUser = await call('DELETE', `/printing-shops/${id}`);
    expect(blockedByUser.statusCode).toBe(409);
    expect(blockedByUser.json().code).toBe('service.printing-shops.PRINTING_SHOP_HAS_USERS');

    await call('PUT', `/users/${operatorId}/printing-shops`, { printingShopIds: [] });
    const placed = await call('POST', '/cutting-machines', machine(id));
    expect(placed.statusCode).toBe(201);
    const blockedByMachine = await call('DELETE', `/printing-shops/${id}`);
    expect(blockedByMachine.json().code).toBe('service.printing-shops.PRINTING_SHOP_HAS_MACHINES');

    expect((await call('DELETE', `/cutting-machines/${placed.json().id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/printing-shops/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/printing-shops/${id}`)).json().code).toBe(
      'service.printing-shops.PRINTING_SHOP_NOT_FOUND',
    );
  });

  it('names each invalid location field', async () => {
    const response = await call('POST', '/printing-shops', {
      name: '',
      country: 'FR',
      zip: '12$45',
      knifeSwapInterval: 5,
    });
    expect(response.statusCode).toBe(400);
    const fields = Object.fromEntries(
      response.json().details.fields.map((f: { field: string; code: string }) => [f.field, f.code]),
    );
    expect(fields).toMatchObject({
      name: 'REQUIRED',
      country: 'INVALID_VALUE',
      zip: 'NO_SPECIAL_CHARACTERS',
      knifeSwapInterval: 'TOO_SMALL',
    });
  });

  it('minimal info defaults to page 0 and size 1000; assigned-self lists the own locations', async () => {
    const minimal = (await call('GET', '/printing-shops/minimal-info')).json();
    expect(minimal).toMatchObject({ page: 0, pageSize: 1000 });
    expect(minimal.items[0]).toEqual({ id: expect.any(String), name: expect.any(String) });
    const manager = await t.login('demo', 'manager');
    const assigned = (await call('GET', '/printing-shops/assigned-self', undefined, manager)).json();
    // the demo manager is assigned to both of the shop's locations
    expect(assigned.map((item: { name: string }) => item.name)).toEqual(['Werk Nord', 'Werk Süd']);
  });
});

describe('machines', () => {
  let locationId: string;
  beforeAll(async () => {
    locationId = (await call('POST', '/printing-shops', location({ name: 'Werk Ost' }))).json().id;
  });

  it('creates a machine with static IP network settings and a normalised contact phone', async () => {
    const response = await call(
      'POST',
      '/cutting-machines',
      machine(locationId, { serialNumber: 'PM-137-0911' }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      serialNumber: 'PM-137-0911',
      printingShopName: 'Werk Ost',
      network: {
        connection: 'ETHERNET',
        addressMode: 'STATIC',
        ipAddress: '192.168.20.41',
        passwordSet: false,
      },
      networkContact: { phone: '+49401234567' },
      licensedAt: null,
      networkSetupState: 'ADMIN_INFO_MISSING',
    });
    const machines = (await call('GET', `/printing-shops/${locationId}/cutting-machines`)).json();
    expect(machines.map((m: { id: string }) => m.id)).toContain(body.id);
  });

  it.each([
    [
      {
        addressMode: 'STATIC',
        ipAddress: '192.168.20.0',
        subnetMask: '255.255.255.0',
        gateway: '192.168.20.1',
      },
      'ipAddress',
      'INVALID_IP_CONFIGURATION',
    ],
    [
      {
        addressMode: 'STATIC',
        ipAddress: '192.168.20.41',
        subnetMask: '255.0.255.0',
        gateway: '192.168.20.1',
      },
      'subnetMask',
      'INVALID_IP_CONFIGURATION',
    ],
    [
      { addressMode: 'STATIC', ipAddress: '192.168.20.41', subnetMask: '255.255.255.0', gateway: '10.0.0.1' },
      'gateway',
      'INVALID_IP_CONFIGURATION',
    ],
    [
      {
        addressMode: 'STATIC',
        ipAddress: '192.168.20.300',
        subnetMask: '255.255.255.0',
        gateway: '192.168.20.1',
      },
      'ipAddress',
      'INVALID_FORMAT',
    ],
    [{ addressMode: 'STATIC' }, 'ipAddress', 'REQUIRED'],
    [{ connection: 'WIFI', addressMode: 'DHCP' }, 'networkName', 'REQUIRED'],
    [
      {
        connection: 'WIFI',
        addressMode: 'DHCP',
        networkName: 'Halle 2',
        security: 'WPA3',
        password: 'short',
      },
      'password',
      'TOO_SHORT',
    ],
  ])('refuses the network settings %j on %s with %s', async (network, field, code) => {
    const response = await call(
      'POST',
      '/cutting-machines',
      machine(locationId, { serialNumber: 'PM-X-1', network: { connection: 'ETHERNET', ...network } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields).toContainEqual(
      expect.objectContaining({ field: `network.${field}`, code }),
    );
  });

  it('checks the contact phone number', async () => {
    const response = await call(
      'POST',
      '/cutting-machines',
      machine(locationId, { serialNumber: 'PM-X-2', networkContact: { name: 'X', phone: '+49 12' } }),
    );
    expect(response.json().details.fields).toEqual([
      { field: 'networkContact.phone', in: 'body', code: 'INVALID_PHONE' },
    ]);
  });

  it('keeps a WLAN password write-only', async () => {
    const wifi = {
      connection: 'WIFI',
      addressMode: 'DHCP',
      networkName: 'Halle 2',
      security: 'WPA2_WPA3',
      password: 'Schneid-Netz-2026',
    };
    const created = (
      await call(
        'POST',
        '/cutting-machines',
        machine(locationId, { serialNumber: 'PM-WL-0001', network: wifi }),
      )
    ).json();
    expect(created.network).toMatchObject({ connection: 'WIFI', networkName: 'Halle 2', passwordSet: true });
    expect(JSON.stringify(created)).not.toContain('Schneid-Netz-2026');
    const { password: _omitted, ...withoutPassword } = wifi;
    const kept = (
      await call(
        'PUT',
        `/cutting-machines/${created.id}`,
        machine(locationId, { serialNumber: 'PM-WL-0001', network: withoutPassword }),
      )
    ).json();
    expect(kept.network.passwordSet).toBe(true);
    const ethernet = (
      await call(
        'PUT',
        `/cutting-machines/${created.id}`,
        machine(locationId, { serialNumber: 'PM-WL-0001' }),
      )
    ).json();
    expect(ethernet.network).toMatchObject({ connection: 'ETHERNET', networkName: null, passwordSet: false });
  });

  it('refuses a serial number used in this tenant; another tenant’s is neither refused nor revealed (issue 31)', async () => {
    const taken = await call(
      'POST',
      '/cutting-machines',
      machine(locationId, { serialNumber: 'PM-115-0001' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('service.printing-shops.SERIAL_NUMBER_NOT_FREE');

    await t.addTenant('other-print', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
    const other = await t.login('other-print', 'admin-printing-shop');
    const otherLocation = (
      await call('POST', '/printing-shops', location({ name: 'Andere Druckerei' }), other)
    ).json().id;
    const elsewhere = await call(
      'POST',
      '/cutting-machines',
      machine(otherLocation, { serialNumber: 'PM-115-0001' }),
      other,
    );
    // the other tenant's machine is saved without a licence, as for a serial nobody knows
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json()).toMatchObject({ serialNumber: 'PM-115-0001', licensedAt: null });
    expect(elsewhere.body).not.toContain('demo');
    // changing one of the tenant's machines to a serial another of its machines has
    const second = (
      await call('POST', '/cutting-machines', machine(locationId, { serialNumber: 'PM-SER-0002' }))
    ).json();
    const moved = await call(
      'PUT',
      `/cutting-machines/${second.id}`,
      machine(locationId, { serialNumber: 'PM-115-0001' }),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('service.printing-shops.SERIAL_NUMBER_ALREADY_ASSIGNED');
  });

  it('refuses a location of another tenant or none', async () => {
    const response = await call(
      'POST',
      '/cutting-machines',
      machine('00000000-0000-4000-8000-000000000000', { serialNumber: 'PM-X-3' }),
    );
    expect(response.json().details.fields).toEqual([
      { field: 'printingShopId', in: 'body', code: 'INVALID_VALUE' },
    ]);
  });

  it('a deleted machine comes back with its history when its serial is added again', async () => {
    const first = (
      await call('POST', '/cutting-machines', machine(locationId, { serialNumber: 'PM-RE-0001' }))
    ).json();
    await call('DELETE', `/cutting-machines/${first.id}`);
    expect((await call('GET', `/cutting-machines/${first.id}`)).statusCode).toBe(404);
    const again = (
      await call(
        'POST',
        '/cutting-machines',
        machine(locationId, { serialNumber: 'PM-RE-0001', name: 'Wieder da' }),
      )
    ).json();
    expect(again.id).toBe(first.id);
    expect(again.name).toBe('Wieder da');
  });

  it('lists widths and serials per location', async () => {
    expect((await call('GET', '/cutting-machines/widths')).json()).toEqual(
      expect.arrayContaining([920, 1150, 1370]),
    );
    const grouped = (
      await call(
        'GET',
        `/cutting-machines/serials-grouped-by-printing-shop-ids?printingShopIds=${locationId}`,
      )
    ).json();
    expect(Object.keys(grouped)).toEqual([locationId]);
    expect(grouped[locationId]).toContain('PM-137-0911');
  });
});

describe('dashboard and licensing', () => {
  it('shows every machine with licence, renewal, cost, online and current status, and the summary', async () => {
    const view = (await call('GET', '/cutting-machines/admin-view')).json();
    const demo = view.machines.find((m: { serialNumber: string }) => m.serialNumber === 'PM-115-0001');
    const year = new Date().getUTCFullYear();
    expect(demo).toMatchObject({
      renewalDate: `${year + 1}-01-01`,
      annualNetCents: 30000,
      onlineStatus: expect.any(String),
    });
    expect(demo.licensedAt).toMatch(new RegExp(`^${year}-01-02`));
    expect(view.licensing).toMatchObject({
      licensedMachines: 5,
      unusedLicences: 2,
      // five on machines, two unused, one ordered with a machine that awaits installation
      licences: 8,
      orderedLicences: [expect.objectContaining({ manufacturer: 'Polar', model: 'N 137 Plus' })],
      annualNetCents: 8 * 30000,
      monthlyNetCentsPerMachine: 2500,
      currency: 'EUR',
    });
    expect((await call('GET', '/cutting-machines/serial-numbers/unused')).json()).toEqual([
      'PM-115-0007',
      'PM-176-0006',
    ]);
  });

  it("counts each machine's cuts, in total and since midnight in the caller's time zone", async () => {
    const serial = 'PM-137-0005';
    const ids = await machineIdsBySerial(t, admin, [serial]);
    const machineId = ids[serial]!;
    const zone = 'Asia/Kolkata';
    const row = async (timeZone = zone) => {
      const list = (await call('GET', `/cutting-machines/admin-view?timeZone=${timeZone}`)).json();
      const one = (
        await call('GET', `/cutting-machines/${machineId}/admin-view?timeZone=${timeZone}`)
      ).json();
      const listed = list.machines.find((m: { id: string }) => m.id === machineId);
      expect(one).toMatchObject({ totalCuts: listed.totalCuts, cutsToday: listed.cutsToday });
      return listed as { totalCuts: number; cutsToday: number };
    };
    const before = await row();

    const machine = await provisionMachine(t, tenantOf(admin), machineId);
    const client = await connectMachine(t, machine);
    const now = Date.now();
    const events = [
      ...cutEvents(4, { start: now - 3 * 86_400_000 }),
      ...cutEvents(3, { start: now - 10_000, startSeq: 5 }),
    ];
    await publishAndAwaitAcks(client, machine, events);
    await client.endAsync();
    // Today is counted by the hour: whole hours from the one that holds local midnight.
    const from = startOfDayIn(zone, new Date()).getTime();
    const today = events.filter((e) => Date.parse(e.at) >= from - (from % 3_600_000)).length;
    expect(today).toBe(3);

    const after = await row();
    expect(after.totalCuts).toBe(before.totalCuts + 7);
    expect(after.cutsToday).toBe(before.cutsToday + today);
    // Without a time zone the day is UTC's.
    const list = (await call('GET', '/cutting-machines/admin-view')).json();
    expect(list.machines.find((m: { id: string }) => m.id === machineId).cutsToday).toBeGreaterThanOrEqual(
      today,
    );

    const bad = await call('GET', '/cutting-machines/admin-view?timeZone=Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation.INVALID_INPUT');
  });

  it('an installed machine takes its licence by serial number', async () => {
    const locationId = (await call('GET', '/printing-shops')).json().items[0].id;
    const installed = (
      await call('POST', '/cutting-machines', machine(locationId, { serialNumber: 'PM-176-0006' }))
    ).json();
    expect(installed.licensedAt).not.toBeNull();
    expect(installed.networkSetupState).toBe('MACHINE_LICENSED');
    expect((await call('GET', '/cutting-machines/serial-numbers/unused')).json()).toEqual(['PM-115-0007']);
    expect((await call('GET', `/cutting-machines/${installed.id}/admin-view`)).json().annualNetCents).toBe(
      30000,
    );
  });

  it('keeps the network admin with a normalised phone', async () => {
    expect((await call('GET', '/network-admin')).json()).toMatchObject({ name: 'Stefan Krause' });
    const saved = await call('PUT', '/network-admin', {
      name: 'Jana Vogt',
      phone: '+43 1 5123456',
      email: 'it@example.at',
    });
    expect(saved.json()).toEqual({ name: 'Jana Vogt', phone: '+4315123456', email: 'it@example.at' });
    expect((await call('PUT', '/network-admin', { phone: '12' })).json().details.fields[0]).toMatchObject({
      field: 'phone',
      code: 'INVALID_PHONE',
    });
  });
});

describe('config options', () => {
  it('machines inherit the knife swap interval from their location until they set their own', async () => {
    const [north] = (await call('GET', '/printing-shops')).json().items;
    const machineId = (await call('GET', `/printing-shops/${north.id}/cutting-machines`)).json()[0].id;
    expect((await call('GET', `/cutting-machines/${machineId}/options`)).json().KNIFE_SWAP_INTERVAL).toEqual({
      value: null,
      effective: 3500,
      source: 'PRINTING_SHOP',
    });
    const set = await call(
      'PUT',
      `/config-options/scope/MACHINE/type/KNIFE_SWAP_INTERVAL/object/${machineId}`,
      { value: 2800 },
    );
    expect(set.json().KNIFE_SWAP_INTERVAL).toEqual({ value: 2800, effective: 2800, source: 'MACHINE' });
    expect(
      (await call('DELETE', `/config-options/scope/MACHINE/type/KNIFE_SWAP_INTERVAL/object/${machineId}`))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('GET', `/cutting-machines/${machineId}/options`)).json().KNIFE_SWAP_INTERVAL.effective,
    ).toBe(3500);
  });

  it('a batch is all or nothing', async () => {
    const ids = (await call('GET', '/printing-shops')).json().items.map((item: { id: string }) => item.id);
    const bad = await call('PUT', '/config-options/scope/PRINTING_SHOP/type/KNIFE_SWAP_INTERVAL/batch', {
      objectIds: [...ids, '00000000-0000-4000-8000-000000000000'],
      value: 5000,
    });
    expect(bad.json().code).toBe('service.printing-shops.PRINTING_SHOP_NOT_FOUND');
    expect(
      (await call('GET', `/printing-shops/${ids[0]}/options`)).json().KNIFE_SWAP_INTERVAL.value,
    ).not.toBe(5000);
    expect(
      (
        await call('PUT', '/config-options/scope/PRINTING_SHOP/type/KNIFE_SWAP_INTERVAL/batch', {
          objectIds: ids,
          value: 5000,
        })
      ).statusCode,
    ).toBe(204);
    expect((await call('GET', `/printing-shops/${ids[1]}/options`)).json().KNIFE_SWAP_INTERVAL.value).toBe(
      5000,
    );
  });

  it('the no-cuts prompt delay: location, machine override, delivered to the operator terminal', async () => {
    const operator = await t.login('demo', 'operator');
    // the operator works at the location of an active machine
    const target = (await call('GET', '/cutting-machines/admin-view'))
      .json()
      .machines.find((m: { active: boolean; printingShopId: string | null }) => m.active && m.printingShopId);
    const machineId: string = target.id;
    const north = { id: target.printingShopId as string };
    const operatorUser = (await call('GET', '/users?search=operator'))
      .json()
      .items.find((user: { username: string }) => user.username === 'operator');
    await call('PUT', `/users/${operatorUser.id}/printing-shops`, { printingShopIds: [north.id] });
    const locationUrl = `/config-options/scope/PRINTING_SHOP/type/NO_CUTS_PROMPT_DELAY/object/${north.id}`;
    expect((await call('PUT', locationUrl, { value: 10 })).statusCode).toBe(200);
    const terminalDelay = async () =>
      (await call('GET', '/cutting-machines/operator-selection-view', undefined, operator))
        .json()
        .find((m: { machineId: string }) => m.machineId === machineId).noCutsPromptDelay;
    // the location waits 10 minutes; its machine inherits that
    expect((await call('GET', `/printing-shops/${north.id}/options`)).json().NO_CUTS_PROMPT_DELAY).toEqual({
      value: 10,
      effective: 10,
      source: 'PRINTING_SHOP',
    });
    expect((await call('GET', `/cutting-machines/${machineId}/options`)).json().NO_CUTS_PROMPT_DELAY).toEqual(
      {
        value: null,
        effective: 10,
        source: 'PRINTING_SHOP',
      },
    );
    expect(await terminalDelay()).toBe(10);

    const url = `/config-options/scope/MACHINE/type/NO_CUTS_PROMPT_DELAY/object/${machineId}`;
    const set = await call('PUT', url, { value: 3 });
    expect(set.statusCode).toBe(200);
    expect(set.json().NO_CUTS_PROMPT_DELAY).toEqual({ value: 3, effective: 3, source: 'MACHINE' });
    // the knife swap interval is a separate option and stays as it was
    expect(set.json().KNIFE_SWAP_INTERVAL.source).not.toBe('MACHINE');
    expect(await terminalDelay()).toBe(3);

    expect((await call('DELETE', url)).statusCode).toBe(204);
    expect(await terminalDelay()).toBe(10);
    expect((await call('DELETE', locationUrl)).statusCode).toBe(204);
    expect((await call('GET', `/cutting-machines/${machineId}/options`)).json().NO_CUTS_PROMPT_DELAY).toEqual(
      {
        value: null,
        effective: 5,
        source: 'DEFAULT',
      },
    );
    expect(await terminalDelay()).toBe(5);
    expect((await call('PUT', locationUrl, { value: 10 })).statusCode).toBe(200);
    expect(await terminalDelay()).toBe(10);
  });

  it('checks each option type against its own bounds and scopes', async () => {
    const [north] = (await call('GET', '/printing-shops')).json().items;
    const url = `/config-options/scope/PRINTING_SHOP/type/NO_CUTS_PROMPT_DELAY/object/${north.id}`;
    const options = async () => (await call('GET', `/printing-shops/${north.id}/options`)).json();
    const before = await options();
    const field = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
      const answer = await response;
      expect(answer.statusCode).toBe(400);
      return (answer.json() as { code: string; details: { fields: unknown[] } }).details.fields[0];
    };
    expect(await field(call('PUT', url, { value: 0 }))).toMatchObject({ field: 'value', code: 'TOO_SMALL' });
    expect(await field(call('PUT', url, { value: 121 }))).toMatchObject({
      field: 'value',
      code: 'TOO_BIG',
      limit: 120,
    });
    expect(await field(call('PUT', url, { value: 2.5 }))).toMatchObject({ field: 'value' });
    // a knife has no prompt delay; a knife swap interval keeps its own bounds
    expect(
      await field(
        call('PUT', '/config-options/scope/KNIFE/type/NO_CUTS_PROMPT_DELAY/object/RFID-1', { value: 5 }),
      ),
    ).toMatchObject({ field: 'type', in: 'params', code: 'INVALID_VALUE' });
    expect(
      await field(
        call('PUT', `/config-options/scope/PRINTING_SHOP/type/KNIFE_SWAP_INTERVAL/object/${north.id}`, {
          value: 50,
        }),
      ),
    ).toMatchObject({ field: 'value', code: 'TOO_SMALL', limit: 100 });
    expect(
      await field(
        call('PUT', '/config-options/scope/MACHINE/type/NO_CUTS_PROMPT_DELAY/batch', {
          objectIds: [north.id],
          value: 500,
        }),
      ),
    ).toMatchObject({ field: 'value', code: 'TOO_BIG', limit: 120 });
    // nothing of it was stored
    expect(await options()).toEqual(before);
  });

  it('the manager may set intervals, the operator may not', async () => {
    const manager = await t.login('demo', 'manager');
    const operator = await t.login('demo', 'operator');
    const [north] = (await call('GET', '/printing-shops')).json().items;
    const url = `/config-options/scope/PRINTING_SHOP/type/KNIFE_SWAP_INTERVAL/object/${north.id}`;
    expect((await call('PUT', url, { value: 3600 }, manager)).statusCode).toBe(200);
    expect((await call('PUT', url, { value: 3600 }, operator)).json().code).toBe('authentication.FORBIDDEN');
  });
});

describe('employees', () => {
  it('lists employees by location and search, with their locations', async () => {
    const [north] = (await call('GET', '/printing-shops')).json().items;
    const page = (await call('GET', `/users?locationIds=${north.id}&search=weber`)).json();
    expect(page.items.map((user: { username: string }) => user.username)).toEqual(['manager']);
    expect(page.items[0].printingShopIds).toHaveLength(2); // the demo manager works at both locations
    expect(page.items[0].printingShopIds).toContain(north.id);
    const atLocation = (await call('GET', `/printing-shops/${north.id}/user-view`)).json();
    expect(atLocation.map((user: { username: string }) => user.username)).toEqual(
      expect.arrayContaining(['admin', 'manager']),
    );
  });

  it('refuses unknown locations in an assignment', async () => {
    const self = (
      await t.request({ method: 'GET', url: '/api/auth/users/self', headers: bearer(admin) })
    ).json();
    const response = await call('PUT', `/users/${self.id}/printing-shops`, {
      printingShopIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(response.json().details.fields[0]).toMatchObject({
      field: 'printingShopIds',
      code: 'INVALID_VALUE',
    });
  });
});

describe('tenant isolation', () => {
  it('another printing shop reads and changes nothing of the demo tenant through any id route', async () => {
    await t.addTenant('rival-print', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP', 'PRINTING_SHOP_MANAGER']);
    const rival = await t.login('rival-print', 'admin-printing-shop');
    const [north] = (await call('GET', '/printing-shops')).json().items;
    const machineId = (await call('GET', `/printing-shops/${north.id}/cutting-machines`)).json()[0].id;
    const before = JSON.stringify([
      (await call('GET', `/printing-shops/${north.id}`)).json(),
      (await call('GET', `/cutting-machines/${machineId}`)).json(),
      (await call('GET', `/printing-shops/${north.id}/options`)).json(),
      (await call('GET', `/cutting-machines/${machineId}/options`)).json(),
    ]);
    const attempts: [Method, string, object?][] = [
      ['GET', `/printing-shops/${north.id}`],
      ['PUT', `/printing-shops/${north.id}`, location()],
      ['DELETE', `/printing-shops/${north.id}`],
      ['GET', `/printing-shops/${north.id}/cutting-machines`],
      ['GET', `/printing-shops/${north.id}/user-view`],
      ['GET', `/printing-shops/${north.id}/options`],
      ['GET', `/cutting-machines/${machineId}`],
      ['GET', `/cutting-machines/${machineId}/admin-view`],
      ['GET', `/cutting-machines/${machineId}/options`],
      ['PUT', `/cutting-machines/${machineId}`, machine(north.id, { serialNumber: 'PM-HIJACK-1' })],
      ['DELETE', `/cutting-machines/${machineId}`],
      ['PUT', `/config-options/scope/MACHINE/type/KNIFE_SWAP_INTERVAL/object/${machineId}`, { value: 100 }],
      [
        'PUT',
        `/config-options/scope/PRINTING_SHOP/type/KNIFE_SWAP_INTERVAL/object/${north.id}`,
        { value: 100 },
      ],
      ['DELETE', `/config-options/scope/PRINTING_SHOP/type/KNIFE_SWAP_INTERVAL/object/${north.id}`],
      ['PUT', `/config-options/scope/MACHINE/type/NO_CUTS_PROMPT_DELAY/object/${machineId}`, { value: 1 }],
      [
        'PUT',
        `/config-options/scope/PRINTING_SHOP/type/NO_CUTS_PROMPT_DELAY/object/${north.id}`,
        { value: 1 },
      ],
      ['DELETE', `/config-options/scope/PRINTING_SHOP/type/NO_CUTS_PROMPT_DELAY/object/${north.id}`],
      [
        'PUT',
        '/config-options/scope/MACHINE/type/NO_CUTS_PROMPT_DELAY/batch',
        { objectIds: [machineId], value: 1 },
      ],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(method, url, payload, rival);
      expect([400, 404], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
      expect(response.body).not.toContain('Werk Nord');
    }
    const lists = [
      (await call('GET', '/printing-shops', undefined, rival)).json().items,
      (await call('GET', '/cutting-machines/admin-view', undefined, rival)).json().machines,
      (await call('GET', `/users?locationIds=${north.id}`, undefined, rival)).json().items,
    ];
    for (const list of lists) expect(list).toEqual([]);
    expect((await call('GET', '/network-admin', undefined, rival)).json()).toEqual({
      name: null,
      phone: null,
      email: null,
    });
    const after = JSON.stringify([
      (await call('GET', `/printing-shops/${north.id}`)).json(),
      (await call('GET', `/cutting-machines/${machineId}`)).json(),
      (await call('GET', `/printing-shops/${north.id}/options`)).json(),
      (await call('GET', `/cutting-machines/${machineId}/options`)).json(),
    ]);
    expect(after).toBe(before);
  });

  it('roles without admin rights cannot change locations or machines', async () => {
    const manager = await t.login('demo', 'manager');
    const operator = await t.login('demo', 'operator');
    for (const tokens of [manager, operator]) {
      expect((await call('POST', '/printing-shops', location(), tokens)).json().code).toBe(
        'authentication.FORBIDDEN',
      );
      expect((await call('GET', '/cutting-machines/admin-view', undefined, tokens)).json().code).toBe(
        'authentication.FORBIDDEN',
      );
      expect((await call('PUT', '/network-admin', { name: 'x' }, tokens)).json().code).toBe(
        'authentication.FORBIDDEN',
      );
    }
  });
});
