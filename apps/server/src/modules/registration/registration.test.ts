import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextAddress, startTestApp, type TestApp } from '../../../test/harness';
import { registrationBody, solvedCaptcha, WEBSITE_TEST_ENV } from '../../../test/website-helpers';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp(WEBSITE_TEST_ENV);
});
afterAll(() => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextAddress() });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers, remoteAddress: nextAddress() });

async function rowCount(table: string) {
  const result = await t.database.db.execute(`SELECT count(*)::int AS n FROM ${table}` as never);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe('registration of a printing shop (POST /api/knife/register)', () => {
  it('creates tenant, admin, unlicensed machines and invoice at once; the admin logs in and opens the invoice', async () => {
    const body = registrationBody(await solvedCaptcha(t));
    const response = await post('/api/knife/register', body);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result.tenantId).toBe(body.tenantId);
    expect(result.invoiceNumber).toMatch(/^RE-\d{4}-\d{6}$/);
    expect(result.price.machineCount).toBe(3);
    expect(result.price.currency).toBe('EUR');
    expect(result.price.vatRateBasisPoints).toBe(1900);
    expect(result.price.totalCents).toBe(result.price.netCents + result.price.vatCents);

    const tokens = await t.login(body.tenantId, 'kvogel', body.password);
    const self = await get('/api/auth/users/self', bearer(tokens));
    expect(self.json()).toMatchObject({ role: 'ADMIN_PRINTING_SHOP', email: body.email, language: 'GERMAN' });

    // What was invoiced is what the dashboard shows: three licences, ordered, awaiting installation
    // (no placeholder machines with made-up serial numbers)
    const machines = await get('/api/printing-shop/cutting-machines/admin-view', bearer(tokens));
    expect(machines.statusCode, machines.body).toBe(200);
    expect(machines.json().machines).toEqual([]);
    const licensing = machines.json().licensing;
    expect(licensing).toMatchObject({
      licensedMachines: 0,
      unlicensedMachines: 0,
      unusedLicences: 0,
      licences: 3,
      annualNetCents: 3 * 30000,
      currency: 'EUR',
    });
    expect(
      licensing.orderedLicences.map(
        (l: { manufacturer: string; model: string }) => `${l.manufacturer} ${l.model}`,
      ),
    ).toEqual(['Polar N 115 Plus', 'Polar N 115 Plus', 'Wohlenberg cut-TEC 137']);
    for (const ordered of licensing.orderedLicences)
      expect(ordered).toMatchObject({ invoiceNumber: result.invoiceNumber, orderedAt: expect.any(String) });

    const invoices = await get('/api/knife/invoices', bearer(tokens));
    expect(invoices.json()).toEqual([
      expect.objectContaining({
        number: result.invoiceNumber,
        totalCents: result.price.totalCents,
        machineCount: 3,
      }),
    ]);
    const pdf = await get(`/api/knife/invoices/${invoices.json()[0].id}/pdf`, bearer(tokens));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1500);
  });

  it('refuses a taken tenant ID with TENANT_ID_TAKEN and leaves nothing behind', async () => {
    const before = await Promise.all(['tenants', 'users', 'invoices', 'registrations'].map(rowCount));
    const taken = await post(
      '/api/knife/register',
      registrationBody(await solvedCaptcha(t), { tenantId: 'demo' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('service.knives.TENANT_ID_TAKEN');
    const after = await Promise.all(['tenants', 'users', 'invoices', 'registrations'].map(rowCount));
    expect(after).toEqual(before);
    const free = await get('/api/knife/is-tenant-id-available/demo');
    expect(free.json()).toEqual({ tenantId: 'demo', available: false });
    expect((await get('/api/knife/is-tenant-id-available/noch-frei-4711')).json().available).toBe(true);
  });

  it('rolls the whole registration back when its last write fails', async () => {
    // A fault in the real database: the invoice row (written after tenant, user, registration and
    // machines) is refused for this one tenant ID.
    const body = registrationBody(await solvedCaptcha(t));
    await t.database.db.execute(
      `CREATE FUNCTION refuse_invoice() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         IF (SELECT slug FROM tenants WHERE id = NEW.tenant_id) = '${body.tenantId}' THEN
           RAISE EXCEPTION 'invoice refused by test';
         END IF; RETURN NEW; END $$` as never,
    );
    await t.database.db.execute(
      'CREATE TRIGGER refuse_invoice BEFORE INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION refuse_invoice()' as never,
    );
    try {
      const tables = ['tenants', 'users', 'registrations', 'invoices', 'cutting_machines', 'mail_outbox'];
      const before = await Promise.all(tables.map(rowCount));
      const refused = await post('/api/knife/register', body);
      expect(refused.statusCode).toBe(500);
      expect(refused.json().code).toBe('common.INTERNAL_ERROR');
      expect(await Promise.all(tables.map(rowCount))).toEqual(before);
      expect((await get(`/api/knife/is-tenant-id-available/${body.tenantId}`)).json().available).toBe(true);
    } finally {
      await t.database.db.execute('DROP TRIGGER refuse_invoice ON invoices' as never);
      await t.database.db.execute('DROP FUNCTION refuse_invoice()' as never);
    }
  });

  it('checks the product.md §5 rules with field codes: password, confirmations, terms, phone', async () => {
    const captcha = await solvedCaptcha(t);
    const weak = await post(
      '/api/knife/register',
      registrationBody(captcha, {
        password: 'kurz',
        passwordConfirmation: 'anders',
        emailConfirmation: 'other@example.com',
        acceptTerms: false,
      }),
    );
    expect(weak.statusCode).toBe(400);
    const fields = weak
      .json()
      .details.fields.map((f: { field: string; code: string }) => `${f.field}:${f.code}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'password:PASSWORD_TOO_SHORT',
        'password:PASSWORD_NEEDS_UPPERCASE',
        'acceptTerms:REQUIRED',
      ]),
    );
    const mismatch = await post(
      '/api/knife/register',
      registrationBody(captcha, {
        emailConfirmation: 'other@example.com',
        passwordConfirmation: 'Anders!123x',
      }),
    );
    expect(mismatch.json().details.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'emailConfirmation', code: 'NOT_EQUAL' }),
        expect.objectContaining({ field: 'passwordConfirmation', code: 'NOT_EQUAL' }),
      ]),
    );
    const common = await post(
      '/api/knife/register',
      registrationBody(captcha, { password: 'Password1!', passwordConfirmation: 'Password1!' }),
    );
    expect(common.json().details.fields).toEqual([
      { field: 'password', in: 'body', code: 'PASSWORD_TOO_COMMON' },
    ]);
    const phone = await post('/api/knife/register', registrationBody(captcha, { phone: '+49 12' }));
    expect(phone.json().details.fields).toEqual([{ field: 'phone', in: 'body', code: 'INVALID_PHONE' }]);
  });

  it('needs a solved captcha, and a solution works only once', async () => {
    const captcha = await solvedCaptcha(t);
    const forged = structuredClone(captcha);
    const key = forged.solution.derivedKey;
    forged.solution.derivedKey = `${key[0] === '0' ? '1' : '0'}${key.slice(1)}`;
    const refused = await post('/api/knife/register', registrationBody(forged));
    expect(refused.json().code).toBe('service.knives.CAPTCHA_INVALID');
    expect((await post('/api/knife/captcha-test', { captcha })).json()).toEqual({ verified: true });
    expect((await post('/api/knife/register', registrationBody(captcha))).statusCode).toBe(201);
    const replay = await post('/api/knife/register', registrationBody(captcha));
    expect(replay.json().code).toBe('service.knives.CAPTCHA_INVALID');
    expect((await post('/api/knife/captcha-test', { captcha })).json()).toEqual({ verified: false });
  });
});

describe('captcha solutions across server instances (one database)', () => {
  it('a solution used on one instance is refused by the other, and each instance accepts a fresh one', async () => {
    // A second instance with the same configuration; on PostgreSQL with a connection pool of its own.
    const url = (t.database as { url?: string }).url;
    const database = url ? await openDatabase({ kind: 'postgres', url, poolSize: 2 }) : t.database;
    const other = await buildApp(t.config, { database });
    try {
      const contact = (captcha: unknown) => ({
        salutation: 'MS',
        firstName: 'Olena',
        lastName: 'Kovalenko',
        email: 'olena@druk.example',
        phone: '+49 30 1234567',
        company: '',
        message: 'Bitte rufen Sie mich an.',
        language: 'GERMAN',
        captcha,
      });
      const send = (app: typeof other, payload: unknown, url = '/api/knife/contact') =>
        app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: nextAddress() });

      const captcha = await solvedCaptcha(t);
      expect((await send(other, { captcha }, '/api/knife/captcha-test')).json()).toEqual({ verified: true });
      expect((await send(t.app, contact(captcha))).statusCode).toBe(201);
      // the other instance knows it is spent: neither the test call nor a form accepts it again
      expect((await send(other, { captcha }, '/api/knife/captcha-test')).json()).toEqual({ verified: false });
      const replay = await send(other, contact(captcha));
      expect(replay.statusCode).toBe(400);
      expect(replay.json().code).toBe('service.knives.CAPTCHA_INVALID');

      // the same race on both instances at once: exactly one of them takes it
      const raced = await solvedCaptcha(t);
      const answers = await Promise.all([send(t.app, contact(raced)), send(other, contact(raced))]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
      expect(await rowCount("contact_requests WHERE last_name = 'Kovalenko'")).toBe(2);
    } finally {
      await other.close();
      if (url) await database.close();
    }
  });
});

describe('prices and conditions', () => {
  it('answers the price list, conditions and a price with reverse charge for an Austrian VAT number', async () => {
    expect((await get('/api/knife/pricing-info/CHF')).json()).toEqual({
      currency: 'CHF',
      licenceMonthlyNetCents: 2400,
      licenceAnnualNetCents: 28800,
      installationNetCents: 47000,
    });
    const at = (await get('/api/knife/current-contract-conditions/AT')).json();
    expect(at).toMatchObject({
      vatRateBasisPoints: 2000,
      reverseChargeWithVatNumber: true,
      paymentTermDays: 14,
    });
    const price = await post('/api/knife/calculate-price', {
      country: 'AT',
      currency: 'EUR',
      vatNumber: 'ATU 1234 5678',
      machines: [{ manufacturer: 'Polar', model: 'N 137 Plus', count: 2 }],
    });
    expect(price.json()).toMatchObject({ reverseCharge: true, vatCents: 0, machineCount: 2 });
    const widths = (await get('/api/knife/cutting-widths')).json();
    expect(widths.widths).toContain(1150);
    expect(widths.models).toContainEqual({ manufacturer: 'Polar', model: 'N 115 Plus', cuttingWidth: 1150 });
  });

  it('limits each public call per client address with service.knives.TOO_MANY_ATTEMPTS', async () => {
    const limited = await startTestApp({ ...WEBSITE_TEST_ENV, PUBLIC_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      let last: { json(): { code: string }; headers: Record<string, unknown> } | undefined;
      for (let i = 0; i < 5; i++) {
        last = await limited.request({
          method: 'GET',
          url: '/api/knife/pricing-info/EUR',
          remoteAddress: '10.9.9.9',
        });
        statuses.push((last as unknown as { statusCode: number }).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(last!.json().code).toBe('service.knives.TOO_MANY_ATTEMPTS');
      expect(last!.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('contact requests (POST /api/knife/contact)', () => {
  it('stores the request and queues the mail to sales (no SMTP_URL: the outbox keeps it)', async () => {
    const before = await rowCount('mail_outbox');
    const response = await post('/api/knife/contact', {
      salutation: 'MR',
      firstName: 'Piet',
      lastName: 'Jansen',
      email: 'piet@drukkerij.example',
      phone: '+31 20 123 4567',
      company: '',
      message: 'Wij willen graag een offerte\nvoor twee machines.',
      language: 'DUTCH',
      captcha: await solvedCaptcha(t),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await rowCount('mail_outbox')).toBe(before + 1);
    const stored = await t.database.db.execute(
      "SELECT phone, company, message FROM contact_requests WHERE last_name = 'Jansen'" as never,
    );
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([
      { phone: '+31201234567', company: null, message: 'Wij willen graag een offerte\nvoor twee machines.' },
    ]);
  });
});

describe('additional machines of a registered shop', () => {
  it('orders with an api-token acquired by the admin, invoices them and uses the token up', async () => {
    const body = registrationBody(await solvedCaptcha(t), {
      currency: 'CHF',
      address: { street: 'Seestrasse', streetNumber: '4', zip: '8002', city: 'Zürich', country: 'CH' },
    });
    expect((await post('/api/knife/register', body)).statusCode).toBe(201);
    const admin = await t.login(body.tenantId, 'kvogel', body.password);
    const acquired = await post(
      '/api/knife/tokens/additional-machine-registration/acquire',
      undefined,
      bearer(admin),
    );
    expect(acquired.statusCode, acquired.body).toBe(201);
    const { registrationId, token } = acquired.json();

    const view = await get(`/api/knife/registration/${registrationId}`, { 'api-token': token });
    expect(view.json()).toMatchObject({
      tenantId: body.tenantId,
      currency: 'CHF',
      country: 'CH',
      machineCount: 3,
    });

    const order = await post(
      `/api/knife/registration/${registrationId}/additional-machines`,
      { machines: [{ manufacturer: 'Perfecta', model: '115 TS', count: 1 }], acceptTerms: true },
      { 'api-token': token },
    );
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().price).toMatchObject({ currency: 'CHF', vatRateBasisPoints: 810, machineCount: 1 });
    const again = await post(
      `/api/knife/registration/${registrationId}/additional-machines`,
      { machines: [{ manufacturer: 'Perfecta', model: '115 TS', count: 1 }], acceptTerms: true },
      { 'api-token': token },
    );
    expect(again.json().code).toBe('service.knives.REGISTRATION_TOKEN_INVALID');
    const invoices = await get('/api/knife/invoices', bearer(admin));
    expect(invoices.json()).toHaveLength(2);
    const machines = await get('/api/printing-shop/cutting-machines/admin-view', bearer(admin));
    expect(machines.json().machines).toHaveLength(0);
    // the CHF price list: 24.00 CHF a month per licence, four licences ordered
    expect(machines.json().licensing).toMatchObject({
      licences: 4,
      annualNetCents: 4 * 12 * 2400,
      monthlyNetCentsPerMachine: 2400,
      currency: 'CHF',
    });
    expect(machines.json().licensing.orderedLicences.at(-1)).toMatchObject({
      manufacturer: 'Perfecta',
      model: '115 TS',
      invoiceNumber: order.json().invoiceNumber,
    });
  });

  it('refuses the token for another registration and a made-up token', async () => {
    const admin = await t.login('demo', 'admin');
    const { registrationId, token } = (
      await post('/api/knife/tokens/additional-machine-registration/acquire', undefined, bearer(admin))
    ).json();
    const otherId = '00000000-0000-4000-8000-000000000001';
    expect((await get(`/api/knife/registration/${otherId}`, { 'api-token': token })).json().code).toBe(
      'service.knives.REGISTRATION_TOKEN_INVALID',
    );
    const madeUp = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await get(`/api/knife/registration/${registrationId}`, { 'api-token': madeUp })).statusCode).toBe(
      401,
    );
    const manager = await t.login('demo', 'manager');
    expect(
      (await post('/api/knife/tokens/additional-machine-registration/acquire', undefined, bearer(manager)))
        .statusCode,
    ).toBe(403);
  });

  it('gives the demo printing shop its invoice', async () => {
    const admin = await t.login('demo', 'admin');
    const invoices = (await get('/api/knife/invoices', bearer(admin))).json();
    expect(invoices.length).toBeGreaterThanOrEqual(1);
    expect(invoices.at(-1)).toMatchObject({ machineCount: 5, currency: 'EUR' });
    // the demo's later order of one machine: invoiced, its licence awaits the machine
    expect(invoices.at(-2)).toMatchObject({ machineCount: 1, currency: 'EUR' });
    const view = (await get('/api/printing-shop/cutting-machines/admin-view', bearer(admin))).json();
    expect(view.licensing.orderedLicences).toEqual([
      expect.objectContaining({
        manufacturer: 'Polar',
        model: 'N 137 Plus',
        invoiceNumber: invoices.at(-2).number,
      }),
    ]);
  });
});
