import { randomUUID } from 'node:crypto';
import { ERROR_CODES, normaliseText, type TokenPair } from '@kerf/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO_PASSWORD, nextAddress, startTestApp, type TestApp } from '../harness';
import { registrationBody, solvedCaptcha, WEBSITE_TEST_ENV } from '../website-helpers';

/**
 * Arbitrary Unicode in every string field of every write operation of the OpenAPI document: control
 * characters, lone surrogates, right-to-left marks, 4-byte emoji, combining marks, odd spaces and
 * very long strings. Never a 5xx; every 4xx carries a catalogue code; what was accepted reads back
 * exactly as `normaliseText` says (NFC, trimmed, empty as null).
 *
 * TEXT_PROPERTY_RUNS sets the runs per operation (CI default below; the full run uses 1000), and
 * TEXT_PROPERTY_SEED the seed, so a failure replays.
 */
const RUNS = Number(process.env.TEXT_PROPERTY_RUNS ?? 400);
const SEED = Number(process.env.TEXT_PROPERTY_SEED ?? 20_261_121);

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Operation = { method: string; path: string; schema: JsonSchema };
type Body = Record<string, unknown>;

/** How to send a valid request for an operation and where to read back what it stored. */
interface Fixture {
  url: () => string;
  /** who sends it: the location admin unless the operation is someone else's */
  as?: 'operator' | 'manager' | 'serviceAdmin' | 'grindAdmin' | 'grinder' | 'sysadmin';
  /** another authorization header (a machine's credential) instead of the user's bearer token */
  authorization?: () => string;
  /** extra request headers (the website's api-token) */
  headers?: () => Record<string, string>;
  body: () => Body;
  /** the URL to GET what an accepted write stored; the 2xx answer's body is passed in */
  readBack?: (answer: Body) => string;
  /** fields read back as normalised text at the same path (empty stored as null) */
  text?: string[];
  /** other fields read back with their own rule */
  custom?: Record<string, (input: string) => unknown>;
}

let t: TestApp;
let admin: TokenPair;
let operator: TokenPair;
let manager: TokenPair;
let serviceAdmin: TokenPair;
let grindAdmin: TokenPair;
let grinder: TokenPair;
let sysadmin: TokenPair;
let operations: Operation[];
let fixtures: Record<string, Fixture>;
let counter = 0;

function sender(fixture: Fixture) {
  if (fixture.as === 'operator') return operator;
  if (fixture.as === 'manager') return manager;
  if (fixture.as === 'serviceAdmin') return serviceAdmin;
  if (fixture.as === 'grindAdmin') return grindAdmin;
  if (fixture.as === 'grinder') return grinder;
  if (fixture.as === 'sysadmin') return sysadmin;
  return admin;
}
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

async function call(
  method: string,
  url: string,
  body?: unknown,
  tokens = admin,
  authorization?: string,
  extraHeaders: Record<string, string> = {},
) {
  return t.request({
    method: method as 'GET',
    url,
    remoteAddress: nextAddress(),
    headers: { ...(authorization ? { authorization } : bearer(tokens)), ...extraHeaders },
    ...(body === undefined ? {} : { payload: body as Body }),
  });
}

/** The string fields of a JSON schema as dotted paths (`network.networkName`, `ids.0`). */
function stringFields(
  schema: JsonSchema | undefined,
  resolve: (s: JsonSchema) => JsonSchema,
  at = '',
): string[] {
  if (!schema) return [];
  const s = resolve(schema);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const fields: string[] = [];
  if (types.includes('string') && at) fields.push(at);
  for (const [key, child] of Object.entries(s.properties ?? {}))
    fields.push(...stringFields(child, resolve, at ? `${at}.${key}` : key));
  if (s.items) fields.push(...stringFields(s.items, resolve, `${at}.0`));
  for (const option of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    fields.push(...stringFields(option, resolve, at));
  return [...new Set(fields)];
}

function setPath(body: Body, path: string, value: unknown): Body {
  const keys = path.split('.');
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const [index, key] of keys.entries()) {
    if (index === keys.length - 1) {
      node[key] = value;
      break;
    }
    const nextIsIndex = /^\d+$/.test(keys[index + 1]!);
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = nextIsIndex ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
  return copy;
}

function getPath(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], body);
}

// ---------------------------------------------------------------------------------------------
// The strings

const char = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((c) => String.fromCharCode(c));
const control = fc.oneof(char(0x00, 0x1f), char(0x7f, 0x9f));
const loneSurrogate = char(0xd800, 0xdfff);
const bidi = fc.constantFrom(
  '\u200e',
  '\u200f',
  '\u061c',
  '\u202a',
  '\u202b',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2069',
);
const emoji = fc.constantFrom('😀', '👍🏽', '👨‍👩‍👧', '🇩🇪', '𝔘', '🔪', '\u{10FFFD}');
const combining = fc.constantFrom('e\u0301', 'A\u030a', '\u0301', 'n\u0303', '\u1100\u1161', 'Å', 'ﬁ');
const space = fc.constantFrom(' ', '\u00a0', '\u3000', '\ufeff', '\u2028', '\u2003');
const letters = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 });
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c));
const printable = fc.oneof(letters, emoji, combining, bidi, space, fc.constantFrom('مرحبا', 'Straße', 'Цех'));
const hostile = fc.oneof(control, loneSurrogate, anyCodePoint);

const pieces = (unit: fc.Arbitrary<string>, maxLength: number) =>
  fc.array(unit, { minLength: 0, maxLength }).map((parts) => parts.join(''));
/** Mostly text a person could have typed (so writes get accepted), the rest hostile or very long. */
const unicodeText = fc.oneof(
  { weight: 12, arbitrary: pieces(printable, 12) },
  { weight: 3, arbitrary: pieces(fc.oneof(printable, hostile), 12) },
  { weight: 1, arbitrary: pieces(hostile, 6) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 200, maxLength: 5000 }) },
  { weight: 1, arbitrary: pieces(emoji, 80) },
);

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await startTestApp({ LOGIN_IP_LIMIT: '1000000', ...WEBSITE_TEST_ENV });
  admin = await t.login('demo', 'admin');
  operator = await t.login('demo', 'operator');
  manager = await t.login('demo', 'manager');
  serviceAdmin = await t.login('kerf', 'service-admin');
  grindAdmin = await t.login('demo-grind', 'admin');
  grinder = await t.login('demo-grind', 'grinder');
  sysadmin = await t.login('kerf', 'sysadmin');
  await t.app.ready();
  const doc = t.app.swagger() as unknown as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
    >;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(doc.components?.schemas?.[schema.$ref.split('/').at(-1)!] ?? {}) : schema;
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['post', 'put', 'patch'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path,
          schema: operation.requestBody?.content?.['application/json']?.schema ?? {},
        })),
    )
    .map((operation) => ({ ...operation, fields: stringFields(operation.schema, resolve) }))
    .filter((operation) => operation.fields.length > 0);

  // Objects the fixtures write to.
  const teamId = (await call('POST', '/api/printing-shop/teams', { name: 'Fuzz team' })).json().id as string;
  const location = await call('POST', '/api/printing-shop/printing-shops', { name: 'Fuzz', country: 'DE' });
  const locationId = location.json().id as string;
  const machineBody = (): Body => ({
    name: 'Fuzz machine',
    designation: 'Polar N 137',
    manufacturer: 'Polar',
    serialNumber: `FZ-${unique()}`,
    printingShopId: locationId,
    cuttingWidth: 1370,
    type: 'N 137',
    network: {
      connection: 'WIFI',
      addressMode: 'STATIC',
      ipAddress: '192.168.20.41',
      subnetMask: '255.255.255.0',
      gateway: '192.168.20.1',
      dnsServer: '192.168.20.2',
      networkName: 'Halle 3',
      security: 'WPA2_WPA3',
      password: 'geheim-123',
    },
    networkContact: { name: 'Stefan Krause', phone: '+49 40 1234567' },
  });
  const machine = await call('POST', '/api/printing-shop/cutting-machines', machineBody());
  expect(machine.statusCode, machine.body).toBe(201);
  const machineId = machine.json().id as string;
  const credential = await t.app.kerf.machineCredentials.issue(
    JSON.parse(Buffer.from(admin.bearerToken.split('.')[1]!, 'base64url').toString()).tid,
    machineId,
  );
  const userBody = (): Body => ({
    username: `fz-${unique()}`,
    email: null,
    firstName: 'Fuzz',
    lastName: 'Tester',
    displayName: 'FT',
    personnelNumber: '4711',
    role: 'PRINTING_SHOP_OPERATOR',
    password: 'Kerf-fuzz-2026',
  });
  const user = await call('POST', '/api/auth/users', userBody());
  expect(user.statusCode, user.body).toBe(201);
  const userId = user.json().id as string;
  const userUsername = user.json().username as string;

  const userText = ['firstName', 'lastName', 'displayName', 'personnelNumber'];
  const username = (input: string) => input.normalize('NFC').trim().toLowerCase();
  const machineText = [
    'name',
    'designation',
    'manufacturer',
    'type',
    'network.networkName',
    'networkContact.name',
  ];
  const serialNumber = (input: string) => input.trim();
  const knifeBody = (): Body => ({
    articleNumber: 'PM-K-1150',
    knifeClassName: 'HSS standard',
    height: 100,
    backThickness: 12,
    carrierMaterial: 'tool steel',
    material: 'HSS',
  });
  const knifeText = ['knifeClassName', 'carrierMaterial', 'material'];
  // Customer service (issue 14): a service area and an employee of the provider tenant.
  const area = await call(
    'POST',
    '/api/customer-service/service-areas',
    { value: `Fuzz ${unique()}` },
    serviceAdmin,
  );
  expect(area.statusCode, area.body).toBe(201);
  const areaId = area.json().id as string;
  const serviceUserBody = (): Body => ({
    ...userBody(),
    role: 'SERVICE_USER_SUPPORT',
    serviceAreaIds: [areaId],
  });
  const serviceUser = await call('POST', '/api/customer-service/users', serviceUserBody(), serviceAdmin);
  expect(serviceUser.statusCode, serviceUser.body).toBe(201);
  const serviceUserId = serviceUser.json().id as string;

  // The website's writes: a solved captcha per run (each solution works once), an api-token per order.
  const captchas = await Promise.all(Array.from({ length: 2 * RUNS + 10 }, () => solvedCaptcha(t)));
  const nextCaptcha = () => captchas.pop() ?? captchas[0]!;
  const testCaptcha = await solvedCaptcha(t);
  const apiTokens: { registrationId: string; token: string }[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const acquired = await call('POST', '/api/knife/tokens/additional-machine-registration/acquire');
    expect(acquired.statusCode, acquired.body).toBe(201);
    apiTokens.push(acquired.json());
  }
  const registrationId = apiTokens[0]!.registrationId;
  const machineOrder = () => [{ manufacturer: 'Polar', model: 'N 115 Plus', count: 1 }];
  // The operator terminal (issue 12): machines of the operator's location, an open order on each
  // of two of them (one split into partial jobs, one renamed while it has no cut).
  const operatorMachines = (
    await call('GET', '/api/printing-shop/cutting-machines/operator-selection-view', undefined, operator)
  ).json() as { machineId: string }[];
  const [splitMachine, renameMachine, statusMachine] = operatorMachines.map((m) => m.machineId);
  const openOrder = async (machine: string) => {
    const order = await call(
      'POST',
      '/api/printing-shop/orders',
      { machineId: machine, name: 'Fuzz order' },
      operator,
    );
    expect(order.statusCode, order.body).toBe(201);
    return order.json().id as string;
  };
  await openOrder(splitMachine!);
  const renameJob = await openOrder(renameMachine!);
  // Grinding shops (issue 13): a location and a machine of the demo grinding shop, one of its
  // grinders; the partnership with the demo printing shop, a knife of the printing shop at home and
  // one the grinder holds (the demo leaves one received and waiting).
  const grindingShopBody = (): Body => ({
    name: `Schleifwerk ${unique()}`,
    street: 'Eckendorfer Straße',
    streetNumber: '91',
    zip: '33609',
    city: 'Bielefeld',
    country: 'DE',
  });
  const grindingShop = await call(
    'POST',
    '/api/grinding-shop/grinding-shops',
    grindingShopBody(),
    grindAdmin,
  );
  expect(grindingShop.statusCode, grindingShop.body).toBe(201);
  const grindingShopId = grindingShop.json().id as string;
  const grindingMachineBody = (): Body => ({
    name: 'Flachschleifer Fuzz',
    manufacturer: 'Kolb',
    designation: 'Messerschleifmaschine 2.200',
    serialNumber: `GM-${unique()}`,
    grindingShopId,
    maxKnifeLength: 2200,
  });
  const grindingMachine = await call(
    'POST',
    '/api/grinding-shop/grinding-machines',
    grindingMachineBody(),
    grindAdmin,
  );
  expect(grindingMachine.statusCode, grindingMachine.body).toBe(201);
  const grindingMachineId = grindingMachine.json().id as string;
  const grinderBody = (): Body => ({ ...userBody(), role: 'GRINDER', grindingShopIds: [grindingShopId] });
  const grinderUser = await call('POST', '/api/grinding-shop/users', grinderBody(), grindAdmin);
  expect(grinderUser.statusCode, grinderUser.body).toBe(201);
  const grinderUserId = grinderUser.json().id as string;
  const partnership = (
    (await call('GET', '/api/knife/partnerships', undefined, manager)).json() as {
      id: string;
      state: string;
    }[]
  ).find((p) => p.state === 'ACTIVE');
  expect(partnership).toBeDefined();
  const homeKnife = `F1${Date.now().toString(16)}`.toUpperCase();
  const created = await call('POST', '/api/knife/knives', { rfid: homeKnife, ...knifeBody() }, manager);
  expect(created.statusCode, created.body).toBe(201);
  const inbox = (await call('GET', '/api/grinding-shop/shipments/inbox', undefined, grinder)).json() as {
    rfid: string;
    ownerId: string;
    receivedAt: string | null;
  }[];
  const heldStay = inbox.find((k) => k.receivedAt !== null);
  const heldKnife = heldStay?.rfid;
  const heldOwner = heldStay?.ownerId;
  expect(heldKnife).toBeDefined();
  const held = (
    await call('GET', `/api/grinding-shop/knives/${heldKnife}?owner=${heldOwner}`, undefined, grinder)
  ).json();
  let grindHeight = Number(held.height ?? 120);
  let grindThickness = Number(held.backThickness ?? 12);
  fixtures = {
    'POST /api/knife/calculate-price': {
      url: () => '/api/knife/calculate-price',
      body: () => ({ country: 'AT', currency: 'EUR', vatNumber: 'ATU12345678', machines: machineOrder() }),
    },
    'POST /api/knife/captcha-test': {
      url: () => '/api/knife/captcha-test',
      body: () => ({ captcha: structuredClone(testCaptcha) }),
    },
    'POST /api/knife/contact': {
      url: () => '/api/knife/contact',
      body: () => ({
        salutation: 'MS',
        firstName: 'Eva',
        lastName: 'Lindqvist',
        email: 'eva@example.se',
        phone: '+46 8 123 456 78',
        company: 'Tryckeri AB',
        message: 'Hej!\nWe would like a demo.',
        captcha: nextCaptcha(),
      }),
    },
    'POST /api/knife/register': {
      url: () => '/api/knife/register',
      body: () => registrationBody(nextCaptcha(), { username: `fz-${unique()}` }) as unknown as Body,
    },
    'POST /api/knife/registration/{id}/additional-machines': {
      url: () => `/api/knife/registration/${registrationId}/additional-machines`,
      headers: () => ({ 'api-token': (apiTokens.pop() ?? apiTokens[0]!).token }),
      body: () => ({ machines: machineOrder(), acceptTerms: true }),
    },
    'POST /api/customer-service/service-areas': {
      url: () => '/api/customer-service/service-areas',
      as: 'serviceAdmin',
      // the area reads back its `value` as `name`; customer-service.test.ts checks the normalising
      body: () => ({ value: `Gebiet ${unique()}`, tenantIds: [] }),
    },
    'PUT /api/customer-service/service-areas/{id}': {
      url: () => `/api/customer-service/service-areas/${areaId}`,
      as: 'serviceAdmin',
      body: () => ({ value: `Gebiet ${unique()}`, tenantIds: [] }),
    },
    'POST /api/customer-service/users': {
      url: () => '/api/customer-service/users',
      as: 'serviceAdmin',
      body: serviceUserBody,
      readBack: (answer) => `/api/auth/users/${answer.id}`,
      text: userText,
      custom: { username },
    },
    'PUT /api/customer-service/users/{id}/service-areas': {
      url: () => `/api/customer-service/users/${serviceUserId}/service-areas`,
      as: 'serviceAdmin',
      body: () => ({ serviceAreaIds: [areaId] }),
    },
    'POST /api/auth/auth/login': {
      url: () => '/api/auth/auth/login',
      body: () => ({ tenant: 'demo', username: 'admin', password: DEMO_PASSWORD }),
    },
    'POST /api/auth/auth/refresh': {
      url: () => '/api/auth/auth/refresh',
      body: () => ({ refreshToken: randomUUID() }),
    },
    'POST /api/auth/users': {
      url: () => '/api/auth/users',
      body: userBody,
      readBack: (answer) => `/api/auth/users/${answer.id}`,
      text: userText,
      custom: { username },
    },
    'PUT /api/auth/users/{id}': {
      url: () => `/api/auth/users/${userId}`,
      body: () => ({ ...userBody(), username: userUsername, password: undefined }),
      readBack: () => `/api/auth/users/${userId}`,
      text: userText,
      custom: { username },
    },
    'POST /api/printing-shop/printing-shops': {
      url: () => '/api/printing-shop/printing-shops',
      body: () => ({
        name: 'Werk',
        street: 'Hafenstraße',
        streetNumber: '7a',
        zip: '28195',
        city: 'Bremen',
        country: 'DE',
      }),
      readBack: (answer) => `/api/printing-shop/printing-shops/${answer.id}`,
      text: ['name', 'street', 'streetNumber', 'zip', 'city'],
    },
    'PUT /api/printing-shop/printing-shops/{id}': {
      url: () => `/api/printing-shop/printing-shops/${locationId}`,
      body: () => ({
        name: 'Werk',
        street: 'Hafenstraße',
        streetNumber: '7a',
        zip: '28195',
        city: 'Bremen',
        country: 'DE',
      }),
      readBack: () => `/api/printing-shop/printing-shops/${locationId}`,
      text: ['name', 'street', 'streetNumber', 'zip', 'city'],
    },
    'PUT /api/printing-shop/printing-shops/{id}/shift-calendar': {
      url: () => `/api/printing-shop/printing-shops/${locationId}/shift-calendar`,
      body: () => ({
        timeZone: 'Europe/Berlin',
        shifts: [
          {
            weekday: 1,
            name: 'Early shift',
            start: '06:00',
            end: '14:00',
            breaks: [{ start: '10:00', minutes: 30 }],
          },
        ],
        holidays: [{ date: '2026-12-24', name: 'Heiligabend' }],
      }),
      readBack: () => `/api/printing-shop/printing-shops/${locationId}/shift-calendar`,
      text: ['shifts.0.name', 'holidays.0.name'],
    },
    'POST /api/printing-shop/printing-shops/{id}/board-links': {
      // after 20 active links a location's next one is refused (BOARD_LINK_LIMIT, a coded 409)
      url: () => `/api/printing-shop/printing-shops/${locationId}/board-links`,
      body: () => ({ name: `Hall ${unique()} wall` }),
    },
    'PUT /api/printing-shop/users/{id}/printing-shops': {
      url: () => `/api/printing-shop/users/${userId}/printing-shops`,
      body: () => ({ printingShopIds: [locationId] }),
    },
    'POST /api/printing-shop/cutting-machines': {
      url: () => '/api/printing-shop/cutting-machines',
      body: machineBody,
      readBack: (answer) => `/api/printing-shop/cutting-machines/${answer.id}`,
      text: machineText,
      custom: { serialNumber },
    },
    'PUT /api/printing-shop/cutting-machines/{id}': {
      url: () => `/api/printing-shop/cutting-machines/${machineId}`,
      body: machineBody,
      readBack: () => `/api/printing-shop/cutting-machines/${machineId}`,
      text: machineText,
      custom: { serialNumber },
    },
    'PUT /api/printing-shop/config-options/scope/{scope}/type/{type}/batch': {
      url: () => '/api/printing-shop/config-options/scope/MACHINE/type/KNIFE_SWAP_INTERVAL/batch',
      body: () => ({ objectIds: [machineId], value: 500 }),
    },
    // a wrong current password: every run is refused (INVALID_PASSWORD or a field error), none changes
    // the sender's password under the other fixtures
    'PUT /api/auth/users/self/password': {
      url: () => '/api/auth/users/self/password',
      body: () => ({ currentPassword: 'not-the-password', password: 'Another-pass-2026!' }),
    },
    // a licence that does not exist: refused, whatever the fuzzed id
    'POST /api/printing-shop/cutting-machines/{id}/licence': {
      url: () => `/api/printing-shop/cutting-machines/${machineId}/licence`,
      body: () => ({ licenceId: '00000000-0000-4000-8000-000000000000' }),
    },
    'PUT /api/auth/users/self/language': {
      url: () => '/api/auth/users/self/language',
      body: () => ({ value: 'ENGLISH' }),
    },
    'PUT /api/printing-shop/cutting-machines/{id}/status': {
      url: () => `/api/printing-shop/cutting-machines/${statusMachine}/status`,
      as: 'operator',
      body: () => ({ value: 'RUNNING' }),
    },
    'PUT /api/printing-shop/users/self/current-machine': {
      url: () => '/api/printing-shop/users/self/current-machine',
      as: 'operator',
      body: () => ({ machineId: statusMachine }),
    },
    // one open order per machine: after the first, creating answers MACHINE_HAS_OPEN_ORDER (409)
    'POST /api/printing-shop/orders': {
      url: () => '/api/printing-shop/orders',
      as: 'operator',
      body: () => ({ machineId: statusMachine, name: 'Flyer A5', orderNumber: 'AU-1', programNumber: 'P-1' }),
    },
    'PUT /api/printing-shop/orders/{id}': {
      url: () => `/api/printing-shop/orders/${renameJob}`,
      as: 'operator',
      body: () => ({ name: 'Flyer A5', orderNumber: 'AU-1', programNumber: 'P-1' }),
    },
    // the time the operator chose (`at`, an input kept offline): fuzzed text is never a time, so
    // every run is refused before the order is looked at, and the open order stays open
    'PUT /api/printing-shop/orders/{id}/close': {
      url: () => `/api/printing-shop/orders/${renameJob}/close`,
      as: 'operator',
      body: () => ({}),
    },
    'PUT /api/printing-shop/orders/{id}/start': {
      url: () => `/api/printing-shop/orders/${renameJob}/start`,
      as: 'operator',
      body: () => ({}),
    },
    'POST /api/report/cutting-jobs/partial-jobs': {
      url: () => '/api/report/cutting-jobs/partial-jobs',
      as: 'operator',
      body: () => ({ newJobName: 'Flyer A5 part 2', machineId: splitMachine }),
    },
    'PUT /api/report/cutting-jobs/partial-jobs/{id}/name': {
      url: () => `/api/report/cutting-jobs/partial-jobs/${renameJob}/name`,
      as: 'operator',
      body: () => ({ value: 'Flyer A5 rest' }),
    },
    'POST /api/knife/knives': {
      url: () => '/api/knife/knives',
      as: 'manager',
      body: () => ({
        rfid: `F0${Date.now().toString(16)}${(++counter).toString(16)}`.toUpperCase(),
        ...knifeBody(),
      }),
      readBack: (answer) => `/api/knife/knives/${answer.rfid}`,
      text: knifeText,
      custom: { articleNumber: (input) => input.normalize('NFC').trim().toUpperCase() },
    },
    'PUT /api/knife/knives/{rfid}': {
      url: () => '/api/knife/knives/E280116000000001',
      as: 'manager',
      body: knifeBody,
      readBack: () => '/api/knife/knives/E280116000000001',
      text: knifeText,
      custom: { articleNumber: (input) => input.normalize('NFC').trim().toUpperCase() },
    },
    'PUT /api/printing-shop/setup/site-manager': {
      url: () => '/api/printing-shop/setup/site-manager',
      body: () => ({ serialNumber: 'SM-2026-0412' }),
      readBack: () => '/api/printing-shop/setup/site-manager',
      custom: { serialNumber },
    },
    'POST /api/printing-shop/site-manager/doctor-reports': {
      url: () => '/api/printing-shop/site-manager/doctor-reports',
      authorization: () =>
        `Basic ${Buffer.from(`${credential.username}:${credential.password}`).toString('base64')}`,
      body: () => ({
        siteManagerSerial: 'SM-2026-0412',
        sentAt: new Date().toISOString(),
        checks: [
          {
            check: 'DNS_ENTRY',
            state: 'SUCCESS',
            advice: null,
            detail: { host: 'kerf.example.com', address: '203.0.113.40' },
          },
          {
            check: 'SSL',
            state: 'SUCCESS',
            advice: null,
            detail: { host: 'kerf.example.com', port: 8883, validTo: '2027-03-31T23:59:59Z' },
          },
        ],
      }),
      readBack: (answer) => `/api/printing-shop/cutting-machines/${machineId}/setup-checks/${answer.id}`,
      custom: { siteManagerSerial: serialNumber },
    },
    'POST /api/grinding-shop/grinding-shops': {
      url: () => '/api/grinding-shop/grinding-shops',
      as: 'grindAdmin',
      body: grindingShopBody,
      readBack: (answer) => `/api/grinding-shop/grinding-shops/${answer.id}`,
      text: ['name', 'street', 'streetNumber', 'city'],
    },
    'PUT /api/grinding-shop/grinding-shops/{id}': {
      url: () => `/api/grinding-shop/grinding-shops/${grindingShopId}`,
      as: 'grindAdmin',
      body: grindingShopBody,
      readBack: () => `/api/grinding-shop/grinding-shops/${grindingShopId}`,
      text: ['name', 'street', 'streetNumber', 'city'],
    },
    'POST /api/grinding-shop/grinding-machines': {
      url: () => '/api/grinding-shop/grinding-machines',
      as: 'grindAdmin',
      body: grindingMachineBody,
    },
    'PUT /api/grinding-shop/grinding-machines/{id}': {
      url: () => `/api/grinding-shop/grinding-machines/${grindingMachineId}`,
      as: 'grindAdmin',
      body: grindingMachineBody,
    },
    'PUT /api/grinding-shop/cutting-machines/{id}': {
      url: () => `/api/grinding-shop/cutting-machines/${grindingMachineId}`,
      as: 'grindAdmin',
      body: grindingMachineBody,
    },
    'POST /api/grinding-shop/users': {
      url: () => '/api/grinding-shop/users',
      as: 'grindAdmin',
      body: grinderBody,
      readBack: (answer) => `/api/auth/users/${answer.id}`,
      text: userText,
      custom: { username },
    },
    'PUT /api/grinding-shop/users/{id}/grinding-shops': {
      url: () => `/api/grinding-shop/users/${grinderUserId}/grinding-shops`,
      as: 'grindAdmin',
      body: () => ({ grindingShopIds: [grindingShopId] }),
    },
    'PUT /api/grinding-shop/users/{id}/current-location': {
      url: () => `/api/grinding-shop/users/${grinderUserId}/current-location`,
      as: 'grindAdmin',
      body: () => ({ id: grindingShopId }),
    },
    'POST /api/knife/partnerships': {
      url: () => '/api/knife/partnerships',
      as: 'manager',
      body: () => ({ grindingShopClient: 'demo-grind' }),
    },
    'POST /api/knife/shipments': {
      url: () => '/api/knife/shipments',
      as: 'manager',
      body: () => ({ partnershipId: partnership!.id, rfids: [homeKnife] }),
    },
    'POST /api/grinding-shop/knives/{rfid}/grinding-cycles': {
      url: () => `/api/grinding-shop/knives/${heldKnife}/grinding-cycles?owner=${heldOwner}`,
      as: 'grinder',
      // each accepted grind takes a little material off
      body: () => {
        grindHeight -= 0.01;
        grindThickness -= 0.001;
        return { height: grindHeight, backThickness: grindThickness, grindingReference: `SM-${unique()}` };
      },
    },
    'POST /api/grinding-shop/shipments': {
      url: () => '/api/grinding-shop/shipments',
      as: 'grinder',
      body: () => ({ owner: heldOwner, rfids: [heldKnife] }),
    },
    'POST /api/printing-shop/api-keys': {
      url: () => '/api/printing-shop/api-keys',
      body: () => ({ name: 'ERP export', scopes: ['machines:read'] }),
    },
    'PUT /api/printing-shop/works-council-mode': {
      url: () => '/api/printing-shop/works-council-mode',
      body: () => ({ enabled: false, mode: 'PSEUDONYMS' }),
    },
    'POST /api/printing-shop/teams': {
      url: () => '/api/printing-shop/teams',
      body: () => ({ name: `Team ${unique()}` }),
    },
    'PUT /api/printing-shop/teams/{id}': {
      url: () => `/api/printing-shop/teams/${teamId}`,
      body: () => ({ name: `Team ${unique()}` }),
    },
    'PUT /api/printing-shop/teams/{id}/members': {
      url: () => `/api/printing-shop/teams/${teamId}/members`,
      body: () => ({ userIds: [] }),
    },
    'POST /api/printing-shop/orders/import': {
      url: () => '/api/printing-shop/orders/import',
      body: () => ({
        orders: [
          {
            orderNumber: `ERP-${unique()}`,
            name: 'Catalogue spring',
            machineSerial: 'PM-115-0001',
            plannedQuantity: 1000,
            dueDate: '2026-12-01',
            programNumber: 'P-7',
          },
        ],
      }),
    },
    'POST /api/printing-shop/orders/import-csv': {
      url: () => '/api/printing-shop/orders/import-csv',
      body: () => ({
        csv: `order_number,name,machine_serial,planned_quantity,due_date\nERP-${unique()},Flyer A5,PM-115-0001,500,2026-12-01\n`,
      }),
    },
    'POST /api/printing-shop/webhooks': {
      url: () => '/api/printing-shop/webhooks',
      body: () => ({ url: 'https://93.184.216.34/kerf-hooks', events: ['ORDER_CLOSED'], description: 'ERP' }),
    },
    'POST /api/system/tenants': {
      url: () => '/api/system/tenants',
      as: 'sysadmin',
      body: () => ({
        slug: `fz${unique()}`,
        name: 'Druckerei Fuzz',
        kind: 'PRINTING_SHOP',
        admin: {
          username: 'admin',
          email: 'admin@fuzz.example',
          firstName: 'Fuzz',
          lastName: 'Admin',
          password: 'Fuzz-Password-2026',
        },
      }),
    },
    'PUT /api/printing-shop/network-admin': {
      url: () => '/api/printing-shop/network-admin',
      body: () => ({ name: 'Jana Vogt', phone: '+43 1 5123456', email: 'it@example.at' }),
      readBack: () => '/api/printing-shop/network-admin',
      text: ['name'],
    },
    'PUT /api/printing-shop/notification-preferences': {
      url: () => '/api/printing-shop/notification-preferences',
      as: 'manager',
      body: () => ({ emailKinds: ['KNIFE_SWAP_REQUIRED'] }),
    },
    'PUT /api/printing-shop/notification-settings': {
      url: () => '/api/printing-shop/notification-settings',
      body: () => ({
        timeZone: 'Europe/Berlin',
        shiftDays: [1, 2, 3, 4, 5],
        shiftStart: '06:00',
        shiftEnd: '22:00',
        interruptionMinutes: 15,
      }),
    },
    'PUT /api/printing-shop/report-subscriptions/{frequency}': {
      url: () => '/api/printing-shop/report-subscriptions/WEEKLY',
      as: 'manager',
      body: () => ({ timeZone: 'Europe/Berlin', language: 'GERMAN' }),
    },
  };
});
afterAll(() => t?.close());

describe('arbitrary Unicode in every string field', () => {
  it('has a valid request for every write operation with string fields', () => {
    const missing = operations
      .map((operation) => `${operation.method} ${operation.path}`)
      .filter((key) => !fixtures[key]);
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(11);
  });

  it(`never answers 5xx, codes every 4xx and reads back what it accepted (${RUNS} runs per operation, seed ${SEED})`, {
    timeout: 3_600_000,
  }, async () => {
    const summary: string[] = [];
    for (const operation of operations as (Operation & { fields: string[] })[]) {
      const key = `${operation.method} ${operation.path}`;
      const fixture = fixtures[key];
      if (!fixture) continue;
      const statuses = new Map<number, number>();
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.constantFrom(...operation.fields), { minLength: 1, maxLength: 2 }),
          fc.array(unicodeText, { minLength: 3, maxLength: 3 }),
          async (fields, values) => {
            let body = fixture.body();
            fields.forEach((field, index) => {
              body = setPath(body, field, values[index]);
            });
            const response = await call(
              operation.method,
              fixture.url(),
              body,
              sender(fixture),
              fixture.authorization?.(),
              fixture.headers?.() ?? {},
            );
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const context = `${key} ${JSON.stringify(body).slice(0, 400)}\n→ ${response.statusCode} ${response.body.slice(0, 400)}`;
            expect(response.statusCode, context).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(ERROR_CODES, context).toContain(response.json().code);
              return;
            }
            if (!fixture.readBack) return;
            const stored = await call(
              'GET',
              fixture.readBack(response.json()),
              undefined,
              fixture.as && fixture.as !== 'operator' ? sender(fixture) : admin,
            );
            expect(stored.statusCode, context).toBe(200);
            fields.forEach((field, index) => {
              const input = values[index]!;
              const rule = fixture.custom?.[field];
              if (rule) {
                expect(getPath(stored.json(), field), `${context}\nfield ${field}`).toBe(rule(input));
              } else if (fixture.text?.includes(field)) {
                const expected = normaliseText(input);
                expect(getPath(stored.json(), field), `${context}\nfield ${field}`).toBe(expected || null);
              }
            });
          },
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      const counts = JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
      summary.push(`${key}: ${RUNS} runs in ${Date.now() - started} ms, statuses ${counts}`);
    }
    console.info(`text-fields property (seed ${SEED}):\n${summary.join('\n')}`);
    expect(summary).toHaveLength(operations.length);
  });
});
