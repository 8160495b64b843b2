import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from './client';
import { createTransactions, preparedStatement } from './transactions';

/**
 * PGlite in its worker thread (ADR 0022), reached through node-postgres: what the app needs of the
 * database holds there too, and a long statement no longer holds this thread's event loop.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
});
afterAll(() => database.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

describe('PGlite in a worker thread', () => {
  it('keeps this thread running timers while a long statement runs', async () => {
    let statementDone = false;
    const statement = rows(sql`SELECT count(*) AS n FROM generate_series(1, 2000000)`).then((result) => {
      statementDone = true;
      return result;
    });
    // a timer of this thread fires while the statement is still running in the worker
    let ticks = 0;
    let ticksBeforeDone = 0;
    const interval = setInterval(() => {
      ticks += 1;
      if (!statementDone) ticksBeforeDone = ticks;
    }, 1);
    const [result] = await statement;
    clearInterval(interval);
    expect(Number((result as { n: string }).n)).toBe(2_000_000);
    expect(ticksBeforeDone).toBeGreaterThan(1);
  });

  it('is migrated and answers as PostgreSQL does through node-postgres', async () => {
    const [row] = await rows<{ tables: string; big: string; at: unknown }>(
      sql`SELECT (SELECT count(*) FROM pg_tables WHERE schemaname = 'public') AS tables,
                 12345678901::int8 AS big, now() AS at`,
    );
    expect(Number(row!.tables)).toBeGreaterThan(10);
    expect(row!.big).toBe('12345678901');
    expect(await database.ping()).toBe(true);
  });

  it('runs transactions one after another on its one connection, and rolls a failed one back', async () => {
    await rows(sql`CREATE TABLE IF NOT EXISTS thread_probe (n int)`);
    await rows(sql`GRANT ALL ON thread_probe TO PUBLIC`);
    const transactions = createTransactions(database.db);
    const one = (n: number) =>
      transactions.withSignIn(async (tx) => {
        await tx.execute(sql`INSERT INTO thread_probe VALUES (${n})`);
        await tx.execute(sql`SELECT pg_sleep(0.01)`);
        if (n % 5 === 0) throw new Error('rolled back');
        return n;
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => one(i)));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(4);
    const [count] = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM thread_probe`);
    expect(Number(count!.n)).toBe(16);
  });

  it('starts a new connection from a clean session: no open transaction, no prepared statement left', async () => {
    const transactions = createTransactions(database.db);
    const statement = preparedStatement(
      'thread_probe_read',
      sql`SELECT current_setting('app.tenant_id', true) AS tenant`,
    );
    const tenant = '3f0c2b8e-5a55-4c0b-9d6e-0c7c4a1b2d3e';
    expect(await transactions.readPrepared(tenant, statement, {})).toEqual([{ tenant }]);
    // a failed one-message read drops its connection (transactions.ts); the next one prepares anew
    await expect(
      transactions.readPrepared(
        tenant,
        preparedStatement('thread_probe_fails', sql`SELECT 1 / 0 AS never`),
        {},
      ),
    ).rejects.toThrow();
    expect(await transactions.readPrepared(tenant, statement, {})).toEqual([{ tenant }]);
    const [state] = await rows<{ open: boolean }>(sql`SELECT now() <> statement_timestamp() AS open`);
    expect(state!.open).toBe(false);
  });

  it('dumps the data directory while it serves', async () => {
    const dump = await database.dump!();
    // gzip
    expect([dump[0], dump[1]]).toEqual([0x1f, 0x8b]);
    const copy = await openDatabase({ kind: 'pglite', dataDir: 'memory://', load: dump, thread: 'main' });
    try {
      const [row] = await queryRows<{ n: number | string }>(
        copy.db,
        sql`SELECT count(*) AS n FROM thread_probe`,
      );
      expect(Number(row!.n)).toBe(16);
    } finally {
      await copy.close();
    }
  });

  it("reports the worker's memory: PGlite's WebAssembly memory and the worker's heap", async () => {
    const memory = await database.memory!();
    // PGlite starts with 128 MB of shared buffers inside its WebAssembly memory
    expect(memory!.wasmBytes).toBeGreaterThan(128 * 1024 * 1024);
    expect(memory!.heapUsedBytes).toBeGreaterThan(1024 * 1024);
  });

  it('answers null after a second, not never, when a long statement holds the worker', async () => {
    const statement = rows(sql`SELECT pg_sleep(2.5)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    expect(await database.memory!()).toBeNull();
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    await statement;
    expect(await database.memory!()).not.toBeNull();
  });
});
