import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextAddress, startTestApp, type TestApp } from '../../../test/harness';
import { registrationBody, solvedCaptcha, WEBSITE_TEST_ENV } from '../../../test/website-helpers';

/**
 * Issue 32 item 1: money flows agree with themselves. An order binds only with the terms accepted;
 * what was invoiced is what the dashboard counts (ordered licences awaiting their machines); an
 * installed machine takes one ordered licence, never two machines the same one.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp(WEBSITE_TEST_ENV);
});
afterAll(() => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextAddress() });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers, remoteAddress: nextAddress() });

async function registeredShop(machines = [{ manufacturer: 'Polar', model: 'N 115 Plus', count: 2 }]) {
  const body = registrationBody(await solvedCaptcha(t), { machines });
  const registered = await post('/api/knife/register', body);
  expect(registered.statusCode, registered.body).toBe(201);
  const admin = await t.login(body.tenantId, 'kvogel', body.password);
  return { body, admin, result: registered.json() };
}

async function orderToken(admin: Parameters<typeof bearer>[0]) {
  const acquired = await post(
    '/api/knife/tokens/additional-machine-registration/acquire',
    undefined,
    bearer(admin),
  );
  expect(acquired.statusCode, acquired.body).toBe(201);
  return acquired.json() as { registrationId: string; token: string };
}

const licensing = async (admin: Parameters<typeof bearer>[0]) =>
  (await get('/api/printing-shop/cutting-machines/admin-view', bearer(admin))).json().licensing;

async function installedMachine(admin: Parameters<typeof bearer>[0], serialNumber: string) {
  const headers = bearer(admin);
  const location = await post(
    '/api/printing-shop/printing-shops',
    {
      name: `Halle ${serialNumber}`,
      street: 'Hafenstraße',
      streetNumber: '12',
      zip: '28195',
      city: 'Bremen',
      country: 'DE',
    },
    headers,
  );
  expect(location.statusCode, location.body).toBe(201);
  const created = await post(
    '/api/printing-shop/cutting-machines',
    { name: `Polar ${serialNumber}`, serialNumber, printingShopId: location.json().id, cuttingWidth: 1150 },
    headers,
  );
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().licensedAt).toBeNull();
  return created.json() as { id: string };
}

describe('a binding order asks for the terms', () => {
  it('refuses an order of further machines without the terms accepted, with the field named', async () => {
    const { admin } = await registeredShop();
    const { registrationId, token } = await orderToken(admin);
    const machines = [{ manufacturer: 'Polar', model: 'N 137 Plus', count: 1 }];
    for (const payload of [{ machines, acceptTerms: false }, { machines }]) {
      const refused = await post(`/api/knife/registration/${registrationId}/additional-machines`, payload, {
        'api-token': token,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('validation.INVALID_INPUT');
      expect(refused.json().details.fields).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'acceptTerms', code: 'REQUIRED' })]),
      );
    }
    expect((await get('/api/knife/invoices', bearer(admin))).json()).toHaveLength(1);
    // the token was not used up by the refused orders: the accepted one goes through
    const accepted = await post(
      `/api/knife/registration/${registrationId}/additional-machines`,
      { machines, acceptTerms: true },
      { 'api-token': token },
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('orders once when the same order is sent twice at the same time (double click)', async () => {
    const { admin } = await registeredShop();
    const { registrationId, token } = await orderToken(admin);
    const payload = {
      machines: [{ manufacturer: 'Polar', model: 'N 137 Plus', count: 1 }],
      acceptTerms: true,
    };
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        post(`/api/knife/registration/${registrationId}/additional-machines`, payload, {
          'api-token': token,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 401, 401]);
    for (const refused of answers.filter((a) => a.statusCode === 401))
      expect(refused.json().code).toBe('service.knives.REGISTRATION_TOKEN_INVALID');
    expect((await get('/api/knife/invoices', bearer(admin))).json()).toHaveLength(2);
    expect((await licensing(admin)).licences).toBe(3);
  });
});

describe('what was invoiced is what the dashboard shows', () => {
  it('counts the ordered licences with their order date and cost like the invoice', async () => {
    const { admin, result } = await registeredShop();
    const summary = await licensing(admin);
    const invoice = (await get('/api/knife/invoices', bearer(admin))).json()[0];
    expect(invoice).toMatchObject({ machineCount: 2, totalCents: result.price.totalCents });
    expect(summary).toMatchObject({ licensedMachines: 0, unlicensedMachines: 0, licences: 2 });
    expect(summary.orderedLicences).toHaveLength(2);
    expect(summary.orderedLicences[0].orderedAt).toBe(invoice.issuedAt);
    // the licence line of the invoice is the pro-rata share of the annual cost the dashboard shows
    const licenceLine = result.price.lines.find((line: { kind: string }) => line.kind === 'LICENCE');
    expect(summary.annualNetCents).toBe(2 * result.price.annualLicencePerMachineNetCents);
    expect(licenceLine.unitNetCents * 12).toBe(
      result.price.annualLicencePerMachineNetCents * licenceLine.months,
    );
    const serials = await get('/api/printing-shop/cutting-machines/serial-numbers/unused', bearer(admin));
    expect(serials.json()).toEqual([]);
  });

  it('gives an installed machine an ordered licence; a second machine takes the other; a third gets none', async () => {
    const { admin } = await registeredShop();
    const first = await installedMachine(admin, `SN-${Date.now()}-A`);
    const licensed = await post(`/api/printing-shop/cutting-machines/${first.id}/licence`, {}, bearer(admin));
    expect(licensed.statusCode, licensed.body).toBe(200);
    expect(licensed.json().licensedAt).not.toBeNull();
    let summary = await licensing(admin);
    expect(summary).toMatchObject({ licensedMachines: 1, unlicensedMachines: 0, licences: 2 });
    expect(summary.orderedLicences).toHaveLength(1);

    const again = await post(`/api/printing-shop/cutting-machines/${first.id}/licence`, {}, bearer(admin));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('service.printing-shops.MACHINE_ALREADY_LICENSED');

    const second = await installedMachine(admin, `SN-${Date.now()}-B`);
    const third = await installedMachine(admin, `SN-${Date.now()}-C`);
    expect(
      (await post(`/api/printing-shop/cutting-machines/${second.id}/licence`, {}, bearer(admin))).statusCode,
    ).toBe(200);
    const none = await post(`/api/printing-shop/cutting-machines/${third.id}/licence`, {}, bearer(admin));
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('service.printing-shops.NO_ORDERED_LICENCE');
    summary = await licensing(admin);
    expect(summary).toMatchObject({
      licensedMachines: 2,
      unlicensedMachines: 1,
      licences: 2,
      orderedLicences: [],
    });
    expect(summary.annualNetCents).toBe(2 * 30000);
  });

  it('never gives one ordered licence to two machines licensed at the same time', async () => {
    const { admin } = await registeredShop([{ manufacturer: 'Polar', model: 'N 115 Plus', count: 1 }]);
    const machines = await Promise.all(
      [0, 1, 2].map((n) => installedMachine(admin, `SN-${Date.now()}-R${n}`)),
    );
    const answers = await Promise.all(
      machines.map((m) => post(`/api/printing-shop/cutting-machines/${m.id}/licence`, {}, bearer(admin))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().code).toBe('service.printing-shops.NO_ORDERED_LICENCE');
    expect(await licensing(admin)).toMatchObject({ licensedMachines: 1, unlicensedMachines: 2, licences: 1 });
  });

  it("cannot see or take another tenant's ordered licence", async () => {
    const owner = await registeredShop();
    const other = await registeredShop([{ manufacturer: 'Polar', model: 'N 92 Plus', count: 1 }]);
    // the other shop uses up its own licence, then finds none: the owner's two stay the owner's
    const [a, b] = [
      await installedMachine(other.admin, `SN-${Date.now()}-X`),
      await installedMachine(other.admin, `SN-${Date.now()}-Y`),
    ];
    expect(
      (await post(`/api/printing-shop/cutting-machines/${a.id}/licence`, {}, bearer(other.admin))).statusCode,
    ).toBe(200);
    const none = await post(`/api/printing-shop/cutting-machines/${b.id}/licence`, {}, bearer(other.admin));
    expect(none.json().code).toBe('service.printing-shops.NO_ORDERED_LICENCE');
    const ownerLicence = (await licensing(owner.admin)).orderedLicences[0].id;
    const named = await post(
      `/api/printing-shop/cutting-machines/${b.id}/licence`,
      { licenceId: ownerLicence },
      bearer(other.admin),
    );
    expect(named.json().code).toBe('service.printing-shops.NO_ORDERED_LICENCE');
    // nor license the owner's machine from the other tenant
    const ownerMachine = await installedMachine(owner.admin, `SN-${Date.now()}-O`);
    const foreign = await post(
      `/api/printing-shop/cutting-machines/${ownerMachine.id}/licence`,
      {},
      bearer(other.admin),
    );
    expect(foreign.json().code).toBe('service.printing-shops.MACHINE_NOT_FOUND');
    expect((await licensing(owner.admin)).orderedLicences).toHaveLength(2);
    expect((await licensing(other.admin)).orderedLicences).toHaveLength(0);
  });

  it('lets only the admin license a machine', async () => {
    const manager = await t.login('demo', 'manager');
    const answer = await post(
      '/api/printing-shop/cutting-machines/00000000-0000-4000-8000-000000000001/licence',
      {},
      bearer(manager),
    );
    expect(answer.statusCode).toBe(403);
  });
});
