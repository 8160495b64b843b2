import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { queryRows } from '../db/client';
import { preparedStatement } from '../db/transactions';
import { createTenantLimiter, isHeavyRoute, isStatementTimeout, runAs } from './budget';

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
