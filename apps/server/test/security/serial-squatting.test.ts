import type { SetupCheckRun, TokenPair } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../harness';

/**
 * Issue 31, item 2: a serial number known to the platform belongs to the tenant it was licensed to.
 * Before, any tenant could create a machine with another tenant's licensed-but-unused serial
 * (`PM-115-0007` of `demo`): the owner then got 409 SERIAL_NUMBER_ALREADY_ASSIGNED for its own
 * serial, and 409 against 201 told anyone which serials exist.
 */
let t: TestApp;
let owner: TokenPair;
let squatter: TokenPair;
let ownerLocation: string;
let squatterLocation: string;

const machine = (printingShopId: string, serialNumber: string) => ({
  name: `Schneider ${serialNumber}`,
  serialNumber,
  printingShopId,
  cuttingWidth: 1150,
});

async function firstLocation(tokens: TokenPair) {
  const list = await t.request({
    method: 'GET',
    url: '/api/printing-shop/printing-shops',
    headers: bearer(tokens),
  });
  return list.json().items[0]?.id as string | undefined;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login('demo', 'admin');
  await t.addTenant('squatter-print', 'PRINTING_SHOP', ['ADMIN_PRINTING_SHOP']);
  squatter = await t.login('squatter-print', 'admin-printing-shop');
  ownerLocation = (await firstLocation(owner))!;
  const created = await t.request({
    method: 'POST',
    url: '/api/printing-shop/printing-shops',
    headers: bearer(squatter),
    payload: {
      name: 'Halle Ost',
      street: 'Hafenstraße',
      streetNumber: '1',
      zip: '20457',
      city: 'Hamburg',
      country: 'DE',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  squatterLocation = created.json().id;
});
afterAll(() => t.close());

/** What an answer says about a serial, without what is the squatter's own (ids, names). */
const shape = (response: { statusCode: number; json(): Record<string, unknown> }) => {
  const body = response.json();
  return {
    status: response.statusCode,
    keys: Object.keys(body).sort(),
    licensedAt: body.licensedAt ?? null,
    networkSetupState: body.networkSetupState,
    code: body.code ?? null,
  };
};

describe('serial numbers between tenants (issue 31, item 2)', () => {
  it('another tenant gets the same answer for a licensed, an in-use and an unknown serial; the owner keeps its serial', async () => {
    const create = (serial: string) =>
      t.request({
        method: 'POST',
        url: '/api/printing-shop/cutting-machines',
        headers: bearer(squatter),
        payload: machine(squatterLocation, serial),
      });
    const licensedUnused = await create('PM-115-0007'); // demo's licence, no machine yet
    const inUse = await create('PM-137-0003'); // demo's machine
    const unknown = await create('PM-999-4242'); // nobody's
    expect(shape(licensedUnused)).toEqual(shape(unknown));
    expect(shape(inUse)).toEqual(shape(unknown));
    expect(shape(unknown)).toMatchObject({ status: 201, licensedAt: null });
    for (const answer of [licensedUnused, inUse, unknown]) expect(answer.body).not.toContain('demo');

    // the setup assistant says the same of all three: the serial is not (this tenant's) licence
    for (const answer of [licensedUnused, inUse, unknown]) {
      const run = await t.request({
        method: 'POST',
        url: `/api/printing-shop/cutting-machines/${answer.json().id}/setup-checks`,
        headers: bearer(squatter),
      });
      expect(run.statusCode, run.body).toBe(201);
      const serialCheck = (run.json() as SetupCheckRun).checks.find((c) => c.check === 'SERIAL_NUMBER');
      expect(serialCheck).toMatchObject({ state: 'ERROR', advice: 'SERIAL_UNKNOWN' });
    }

    // the owner is not locked out: its licensed serial becomes its machine, licensed
    const own = await t.request({
      method: 'POST',
      url: '/api/printing-shop/cutting-machines',
      headers: bearer(owner),
      payload: machine(ownerLocation, 'PM-115-0007'),
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().licensedAt).not.toBeNull();
    const ownRun = await t.request({
      method: 'POST',
      url: `/api/printing-shop/cutting-machines/${own.json().id}/setup-checks`,
      headers: bearer(owner),
    });
    const serialCheck = (ownRun.json() as SetupCheckRun).checks.find((c) => c.check === 'SERIAL_NUMBER');
    expect(serialCheck).toMatchObject({ state: 'SUCCESS' });
  });

  it('the squatter’s machine reaches nothing of the owner’s: no licence, no shared state', async () => {
    const online = await t.request({
      method: 'GET',
      url: '/api/printing-shop/cutting-machines/online-status?serialNumbers=PM-137-0003',
      headers: bearer(squatter),
    });
    expect(online.statusCode).toBe(200);
    const mine = online.json() as { machineId: string }[];
    const theirs = (
      await t.request({
        method: 'GET',
        url: '/api/printing-shop/cutting-machines/online-status?serialNumbers=PM-137-0003',
        headers: bearer(owner),
      })
    ).json() as { machineId: string }[];
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    expect(mine[0]!.machineId).not.toBe(theirs[0]!.machineId);
  });
});
