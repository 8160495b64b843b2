import { cp, mkdir, open, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type PgliteMemory, startPgliteThread } from './pglite-thread';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
/** in the data directory: the process that owns it (lockDataDir) */
const LOCK_FILE = 'kerf.pid';
const MIGRATION_LOCK = 0x6b657266; // 'kerf': one instance migrates at a time

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: AppDatabase;
  /** true when a trivial query answers */
  ping(): Promise<boolean>;
  /** PGlite: its dump of the data directory (a gzip'd tar) while the server runs, between transactions */
  dump?(): Promise<Uint8Array>;
  /**
   * PGlite on a data directory: a copy of its files into `directory` (which must not exist) while
   * the server runs — consistent, with memory bounded by the copy's buffers, not the database's size
   */
  copyTo?(directory: string): Promise<void>;
  /** PGlite in its worker: that thread's memory (null when it is busy with a long statement) */
  memory?(): Promise<PgliteMemory | null>;
  close(): Promise<void>;
}

export type DatabaseSource =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * Start-up with PostgreSQL down or still recovering: called while the first connection is
       * retried (the process waits instead of exiting, so a service manager sees no crash loop).
       */
      onWaiting?: (error: Error, waitedMs: number) => void;
    }
  | {
      kind: 'pglite';
      /** a directory, or `memory://` */
      dataDir: string;
      /**
       * `worker` (the default): PGlite runs in a worker thread and is reached like PostgreSQL
       * (`pglite-thread.ts`, ADR 0022), so a long statement never holds the server's event loop.
       * `main`: in this thread, as PGlite's own client.
       */
      thread?: 'worker' | 'main';
      /** a dump (`dumpDataDir`) to start from (tests) */
      load?: Uint8Array;
    }
  | { kind: 'pglite'; client: PGlite };

/** Opens the database and applies pending migrations. PGlite is the embedded default. */
export async function openDatabase(source: DatabaseSource): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') return openPostgres(source.url, source.poolSize ?? 10, source.onWaiting);
  let client: PGlite;
  let unlock = async () => {};
  if ('client' in source) {
    client = source.client;
  } else {
    const inMemory = source.dataDir.startsWith('memory://');
    if (!inMemory) {
      await mkdir(source.dataDir, { recursive: true });
      unlock = await lockDataDir(source.dataDir);
    }
    if ((source.thread ?? 'worker') === 'worker') {
      try {
        return await openPgliteThread(source.dataDir, unlock, source.load);
      } catch (error) {
        await unlock();
        throw error;
      }
    }
    client = await PGlite.create(source.dataDir, source.load ? { loadDataDir: new Blob([source.load]) } : {});
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    kind: 'pglite',
    db: db as unknown as AppDatabase,
    ping: () => ping(db as unknown as AppDatabase),
    async dump() {
      await client.exec('CHECKPOINT');
      return new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    },
    copyTo:
      'dataDir' in source && !source.dataDir.startsWith('memory://')
        ? (directory) =>
            // inside a transaction of its own, so no other statement runs while the files are copied
            client.transaction(async (tx) => {
              await tx.exec('CHECKPOINT');
              await copyDataDir(source.dataDir, directory);
            })
        : undefined,
    async close() {
      await client.close();
      await unlock();
    },
  };
}

/**
 * PGlite in its worker thread, driven through node-postgres as PostgreSQL is: the same migration
 * path and the same pool paths of `transactions.ts`, on a pool of one connection. `kind` stays
 * `pglite`: one process owns the data directory (no advisory locks for jobs), one ingest lane.
 */
async function openPgliteThread(
  dataDir: string,
  unlock: () => Promise<void>,
  load?: Uint8Array,
): Promise<DatabaseHandle> {
  const thread = await startPgliteThread(dataDir, load);
  try {
    await migrateNodePg(drizzleNodePg(thread.pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await thread.close();
    throw error;
  }
  const db = drizzleNodePg(thread.pool, { schema }) as unknown as AppDatabase;
  return {
    kind: 'pglite',
    db,
    ping: () => ping(db),
    dump: () => thread.dump(),
    copyTo: dataDir.startsWith('memory://') ? undefined : (directory) => thread.copyTo(directory),
    memory: () => thread.memory(),
    async close() {
      await thread.close();
      await unlock();
    },
  };
}

/** The data directory's files, without its lock file, into `to` (created; files already there are never overwritten). */
export async function copyDataDir(from: string, to: string) {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from))
    if (entry !== LOCK_FILE)
      await cp(join(from, entry), join(to, entry), { recursive: true, errorOnExist: true, force: false });
}

export class DataDirInUseError extends Error {}

/**
 * One process per PGlite data directory: a second one would corrupt it. The lock file holds the
 * owner's pid; a lock left by a process that no longer runs is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is in use by process ${owner}: stop it, or set DATA_DIR to another directory.`,
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The first connection, retried until PostgreSQL answers: every 250 ms, backing off to 1 s, so the
 * server is ready within about a second of the database's return (reliability.md T-CH-07).
 */
async function connectWhenUp(pool: pg.Pool, onWaiting?: (error: Error, waitedMs: number) => void) {
  const started = Date.now();
  let delay = 250;
  for (;;) {
    try {
      return await pool.connect();
    } catch (error) {
      onWaiting?.(error as Error, Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(1000, delay * 2);
    }
  }
}

/**
 * A connection to the primary only, like libpq's `target_session_attrs=read-write` (which
 * node-postgres lacks): a server in recovery — a standby the endpoint reaches before it is promoted,
 * or an old primary come back as one — is refused, and the request that needed the connection gets
 * 503 SERVICE_UNAVAILABLE with Retry-After (SQLSTATE 25006), which machines and browsers retry. One
 * round trip per new connection; the pool keeps its connections (issue 35, failover).
 */
class PrimaryOnlyClient extends pg.Client {
  // pg-pool connects with a callback, everyone else with the promise
  override connect(): Promise<pg.Client>;
  override connect(callback: ((error: Error) => void) | ((error: null, client: pg.Client) => void)): void;
  override connect(
    callback?: ((error: Error) => void) | ((error: null, client: pg.Client) => void),
  ): Promise<pg.Client> | undefined {
    const connected = super.connect().then(async () => {
      const { rows } = await this.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
      if (!rows[0]?.standby) return this as pg.Client;
      await this.end().catch(() => undefined);
      throw Object.assign(new Error('the database server is a standby (read-only), not the primary'), {
        code: '25006',
      });
    });
    if (!callback) return connected;
    const done = callback as (error: Error | null, client?: pg.Client) => void;
    connected.then(
      (client) => done(null, client),
      (error: Error) => done(error),
    );
    return undefined;
  }
}

async function openPostgres(
  url: string,
  poolSize: number,
  onWaiting?: (error: Error, waitedMs: number) => void,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PrimaryOnlyClient });
  // A dropped connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // pg-pool listens for errors only on idle clients; a checked-out client whose server goes away
  // (a PostgreSQL crash mid-transaction) would otherwise throw an uncaught 'error' and end the process.
  // The failed query still rejects, so callers see the failure.
  pool.on('connect', (client) => client.on('error', () => {}));
  const client = await connectWhenUp(pool, onWaiting);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as AppDatabase;
  return { kind: 'postgres', db, ping: () => ping(db), close: () => pool.end() };
}

async function ping(db: AppDatabase): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function queryRows<T>(db: Pick<AppDatabase, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Where reads that may lag come from: the primary itself, or a streaming replica and how far behind it is. */
export interface ReadSource {
  kind: 'PRIMARY' | 'REPLICA';
  db: AppDatabase;
  /** seconds the replica's data is behind the primary's; 0 when it has replayed all it received; null when unknown */
  lagSeconds(): Promise<number | null>;
  close(): Promise<void>;
}

/**
 * A streaming replica of the primary (`DATABASE_READ_URL`, issue 35): reports, their CSVs and the
 * tenant export read from it. No migrations (it follows the primary), no primary-only check; row-level
 * security holds as on the primary (the roles and policies are replicated with the data).
 */
export function openReadReplica(url: string, poolSize = 5): ReadSource {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePg(pool, { schema }) as unknown as AppDatabase;
  return {
    kind: 'REPLICA',
    db,
    async lagSeconds() {
      try {
        // caught up: everything received is replayed (an idle primary sends nothing, so the last
        // replayed transaction's age alone would grow without any lag)
        const { rows } = await pool.query<{ lag: number | null }>(`
          SELECT CASE
            WHEN NOT pg_is_in_recovery() THEN 0
            WHEN pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0
            ELSE greatest(0, extract(epoch FROM now() - pg_last_xact_replay_timestamp()))::float8
          END AS lag`);
        return rows[0]?.lag ?? null;
      } catch {
        return null;
      }
    },
    close: () => pool.end(),
  };
}

/** Reads from the primary: no lag. */
export function primaryReadSource(database: DatabaseHandle): ReadSource {
  return { kind: 'PRIMARY', db: database.db, lagSeconds: async () => 0, close: async () => {} };
}
