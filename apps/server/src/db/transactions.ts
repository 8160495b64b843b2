import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
export function createTransactions(db: AppDatabase): Transactions {
  const begin = (role: string, tenantId: string) =>
    `BEGIN; SELECT set_config('role', '${role}', true), set_config('app.tenant_id', '${tenantId}', true)`;
  const pool = (db as unknown as { $client?: unknown }).$client;
  const run: <T>(role: string, tenantId: string, fn: (tx: Tx) => Promise<T>) => Promise<T> =
    pool instanceof pg.Pool
      ? runOnPool(db, pool, begin)
      : (role, tenantId, fn) =>
          db.transaction(async (tx) => {
            await tx.execute(
              sql`SELECT set_config('role', ${role}, true), set_config('app.tenant_id', ${tenantId}, true)`,
            );
            return fn(tx as Tx);
          });

  const transactions: Transactions = {
    withTenant(tenantId, fn) {
      if (!UUID.test(tenantId)) throw new Error('withTenant needs a tenant id');
      return run('kerf_app', tenantId, fn);
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
 * with one round trip. A connection whose rollback fails is destroyed, not handed to the next user.
 */
function runOnPool(db: AppDatabase, pool: pg.Pool, begin: (role: string, tenantId: string) => string) {
  type SessionArgs = ConstructorParameters<typeof NodePgSession>;
  const { dialect, schema, options } = (db as unknown as { session: object }).session as {
    dialect: SessionArgs[1];
    schema: SessionArgs[2];
    options: SessionArgs[3];
  };
  return async <T>(role: string, tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // Inside the try: a BEGIN that fails half-way (the settings) is rolled back like the rest.
      await client.query(begin(role, tenantId));
      const session = new NodePgSession(client, dialect, schema, options);
      const result = await fn(new NodePgTransaction(dialect, session, schema) as unknown as Tx);
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
