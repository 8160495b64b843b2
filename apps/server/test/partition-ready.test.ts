import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../src/db/client';
import { openTestDatabase } from './harness';

/**
 * Partition-ready by tenant (issue 35, item 4; docs/operations/scale-out.md): every table that holds
 * `tenant_id` keeps it in its primary key and in every unique constraint and unique index, so the
 * schema can be distributed by tenant (Citus-style: a unique rule must contain the distribution
 * column) without rewriting it. Read from the catalogue of the migrated database, so a new table or
 * index that breaks the rule fails here.
 *
 * The exceptions are rules that are global on purpose; each would live in a platform-wide
 * (reference) table when the schema is distributed:
 */
const GLOBAL_ON_PURPOSE: Record<string, string> = {
  // the broker knows a machine only by its MQTT username, which names the tenant (`{tenant}.{serial}`)
  machine_credentials_username_key: 'a machine logs into the broker by username alone',
  // one numbering for every invoice the platform issues (a legal requirement of the issuer)
  invoices_number_key: 'invoice numbers are the issuer’s, one sequence over all customers',
  // a licensed serial has one owner over all tenants (issue 31, serial squatting)
  machine_licences_serial_owner_key: 'a licence’s serial has one owner across tenants',
};

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('partition-ready by tenant', () => {
  it('every primary key, unique constraint and unique index of a tenant table contains tenant_id', async () => {
    const rules = await queryRows<{ table: string; name: string; definition: string; primary: boolean }>(
      database.db,
      sql`
        SELECT c.relname AS "table", ic.relname AS name, pg_get_indexdef(i.indexrelid) AS definition,
               i.indisprimary AS "primary"
        FROM pg_index i
        JOIN pg_class c ON c.oid = i.indrelid
        JOIN pg_class ic ON ic.oid = i.indexrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND i.indisunique
          AND EXISTS (SELECT 1 FROM pg_attribute a
                      WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
          AND NOT EXISTS (SELECT 1 FROM unnest(i.indkey) k
                          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k
                          WHERE a.attname = 'tenant_id')
        ORDER BY 1, 2`,
    );
    const tenantTables = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(DISTINCT c.oid)::int AS n FROM pg_class c
          JOIN pg_namespace ns ON ns.oid = c.relnamespace
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id'
          WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    // the check reads real tables (not an empty catalogue)
    expect(tenantTables[0]!.n).toBeGreaterThan(40);
    const breaking = rules.filter((rule) => !(rule.name in GLOBAL_ON_PURPOSE));
    expect(breaking.map((rule) => rule.definition)).toEqual([]);
    // an exception that no longer exists is taken off the list
    expect(rules.map((rule) => rule.name).sort()).toEqual(Object.keys(GLOBAL_ON_PURPOSE).sort());
    expect(rules.some((rule) => rule.primary)).toBe(false);
  });
});
