import { type ExtractTablesWithRelations, fillPlaceholders, SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DEFAULT_BUDGETS, type StatementBudgets, statementTimeoutMs } from '../lib/budget';
import type { AppDatabase, Schema } from './client';
import { auditLog } from './schema/index';

export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Who caused a cross-tenant access; recorded in the audit log of the actor's tenant. */
export interface PlatformActor {
  tenantId: string;
  userId: string | null;
  ip?: string | null;
}

export interface PlatformAccess {
  actor: PlatformActor;
  action: string;
  targetTenantId?: string | null;
  details?: Record<string, unknown>;
}

export interface Transactions {
  /** Runs fn as role kerf_app with `app.tenant_id` set for this transaction only. */
  withTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * `withTenant` whose first statement goes to PostgreSQL in the `BEGIN`'s message, one round trip
   * fewer (the telemetry batch's machine locks); `fn` gets its rows. The statement's values are sent
   * as quoted literals, so its text must hold no quoted strings of its own (see `inlined`). Meant
   * for hot write paths: the prepared statements (`runPrepared`) of the transaction run on their
   * generic plans, as `readPrepared` does.
   */
  withTenantOpening<R, T>(tenantId: string, opening: SQL, fn: (tx: Tx, rows: R[]) => Promise<T>): Promise<T>;
  /**
   * A write of two statements in ONE round trip on PostgreSQL: `BEGIN` with the settings, `opening`
   * (inlined, as in `withTenantOpening`), the prepared `statement` and `COMMIT` go in one
   * simple-protocol message. For a hot write whose second statement does not depend on the first's
   * rows in node (the telemetry batch of cuts only: lock the machines, then the cuts). Answers both
   * statements' rows once committed; a failure anywhere rolls all of it back.
   */
  writeInOneTrip<A, B>(
    tenantId: string,
    opening: SQL,
    statement: PreparedStatement,
    values: Record<string, unknown>,
  ): Promise<{ opened: A[]; rows: B[] }>;
  /**
   * One prepared statement as kerf_app under the tenant, alone in its transaction: a hot read that
   * needs nothing else (a page of a list, one object). On PostgreSQL it takes one round trip
   * instead of three (see `readOnPool`); the rows come as `runPrepared` answers them.
   */
  readPrepared<R>(
    tenantId: string,
    statement: PreparedStatement,
    values: Record<string, unknown>,
  ): Promise<R[]>;
  /** Sign-in before a tenant is known: role kerf_auth (tenant ids by slug, login throttle). */
  withSignIn<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Cross-tenant work of platform roles: role kerf_platform, and an audit record in the same transaction. */
  withPlatform<T>(access: PlatformAccess, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Creates a tenant and fills it in ONE transaction (the website's registration): `create` runs as
   * kerf_platform (audited) and answers the new tenant's id; then the same transaction switches to
   * kerf_app under that tenant for `fill`. A failure anywhere leaves nothing behind.
   */
  withNewTenant<T>(
    access: PlatformAccess,
    create: (tx: Tx) => Promise<string>,
    fill: (tx: Tx, tenantId: string) => Promise<T>,
  ): Promise<T>;
}

/** Named statements of the transaction run on their generic plans (see `readOnPool`). */
const GENERIC_PLANS = "set_config('plan_cache_mode', 'force_generic_plan', true)";

/** Turns `sql` into text and parameters; needs no database. */
const pgDialect = new PgDialect();

function inlinable(statement: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = pgDialect.sqlToQuery(statement);
  if (text.includes("'")) throw new Error('an inlined statement must hold no quoted strings');
  return { text, params };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The single place that opens transactions for requests. Settings are transaction-local
 * (`set_config(..., true)`), so nothing leaks to the next user of a pooled connection.
 *
 * On PostgreSQL the transaction starts with one round trip: `BEGIN` and the `set_config` calls go
 * in one simple-protocol message (the role is one of three constants and the tenant id a checked
 * UUID, so nothing is interpolated that a user chose). Drizzle's own `transaction()` needs two
 * (`begin`, then the settings); on a loaded machine each round trip is a context switch to the
 * database and back. PGlite runs in-process, where the saving is nil, so it keeps Drizzle's path.
 */
export function createTransactions(
  db: AppDatabase,
  budgets: StatementBudgets = DEFAULT_BUDGETS,
): Transactions {
  // the statement timeout of the work in progress (lib/budget.ts): a whole number of milliseconds
  const timeout = () => `set_config('statement_timeout', '${statementTimeoutMs(budgets)}', true)`;
  const begin = (role: string, tenantId: string) =>
    `BEGIN; SELECT set_config('role', '${role}', true), set_config('app.tenant_id', '${tenantId}', true), ${timeout()}`;
  const pool = (db as unknown as { $client?: unknown }).$client;
  const opened: <R, T>(
    role: string,
    tenantId: string,
    opening: SQL | null,
    fn: (tx: Tx, rows: R[]) => Promise<T>,
  ) => Promise<T> =
    pool instanceof pg.Pool
      ? runOnPool(db, pool, begin)
      : (role, tenantId, opening, fn) =>
          db.transaction(async (tx) => {
            await tx.execute(
              sql`SELECT set_config('role', ${role}, true), set_config('app.tenant_id', ${tenantId}, true),
                         set_config('statement_timeout', ${String(statementTimeoutMs(budgets))}, true)`,
            );
            if (!opening) return fn(tx as Tx, []);
            inlinable(opening); // the same rule as on PostgreSQL, so a statement that works here works there
            return fn(tx as Tx, ((await tx.execute(opening)) as unknown as { rows: never[] }).rows);
          });
  const run = <T>(role: string, tenantId: string, fn: (tx: Tx) => Promise<T>) =>
    opened(role, tenantId, null, (tx) => fn(tx));

  const writeTwo: <A, B>(
    tenantId: string,
    opening: SQL,
    statement: PreparedStatement,
    values: Record<string, unknown>,
  ) => Promise<{ opened: A[]; rows: B[] }> =
    pool instanceof pg.Pool
      ? writeOnPool(pool, begin)
      : <A, B>(
          tenantId: string,
          opening: SQL,
          statement: PreparedStatement,
          values: Record<string, unknown>,
        ) =>
          opened<A, { opened: A[]; rows: B[] }>('kerf_app', tenantId, opening, async (tx, rows) => ({
            opened: rows,
            rows: await runPrepared<B>(tx, statement, values),
          }));

  const readOne: <R>(
    tenantId: string,
    statement: PreparedStatement,
    values: Record<string, unknown>,
  ) => Promise<R[]> =
    pool instanceof pg.Pool
      ? readOnPool(pool, timeout)
      : (tenantId, statement, values) =>
          run('kerf_app', tenantId, (tx) => runPrepared(tx, statement, values));

  const transactions: Transactions = {
    withTenant(tenantId, fn) {
      if (!UUID.test(tenantId)) throw new Error('withTenant needs a tenant id');
      return run('kerf_app', tenantId, fn);
    },
    async withTenantOpening(tenantId, opening, fn) {
      if (!UUID.test(tenantId)) throw new Error('withTenantOpening needs a tenant id');
      return opened('kerf_app', tenantId, opening, fn);
    },
    async writeInOneTrip(tenantId, opening, statement, values) {
      if (!UUID.test(tenantId)) throw new Error('writeInOneTrip needs a tenant id');
      return writeTwo(tenantId, opening, statement, values);
    },
    async readPrepared(tenantId, statement, values) {
      if (!UUID.test(tenantId)) throw new Error('readPrepared needs a tenant id');
      return readOne(tenantId, statement, values);
    },
    withSignIn(fn) {
      return run('kerf_auth', '', fn);
    },
    withNewTenant(access, create, fill) {
      return transactions.withPlatform(access, async (tx) => {
        const tenantId = await create(tx);
        if (!UUID.test(tenantId)) throw new Error('withNewTenant needs the new tenant id');
        await tx.execute(
          sql`SELECT set_config('role', 'kerf_app', true), set_config('app.tenant_id', ${tenantId}, true)`,
        );
        return fill(tx, tenantId);
      });
    },
    withPlatform(access, fn) {
      return run('kerf_platform', '', async (tx) => {
        await tx.insert(auditLog).values({
          tenantId: access.actor.tenantId,
          actorUserId: access.actor.userId,
          action: access.action,
          targetTenantId: access.targetTenantId ?? null,
          ip: access.actor.ip ?? null,
          details: access.details ?? null,
        });
        return fn(tx);
      });
    },
  };
  return transactions;
}

/**
 * A transaction on one pooled connection, as Drizzle's node-postgres `transaction()` does it (same
 * session and transaction classes, so nested `tx.transaction()` still makes savepoints), but opened
 * with one round trip, which can carry the transaction's first statement too (its rows go to `fn`).
 * A connection whose rollback fails is destroyed, not handed to the next user.
 */
function runOnPool(db: AppDatabase, pool: pg.Pool, begin: (role: string, tenantId: string) => string) {
  type SessionArgs = ConstructorParameters<typeof NodePgSession>;
  const { dialect, schema, options } = (db as unknown as { session: object }).session as {
    dialect: SessionArgs[1];
    schema: SessionArgs[2];
    options: SessionArgs[3];
  };
  return async <R, T>(
    role: string,
    tenantId: string,
    opening: SQL | null,
    fn: (tx: Tx, rows: R[]) => Promise<T>,
  ): Promise<T> => {
    // Built before a connection is taken: a statement that cannot be inlined fails here.
    // A transaction opened with its first statement is a hot write path: its prepared statements run
    // on their generic plans, as `readOnPool`'s reads do (see there).
    const message = opening
      ? `${begin(role, tenantId)}, ${GENERIC_PLANS};\n${inlined(opening)}`
      : begin(role, tenantId);
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // Inside the try: a BEGIN that fails half-way (the settings) is rolled back like the rest.
      const results = (await client.query(message)) as unknown as pg.QueryResult[];
      const rows = opening ? (results[results.length - 1]!.rows as R[]) : [];
      const session = new NodePgSession(client, dialect, schema, options);
      const result = await fn(new NodePgTransaction(dialect, session, schema) as unknown as Tx, rows);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/**
 * A read in one round trip: the settings, the statement (prepared with SQL `PREPARE` the first time
 * on this connection) and its `EXECUTE` go in one simple-protocol message, which PostgreSQL runs as
 * one implicit transaction — the transaction-local settings end with it, as after a `COMMIT`, and
 * an error rolls all of it back. `runPrepared` inside `withTenant` needs three (`BEGIN` with the
 * settings, the statement, `COMMIT`), and on a loaded machine each round trip is a socket write
 * and a wake-up of the database and of us. The statement's values go into the `EXECUTE` as quoted
 * literals, escaped as the driver escapes them, and are typed by the prepared statement's
 * parameters exactly as protocol parameters would be.
 *
 * The statement runs on its generic plan, planned once per connection. Left to itself PostgreSQL
 * plans a statement with parameters afresh on every run while the generic plan's estimate looks
 * dearer than the custom ones, and with `LIMIT $1` it always does: the location list was planned on
 * each request, 1.3 ms of database time instead of 0.55 (pgbench, prepared, list of 25 WITH_UPTIME
 * over 30 days of history). The statements read through here are the app's hot reads, whose plans
 * do not depend on their values (an id, a page, a search pattern over one tenant's rows).
 *
 * A connection on which the message failed is closed, not reused: which of its statements
 * PostgreSQL kept prepared would be a guess.
 */
function readOnPool(pool: pg.Pool, timeout: () => string) {
  return async <R>(
    tenantId: string,
    statement: PreparedStatement,
    values: Record<string, unknown>,
  ): Promise<R[]> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const execute = executeOn(client, statement, values);
      const parts = [
        `SELECT set_config('role', 'kerf_app', true), set_config('app.tenant_id', '${tenantId}', true), ${timeout()}, ${GENERIC_PLANS}`,
        ...execute.parts,
      ];
      const results = (await client.query(parts.join(';\n'))) as unknown as pg.QueryResult[];
      execute.done();
      return results[results.length - 1]!.rows as R[];
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/**
 * `writeInOneTrip` on PostgreSQL: `BEGIN` with the settings, the inlined opening, the statement as
 * in `readOnPool` and `COMMIT`, in one message. PostgreSQL stops at the first statement that fails
 * and leaves the transaction aborted; the connection is then closed, not reused (which ends the
 * transaction, and which of its statements PostgreSQL kept prepared would be a guess).
 */
function writeOnPool(pool: pg.Pool, begin: (role: string, tenantId: string) => string) {
  return async <A, B>(
    tenantId: string,
    opening: SQL,
    statement: PreparedStatement,
    values: Record<string, unknown>,
  ): Promise<{ opened: A[]; rows: B[] }> => {
    // Built before a connection is taken: a statement that cannot be inlined fails here.
    const head = `${begin('kerf_app', tenantId)}, ${GENERIC_PLANS};\n${inlined(opening)}`;
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const execute = executeOn(client, statement, values);
      const message = [head, ...execute.parts, 'COMMIT'].join(';\n');
      const results = (await client.query(message)) as unknown as pg.QueryResult[];
      execute.done();
      // BEGIN, the settings, the opening, [PREPARE,] EXECUTE, COMMIT
      return { opened: results[2]!.rows as A[], rows: results[results.length - 2]!.rows as B[] };
    } catch (error) {
      broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

/** Statements prepared (SQL `PREPARE`) on each pooled connection, by name. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * A prepared statement run in a simple-protocol message: `PREPARE` the first time on this
 * connection, then `EXECUTE` with the values as quoted literals (escaped as the driver escapes
 * them, and typed by the statement's parameters exactly as protocol parameters would be). Call
 * `done` once the message has succeeded.
 */
function executeOn(client: pg.PoolClient, statement: PreparedStatement, values: Record<string, unknown>) {
  const name = `r_${statement.name}`;
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedOn.set(client, prepared);
  }
  const params = fillPlaceholders(statement.params, values).map(literal);
  return {
    parts: [
      ...(prepared.has(name) ? [] : [`PREPARE ${name} AS ${statement.text}`]),
      params.length > 0 ? `EXECUTE ${name}(${params.join(', ')})` : `EXECUTE ${name}`,
    ],
    done: () => prepared.add(name),
  };
}

/**
 * A statement with its values as quoted literals, for a simple-protocol message. The text is the
 * app's own; it must hold no quoted strings, so that every `$n` in it is a parameter.
 */
function inlined(statement: SQL): string {
  const { text, params } = inlinable(statement);
  return text.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1]));
}

/** A value as a quoted SQL literal: the text the driver would send as a parameter, escaped. */
function literal(value: unknown): string {
  const text = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue(
    value,
  );
  if (text === null) return 'NULL';
  if (typeof text !== 'string')
    throw new Error(
      'a prepared statement run by message takes text, numbers, booleans, dates and arrays of them',
    );
  return pg.escapeLiteral(text);
}

/** A statement whose text is built once (at start), run many times with different values. */
export interface PreparedStatement {
  name: string;
  text: string;
  /** the statement's parameters: fixed values and `sql.placeholder(...)`s filled in per run */
  params: unknown[];
}

/**
 * Builds a hot statement once from a Drizzle query or raw `sql` written with `sql.placeholder(...)`
 * for what changes per request (for a query use `new QueryBuilder()` from drizzle-orm/pg-core: no
 * database needed). The name must be unique in the app and stand for this one text.
 */
export function preparedStatement(
  name: string,
  query: SQL | { toSQL(): { sql: string; params: unknown[] } },
): PreparedStatement {
  const { sql: text, params } = query instanceof SQL ? pgDialect.sqlToQuery(query) : query.toSQL();
  return { name, text, params };
}

/**
 * Runs a prepared statement in the transaction and answers its rows as PostgreSQL names its columns
 * (snake_case; timestamps as Date). On PostgreSQL it is a named statement, parsed and planned once
 * per pooled connection instead of once per request, and Drizzle does not build or map anything;
 * row-level security applies as to any statement (the policies read the transaction's settings
 * when it runs). PGlite runs in-process and takes the text as it is.
 */
export async function runPrepared<R>(
  tx: Tx,
  statement: PreparedStatement,
  values: Record<string, unknown>,
): Promise<R[]> {
  const params = fillPlaceholders(statement.params, values);
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  if (client instanceof pg.Client) {
    const result = await client.query({ name: statement.name, text: statement.text, values: params });
    return result.rows as R[];
  }
  const result = await (
    client as { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> }
  ).query(statement.text, params);
  return result.rows as R[];
}
