import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../test/harness';
import { queryRows } from '../db/client';
import { preparedStatement } from '../db/transactions';
import {
  createTenantGate,
  createTenantLimiter,
  HEAVY_RUNNING_PER_TENANT,
  HEAVY_WAITING_PER_TENANT,
  isHeavyRoute,
  isStatementTimeout,
  runAs,
} from './budget';
import { heavyGateOf } from './route';

let t: TestApp;
let tenantId: string;
beforeAll(async () => {
  t = await startTestApp({ STATEMENT_TIMEOUT_MS: '250', HEAVY_STATEMENT_TIMEOUT_MS: '20000' });
  const [demo] = await t.app.kerf.transactions.withSignIn((tx) =>
    queryRows<{ id: string }>(tx, sql`SELECT id FROM tenants WHERE slug = 'demo'`),
  );
  tenantId = demo!.id;
});
afterAll(() => t.close());

const timeoutIn = (work: 'interactive' | 'heavy') =>
  runAs(work, () =>
    t.app.kerf.transactions.withTenant(tenantId, (tx) =>
      queryRows<{ timeout: string }>(tx, sql`SELECT current_setting('statement_timeout') AS timeout`),
    ),
  );

describe('statement budgets', () => {
  it('gives interactive work the short statement timeout and heavy work the long one', async () => {
    expect((await timeoutIn('interactive'))[0]!.timeout).toBe('250ms');
    expect((await timeoutIn('heavy'))[0]!.timeout).toBe('20s');
    // a one-message read too (the pool path on PostgreSQL and on PGlite in its worker)
    const read = preparedStatement(
      'budget_probe',
      sql`SELECT current_setting('statement_timeout') AS timeout`,
    );
    expect(await t.app.kerf.transactions.readPrepared(tenantId, read, {})).toEqual([{ timeout: '250ms' }]);
    // and it ends with the transaction: the connection's own setting is back
    const [after] = await queryRows<{ timeout: string }>(
      t.database.db,
      sql`SELECT current_setting('statement_timeout') AS timeout`,
    );
    expect(after!.timeout).not.toBe('250ms');
  });

  it('cancels an interactive statement that runs over (PostgreSQL; PGlite has no statement timer)', async () => {
    const sleep = (work: 'interactive' | 'heavy') =>
      runAs(work, () =>
        t.app.kerf.transactions.withTenant(tenantId, (tx) => tx.execute(sql`SELECT pg_sleep(0.6)`)),
      );
    if (t.database.kind === 'postgres') {
      const error = await sleep('interactive').then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(isStatementTimeout(error)).toBe(true);
    } else {
      await expect(sleep('interactive')).resolves.toBeDefined();
    }
    // the same statement as heavy work is within its budget
    await expect(sleep('heavy')).resolves.toBeDefined();
  });

  it('knows the heavy routes: downloads and reports', () => {
    for (const path of [
      '/tenant/export',
      '/reports/cutting-machines/csv-exports',
      '/knives/csv-export',
      '/invoices/:id/pdf',
      '/reports/employees/cuts-chart',
    ])
      expect(isHeavyRoute(path), path).toBe(true);
    for (const path of ['/knives', '/printing-shops/reports/user-view', '/health'])
      expect(isHeavyRoute(path), path).toBe(false);
  });

  it('lets a tenant run as many heavy operations at once as its limit, and each other tenant as many', () => {
    const limiter = createTenantLimiter(1);
    const first = limiter.tryAcquire('a');
    expect(first).not.toBeNull();
    expect(limiter.tryAcquire('a')).toBeNull();
    expect(limiter.tryAcquire('b')).not.toBeNull();
    first!();
    first!(); // twice is once
    expect(limiter.tryAcquire('a')).not.toBeNull();
    expect(limiter.tryAcquire('a')).toBeNull();
  });
});

describe('the per-tenant gate of heavy routes', () => {
  it('runs as many at once as its limit, queues the next in arrival order, refuses beyond the queue', async () => {
    const gate = createTenantGate(2, 2);
    const order: string[] = [];
    const one = await gate.enter('a')!;
    const two = await gate.enter('a')!;
    const third = gate.enter('a')!.then((release) => {
      order.push('third');
      return release;
    });
    const fourth = gate.enter('a')!.then((release) => {
      order.push('fourth');
      return release;
    });
    expect(gate.enter('a')).toBeNull();
    expect(gate.load('a')).toEqual({ running: 2, waiting: 2 });
    // another tenant is not held up by the first one's queue
    (await gate.enter('b')!)();
    one();
    one(); // twice is once
    await Promise.resolve();
    two();
    (await third)();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
    expect(gate.load('a')).toEqual({ running: 0, waiting: 0 });
  });

  it('over HTTP: a report waits while the tenant has its places taken, and a full queue gets 429 with Retry-After', async () => {
    const gate = heavyGateOf(t.app);
    const manager = await t.login('demo', 'manager');
    const other = await t.addTenant('gate-other', 'PRINTING_SHOP', ['PRINTING_SHOP_MANAGER']);
    const otherManager = await t.login('gate-other', 'printing-shop-manager');
    const to = new Date().toISOString();
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const report = (tokens: { bearerToken: string }) =>
      t.request({
        method: 'GET',
        url: `/api/report/reports/knives/cuts-total?startDate=${from}&endDate=${to}&timeZone=Europe%2FBerlin`,
        headers: bearer(tokens),
      });
    // the demo shop's places all taken (as by four long downloads)
    const held = await Promise.all(
      Array.from({ length: HEAVY_RUNNING_PER_TENANT }, () => gate.enter(tenantId)!),
    );
    let answered = false;
    const waiting = report(manager).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    expect(gate.load(tenantId)).toEqual({ running: HEAVY_RUNNING_PER_TENANT, waiting: 1 });
    // another printing shop is served meanwhile
    expect((await report(otherManager)).statusCode).toBe(200);
    // the queue full: one more is refused at once, with the catalogue code and when to come back
    const queued = Array.from({ length: HEAVY_WAITING_PER_TENANT - 1 }, () => gate.enter(tenantId)!);
    const refused = await report(manager);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().code).toBe('common.RATE_LIMITED');
    // places given back: the waiting report is answered, and the gate empties
    for (const release of held) release();
    expect((await waiting).statusCode).toBe(200);
    // each of the queue's places given back as soon as it is had: it passes to the next
    await Promise.all(queued.map((entered) => entered.then((release) => release())));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gate.load(tenantId)).toEqual({ running: 0, waiting: 0 });
    expect(gate.load(other.tenantId)).toEqual({ running: 0, waiting: 0 });
  });
});
