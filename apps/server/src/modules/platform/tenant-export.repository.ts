import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Tx } from '../../db/transactions';

/** A table of the tenant export (tenant-export.ts). */
export interface ExportTable {
  name: string;
  columns: string[];
  /** the primary key's columns: the order of the rows, and where each page starts */
  order: string[];
  /** their types, to compare a page's start with (the key travels as text, so nothing is rounded) */
  orderTypes: string[];
}

/**
 * From the catalogue: the tables the transaction's role may read that hold tenant rows (a
 * `tenant_id` column, and `tenants` itself), with their columns and primary key (null without one).
 * Partitions are left out: they are read through their parent.
 */
export async function findExportTables(
  tx: Tx,
): Promise<{ name: string; columns: string[]; keys: string[] | null; types: string[] | null }[]> {
  return queryRows<{ name: string; columns: string[]; keys: string[] | null; types: string[] | null }>(
    tx,
    sql`SELECT c.relname AS name,
          array_agg(a.attname::text ORDER BY a.attnum) AS columns,
          (SELECT array_agg(k.attname::text ORDER BY array_position(i.indkey, k.attnum))
             FROM pg_index i JOIN pg_attribute k ON k.attrelid = i.indrelid AND k.attnum = ANY(i.indkey)
            WHERE i.indrelid = c.oid AND i.indisprimary) AS keys,
          (SELECT array_agg(format_type(k.atttypid, k.atttypmod) ORDER BY array_position(i.indkey, k.attnum))
             FROM pg_index i JOIN pg_attribute k ON k.attrelid = i.indrelid AND k.attnum = ANY(i.indkey)
            WHERE i.indrelid = c.oid AND i.indisprimary) AS types
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND has_table_privilege(c.oid, 'SELECT')
          AND (c.relname = 'tenants' OR EXISTS (
            SELECT 1 FROM pg_attribute t WHERE t.attrelid = c.oid AND t.attname = 'tenant_id' AND NOT t.attisdropped))
        GROUP BY c.oid, c.relname ORDER BY c.relname`,
  );
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * One page of a table in its key's order: the tenant's rows after `after` (the last page's last
 * key, null for the first page), at most `limit`, each with its key as text in `__key0`, `__key1`, ….
 *
 * A key led by tenant_id is compared without it: the tenant is one value here, and the planner
 * estimates a row comparison from its first column alone, so `(tenant_id, …) > (…)` looked like no
 * rows at all and was planned as a scan and sort of the whole table for every page (4.5 s a page
 * over 1.6 million cuts on PGlite); `tenant_id = … AND (…) > (…)` walks the primary key's index.
 */
export async function readExportPage(
  tx: Tx,
  tenantId: string,
  table: ExportTable,
  after: string[] | null,
  limit: number,
): Promise<Record<string, unknown>[]> {
  const keys = table.order.map(ident);
  const byTenant = table.order[0] === 'tenant_id' && table.order.length > 1;
  const skip = byTenant ? 1 : 0;
  const select = `SELECT ${table.columns.map(ident).join(', ')}, ${keys.map((key, i) => `${key}::text AS "__key${i}"`).join(', ')} FROM ${ident(table.name)}`;
  const conditions = [
    ...(byTenant ? [sql`tenant_id = ${tenantId}::uuid`] : []),
    ...(after
      ? [
          sql.join([
            sql.raw(`(${keys.slice(skip).join(', ')}) > (`),
            sql.join(
              after.slice(skip).map((value, i) => sql`${value}::${sql.raw(table.orderTypes[i + skip]!)}`),
              sql.raw(', '),
            ),
            sql.raw(')'),
          ]),
        ]
      : []),
  ];
  return queryRows<Record<string, unknown>>(
    tx,
    sql.join([
      sql.raw(select),
      conditions.length > 0 ? sql` WHERE ${sql.join(conditions, sql.raw(' AND '))}` : sql.raw(''),
      sql.raw(` ORDER BY ${keys.join(', ')} LIMIT ${limit}`),
    ]),
  );
}
