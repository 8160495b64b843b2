import { type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { queryRows } from './client';
import { preparedStatement } from './transactions';

/**
 * The pool paths of transactions.ts (one-message reads and writes, generic plans) run on
 * PostgreSQL and on PGlite in its worker thread, both reached through node-postgres (ADR 0022).
 */
let t: TestApp;
const onPool = () => (t.app.kerf.database.db as unknown as { $client?: unknown }).$client instanceof pg.Pool;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The database's own message of a failed query (drizzle wraps it in `cause`). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
  return 'no error';
}

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);

async function tenantTables() {
  return rows<{ table: string; relkind: string; rls: boolean; forced: boolean }>(sql`
    SELECT c.relname AS table, c.relkind, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    ORDER BY c.relname`);
}

describe('row-level security catalogue', () => {
  it('forces RLS with a kerf_app tenant policy on every table that has tenant_id', async () => {
    const tables = await tenantTables();
    expect(tables.map((table) => table.table)).toEqual(
      expect.arrayContaining(['audit_log', 'refresh_tokens', 'sessions', 'users']),
    );
    const policies = await rows<{ table: string; qual: string; with_check: string | null; cmd: string }>(sql`
      SELECT tablename AS table, qual, with_check, cmd FROM pg_policies
      WHERE schemaname = 'public' AND 'kerf_app' = ANY (roles)`);
    for (const table of tables) {
      expect({ table: table.table, rls: table.rls, forced: table.forced }).toEqual({
        table: table.table,
        rls: true,
        forced: true,
      });
      const policy = policies.find((p) => p.table === table.table);
      expect(policy, `kerf_app policy on ${table.table}`).toBeDefined();
      expect(policy!.cmd).toBe('ALL');
      expect(policy!.qual).toContain('kerf_current_tenant()');
      expect(policy!.with_check).toContain('kerf_current_tenant()');
    }
  });

  it('the tenants table itself is isolated by its id', async () => {
    const [tenants] = await rows<{ rls: boolean; forced: boolean }>(
      sql`SELECT relrowsecurity AS rls, relforcerowsecurity AS forced FROM pg_class WHERE relname = 'tenants'`,
    );
    expect(tenants).toEqual({ rls: true, forced: true });
  });

  it('the app roles cannot bypass RLS and own nothing', async () => {
    const roles = await rows<{
      rolname: string;
      rolsuper: boolean;
      rolbypassrls: boolean;
      owned: number;
    }>(sql`
      SELECT r.rolname, r.rolsuper, r.rolbypassrls,
             (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owned
      FROM pg_roles r WHERE r.rolname IN ('kerf_app', 'kerf_auth', 'kerf_platform') ORDER BY r.rolname`);
    expect(roles).toEqual([
      { rolname: 'kerf_app', rolsuper: false, rolbypassrls: false, owned: 0 },
      { rolname: 'kerf_auth', rolsuper: false, rolbypassrls: false, owned: 0 },
      { rolname: 'kerf_platform', rolsuper: false, rolbypassrls: false, owned: 0 },
    ]);
    const definers = await rows<{ proname: string }>(sql`
      SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.prosecdef`);
    expect(definers).toEqual([]);
  });

  it('without a tenant the app role sees no row of any tenant table, and no error', async () => {
    const tables = await tenantTables();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('role', 'kerf_app', true)`);
      for (const table of tables) {
        const [count] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(table.table)}`,
        );
        expect(count!.n, table.table).toBe(0);
      }
    });
  });

  it('with a tenant set the app role sees exactly that tenant’s rows', async () => {
    await t.login('demo', 'admin');
    await t.login('demo-grind', 'admin');
    const [demo] = await rows<{ id: string }>(sql`SELECT id FROM tenants WHERE slug = 'demo'`);
    for (const table of await tenantTables()) {
      const [all] = await rows<{ n: number; own: number }>(
        sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE tenant_id = ${demo!.id})::int AS own FROM ${sql.identifier(table.table)}`,
      );
      const seen = await t.app.kerf.transactions.withTenant(demo!.id, async (tx) => {
        const [result] = await queryRows<{ n: number; foreign: number }>(
          tx,
          sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE tenant_id <> ${demo!.id})::int AS foreign FROM ${sql.identifier(table.table)}`,
        );
        return result!;
      });
      expect({ table: table.table, ...seen }).toEqual({ table: table.table, n: all!.own, foreign: 0 });
    }
  });

  it('refuses to write a row for another tenant', async () => {
    const [demo] = await rows<{ id: string }>(sql`SELECT id FROM tenants WHERE slug = 'demo'`);
    const [grind] = await rows<{ id: string }>(sql`SELECT id FROM tenants WHERE slug = 'demo-grind'`);
    const { withTenant } = t.app.kerf.transactions;
    expect(
      await failure(
        withTenant(demo!.id, (tx) =>
          tx.execute(sql`INSERT INTO audit_log (tenant_id, action) VALUES (${grind!.id}, 'forged')`),
        ),
      ),
    ).toMatch(/row-level security/);
    expect(
      await failure(withTenant(demo!.id, (tx) => tx.execute(sql`UPDATE users SET tenant_id = ${grind!.id}`))),
    ).toMatch(/row-level security/);
    // the app may append to its audit log but never rewrite it
    expect(await failure(withTenant(demo!.id, (tx) => tx.execute(sql`DELETE FROM audit_log`)))).toMatch(
      /permission denied/,
    );
  });

  it('leaves no tenant setting behind on a pooled connection', async () => {
    const [demo] = await rows<{ id: string }>(sql`SELECT id FROM tenants WHERE slug = 'demo'`);
    await t.app.kerf.transactions.withTenant(demo!.id, async () => {});
    const [after] = await rows<{ tenant: string | null; role: string }>(
      sql`SELECT NULLIF(current_setting('app.tenant_id', true), '') AS tenant, current_user AS role`,
    );
    expect(after!.tenant).toBeNull();
    expect(after!.role).not.toMatch(/^kerf_/);
  });
});

describe('one-statement reads (readPrepared)', () => {
  const echo = preparedStatement(
    'test_read_echo',
    new QueryBuilder()
      .select({
        value: sql<string>`${sql.placeholder('value')}::text`.as('value'),
        tenant: sql<string>`current_setting('app.tenant_id', true)`.as('tenant'),
        role: sql<string>`current_user`.as('role'),
        plans: sql<string>`current_setting('plan_cache_mode')`.as('plans'),
        users: sql<number>`(SELECT count(*)::int FROM users)`.as('users'),
        foreign:
          sql<number>`(SELECT count(*)::int FROM users WHERE tenant_id <> ${sql.placeholder('tenant')}::uuid)`.as(
            'foreign',
          ),
      })
      .from(sql`(SELECT 1) AS one`),
  );
  const failing = preparedStatement(
    'test_read_failing',
    new QueryBuilder()
      .select({ v: sql<number>`1 / ${sql.placeholder('zero')}::int`.as('v') })
      .from(sql`(SELECT 1) AS one`),
  );

  it('runs as kerf_app under the tenant on the generic plan, sees only its rows, takes any text as it is, and leaves nothing behind', async () => {
    const tenants = await rows<{ id: string; users: number }>(
      sql`SELECT t.id, (SELECT count(*)::int FROM users u WHERE u.tenant_id = t.id) AS users
          FROM tenants t WHERE t.slug IN ('demo', 'demo-grind') ORDER BY t.slug`,
    );
    expect(tenants).toHaveLength(2);
    const texts = ["O'Brien", 'back\\slash \\x00', "''; DROP TABLE users; --", 'مطبعة', "$1 $$ E'\\n'", '🔪'];
    // more reads at once than the pool has connections: every connection serves both tenants in turn
    const reads = Array.from({ length: 40 }, (_, index) => {
      const tenant = tenants[index % 2]!;
      const value = texts[index % texts.length]!;
      return t.app.kerf.transactions
        .readPrepared<{
          value: string;
          tenant: string;
          role: string;
          plans: string;
          users: number;
          foreign: number;
        }>(tenant.id, echo, { value, tenant: tenant.id })
        .then((result) => ({ result, tenant, value }));
    });
    // On PostgreSQL the read runs on the statement's generic plan (PGlite runs the text as it is).
    const plans = onPool() ? 'force_generic_plan' : 'auto';
    for (const { result, tenant, value } of await Promise.all(reads)) {
      expect(result).toEqual([
        { value, tenant: tenant.id, role: 'kerf_app', plans, users: tenant.users, foreign: 0 },
      ]);
    }
    const after = await Promise.all(
      Array.from({ length: 20 }, () =>
        rows<{ tenant: string | null; role: string; plans: string }>(
          sql`SELECT NULLIF(current_setting('app.tenant_id', true), '') AS tenant, current_user AS role,
                     current_setting('plan_cache_mode') AS plans`,
        ),
      ),
    );
    for (const [row] of after) {
      expect(row!.tenant).toBeNull();
      expect(row!.role).not.toMatch(/^kerf_/);
      expect(row!.plans).toBe('auto');
    }
  });

  it('a failing read rejects with the database error and the next reads still work', async () => {
    const [demo] = await rows<{ id: string }>(sql`SELECT id FROM tenants WHERE slug = 'demo'`);
    const { readPrepared } = t.app.kerf.transactions;
    for (let round = 0; round < 3; round += 1) {
      await expect(readPrepared(demo!.id, failing, { zero: 0 })).rejects.toThrow(/division by zero/);
      expect(await readPrepared(demo!.id, failing, { zero: 1 })).toEqual([{ v: 1 }]);
    }
    await expect(readPrepared('not-a-tenant', failing, { zero: 1 })).rejects.toThrow(/tenant id/);
  });
});

describe('a transaction opened with its first statement (withTenantOpening)', () => {
  const tenantIds = () =>
    rows<{ id: string; users: number }>(
      sql`SELECT t.id, (SELECT count(*)::int FROM users u WHERE u.tenant_id = t.id) AS users
          FROM tenants t WHERE t.slug IN ('demo', 'demo-grind') ORDER BY t.slug`,
    );

  it('hands the first statement’s rows to the work, runs both under the tenant, and takes any value as it is', async () => {
    const tenants = await tenantIds();
    const texts = ["O'Brien", 'back\\slash \\x00', "''; DROP TABLE users; --", 'مطبعة', "$1 $$ E'\\n'", '🔪'];
    const runs = Array.from({ length: 24 }, (_, index) => {
      const tenant = tenants[index % 2]!;
      const value = texts[index % texts.length]!;
      return t.app.kerf.transactions
        .withTenantOpening<{ value: string; tenant: string; role: string; users: number }, unknown>(
          tenant.id,
          sql`SELECT ${value}::text AS value, current_setting('app.tenant_id', true) AS tenant,
                     current_user AS role, (SELECT count(*)::int FROM users) AS users`.inlineParams(),
          async (tx, opened) => {
            const [later] = await queryRows<{ tenant: string }>(
              tx,
              sql`SELECT current_setting('app.tenant_id', true) AS tenant`,
            );
            return { opened, later, tenant, value };
          },
        )
        .catch((error: Error) => ({ error }));
    });
    // `inlineParams` put a quoted string into the text: refused before anything is sent
    for (const result of await Promise.all(runs)) {
      expect(result).toMatchObject({
        error: expect.objectContaining({ message: expect.stringMatching(/quoted strings/) }),
      });
    }
    const echoes = Array.from({ length: 24 }, (_, index) => {
      const tenant = tenants[index % 2]!;
      const value = texts[index % texts.length]!;
      return t.app.kerf.transactions.withTenantOpening<
        { value: string; tenant: string; role: string; users: number; plans: string },
        unknown
      >(
        tenant.id,
        sql`SELECT ${value}::text AS value, current_setting(${'app.tenant_id'}, true) AS tenant,
                   current_user AS role, (SELECT count(*)::int FROM users) AS users,
                   current_setting(${'plan_cache_mode'}) AS plans`,
        async (tx, opened) => {
          const [later] = await queryRows<{ tenant: string }>(
            tx,
            sql`SELECT current_setting('app.tenant_id', true) AS tenant`,
          );
          // a hot write path: its prepared statements run on their generic plans (PGlite in this thread runs text)
          const plans = onPool() ? 'force_generic_plan' : 'auto';
          expect(opened).toEqual([
            { value, tenant: tenant.id, role: 'kerf_app', users: tenant.users, plans },
          ]);
          expect(later!.tenant).toBe(tenant.id);
          return opened.length;
        },
      );
    });
    expect(await Promise.all(echoes)).toEqual(Array.from({ length: 24 }, () => 1));
    const [after] = await rows<{ plans: string }>(sql`SELECT current_setting('plan_cache_mode') AS plans`);
    expect(after!.plans).toBe('auto');
  });

  it('rolls back what the first statement wrote when the work fails, and the next transactions still work', async () => {
    const [demo] = await tenantIds();
    const name = `Opening ${Date.now()}`;
    const { withTenantOpening } = t.app.kerf.transactions;
    const [location] = await rows<{ id: string; name: string }>(
      sql`SELECT id, name FROM locations WHERE tenant_id = ${demo!.id} ORDER BY name LIMIT 1`,
    );
    await expect(
      withTenantOpening(
        demo!.id,
        sql`UPDATE locations SET name = ${name} WHERE id = ${location!.id} RETURNING name`,
        async (_tx, opened) => {
          expect(opened).toEqual([{ name }]);
          throw new Error('the work failed');
        },
      ),
    ).rejects.toThrow('the work failed');
    // a first statement that fails: nothing written, the error comes back
    expect(
      await failure(withTenantOpening(demo!.id, sql`SELECT 1 / ${0}::int AS v`, async () => 'never')),
    ).toMatch(/division by zero/);
    const [after] = await rows<{ name: string }>(sql`SELECT name FROM locations WHERE id = ${location!.id}`);
    expect(after!.name).toBe(location!.name);
    for (let round = 0; round < 3; round += 1) {
      expect(
        await withTenantOpening(demo!.id, sql`SELECT ${round}::int AS v`, async (_tx, opened) => opened),
      ).toEqual([{ v: round }]);
    }
    await expect(withTenantOpening('not-a-tenant', sql`SELECT 1`, async () => 1)).rejects.toThrow(
      /tenant id/,
    );
  });
});

describe('a write of two statements in one round trip (writeInOneTrip)', () => {
  const probe = preparedStatement(
    'test_write_in_one_trip',
    sql`SELECT ${sql.placeholder('value')}::text AS value, current_setting('app.tenant_id', true) AS tenant,
               current_user AS role, current_setting('plan_cache_mode') AS plans,
               (SELECT name FROM locations WHERE id = ${sql.placeholder('location')}::uuid) AS name,
               100 / ${sql.placeholder('divisor')}::int AS share`,
  );
  const tenantsAndLocations = () =>
    rows<{ tenant: string; location: string; name: string }>(
      sql`SELECT DISTINCT ON (t.slug) t.id AS tenant, l.id AS location, l.name
          FROM tenants t JOIN locations l ON l.tenant_id = t.id
          WHERE t.slug IN ('demo', 'demo-grind') ORDER BY t.slug, l.name`,
    );

  it('commits both under the tenant: the second sees the first’s write, any value comes through, another tenant’s rows stay unseen', async () => {
    const [demo, grind] = await tenantsAndLocations();
    const { writeInOneTrip } = t.app.kerf.transactions;
    const texts = ["O'Brien", 'back\\slash \\x00', "''; DROP TABLE users; --", 'مطبعة', "$1 $$ E'\\n'", '🔪'];
    const plans = onPool() ? 'force_generic_plan' : 'auto';
    // more calls than pooled connections: each connection prepares once, then executes
    for (let round = 0; round < 12; round += 1) {
      const value = texts[round % texts.length]!;
      const name = `${demo!.name} ${value}`;
      const written = await writeInOneTrip<{ name: string }, Record<string, unknown>>(
        demo!.tenant,
        sql`UPDATE locations SET name = ${name} WHERE id = ${demo!.location} RETURNING name`,
        probe,
        { value, location: demo!.location, divisor: 4 },
      );
      expect(written).toEqual({
        opened: [{ name }],
        rows: [{ value, tenant: demo!.tenant, role: 'kerf_app', plans, name, share: 25 }],
      });
      const [stored] = await rows<{ name: string }>(
        sql`SELECT name FROM locations WHERE id = ${demo!.location}`,
      );
      expect(stored!.name).toBe(name);
    }
    // the other tenant's location is not there for this one, in either statement
    const across = await writeInOneTrip<{ name: string }, Record<string, unknown>>(
      grind!.tenant,
      sql`UPDATE locations SET name = ${'taken'} WHERE id = ${demo!.location} RETURNING name`,
      probe,
      { value: 'x', location: demo!.location, divisor: 1 },
    );
    expect(across).toEqual({
      opened: [],
      rows: [{ value: 'x', tenant: grind!.tenant, role: 'kerf_app', plans, name: null, share: 100 }],
    });
    const [kept] = await rows<{ name: string }>(sql`SELECT name FROM locations WHERE id = ${demo!.location}`);
    expect(kept!.name).not.toBe('taken');
    await rows(sql`UPDATE locations SET name = ${demo!.name} WHERE id = ${demo!.location}`);
    const [after] = await rows<{ plans: string }>(sql`SELECT current_setting('plan_cache_mode') AS plans`);
    expect(after!.plans).toBe('auto');
  });

  it('rolls back the first statement’s write when the second fails, and the next writes still work', async () => {
    const [demo] = await tenantsAndLocations();
    const { writeInOneTrip } = t.app.kerf.transactions;
    const opening = sql`UPDATE locations SET name = ${'never kept'} WHERE id = ${demo!.location} RETURNING name`;
    for (let round = 0; round < 3; round += 1) {
      const message = await failure(
        writeInOneTrip(demo!.tenant, opening, probe, { value: 'v', location: demo!.location, divisor: 0 }),
      );
      expect(message).toMatch(/division by zero/);
      const [stored] = await rows<{ name: string }>(
        sql`SELECT name FROM locations WHERE id = ${demo!.location}`,
      );
      expect(stored!.name).toBe(demo!.name);
      const written = await writeInOneTrip<{ name: string }, { share: number }>(
        demo!.tenant,
        sql`SELECT name FROM locations WHERE id = ${demo!.location}`,
        probe,
        { value: 'v', location: demo!.location, divisor: round + 1 },
      );
      expect(written.rows[0]!.share).toBe(Math.floor(100 / (round + 1)));
    }
    await expect(
      writeInOneTrip(demo!.tenant, sql`SELECT ${'quoted'} AS v`.inlineParams(), probe, {
        value: 'v',
        location: demo!.location,
        divisor: 1,
      }),
    ).rejects.toThrow(/quoted strings/);
    await expect(
      writeInOneTrip('not-a-tenant', sql`SELECT 1`, probe, {
        value: 'v',
        location: demo!.location,
        divisor: 1,
      }),
    ).rejects.toThrow(/tenant id/);
  });
});
