import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { Zip, ZipDeflate } from 'fflate';
import { recordAudit } from '../../db/audit.repository';
import { queryRows } from '../../db/client';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';

/** rows per read; each read is its own short transaction under the tenant */
const PAGE = 2000;
/** columns never exported: hashes of passwords, refresh tokens and machine credentials */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'secret_hash']);

interface ExportTable {
  name: string;
  columns: string[];
  /** the column that names the tenant (`tenant_id`, or `id` for `tenants`) */
  order: string[];
}

/**
 * The tables the app role may read that hold tenant rows (a `tenant_id` column, and `tenants`
 * itself), from the catalogue, so a table added later is exported without a change here.
 * Partitions are read through their parent.
 */
async function exportTables(transactions: Transactions, tenantId: string): Promise<ExportTable[]> {
  const rows = await transactions.withTenant(tenantId, (tx) =>
    queryRows<{ name: string; columns: string[]; keys: string[] | null }>(
      tx,
      sql`SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns,
            (SELECT array_agg(k.attname::text ORDER BY array_position(i.indkey, k.attnum))
               FROM pg_index i JOIN pg_attribute k ON k.attrelid = i.indrelid AND k.attnum = ANY(i.indkey)
              WHERE i.indrelid = c.oid AND i.indisprimary) AS keys
          FROM pg_class c
          JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
          WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
            AND has_table_privilege(c.oid, 'SELECT')
            AND (c.relname = 'tenants' OR EXISTS (
              SELECT 1 FROM pg_attribute t WHERE t.attrelid = c.oid AND t.attname = 'tenant_id' AND NOT t.attisdropped))
          GROUP BY c.oid, c.relname ORDER BY c.relname`,
    ),
  );
  return rows.map((row) => ({
    name: row.name,
    columns: row.columns.filter((column) => !SECRET_COLUMNS.has(column)),
    order: row.keys && row.keys.length > 0 ? row.keys : [row.columns[0]!],
  }));
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Streams the tenant's data as a ZIP (fflate, deflated entry by entry): each table is read page by
 * page under `withTenant` — row-level security is what keeps every other tenant's rows out — and
 * written as a JSON array while the next page is read. The export itself is audited.
 */
export function exportTenantZip(transactions: Transactions, actor: Actor): PassThrough {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const run = async () => {
    const { tenantId } = actor;
    await transactions.withTenant(tenantId, (tx) =>
      recordAudit(tx, { tenantId, actorUserId: actor.userId, action: 'tenant.export', ip: actor.ip }),
    );
    const manifest: Record<string, number> = {};
    for (const table of await exportTables(transactions, tenantId)) {
      const file = new ZipDeflate(`${table.name}.json`, { level: 6 });
      zip.add(file);
      const select = `SELECT ${table.columns.map(ident).join(', ')} FROM ${ident(table.name)} ORDER BY ${table.order.map(ident).join(', ')}`;
      let count = 0;
      file.push(new TextEncoder().encode('['));
      for (let offset = 0; ; offset += PAGE) {
        if (out.destroyed) return;
        const rows = await transactions.withTenant(tenantId, (tx) =>
          queryRows<Record<string, unknown>>(tx, sql.raw(`${select} LIMIT ${PAGE} OFFSET ${offset}`)),
        );
        const text = rows.map((row, i) => `${count + i === 0 ? '' : ','}\n${JSON.stringify(row)}`).join('');
        count += rows.length;
        file.push(new TextEncoder().encode(text));
        if (rows.length < PAGE) break;
      }
      file.push(new TextEncoder().encode('\n]\n'), true);
      manifest[table.name] = count;
    }
    const info = new ZipDeflate('manifest.json');
    zip.add(info);
    info.push(
      new TextEncoder().encode(
        `${JSON.stringify({ tenantId, exportedAt: new Date().toISOString(), rows: manifest }, null, 2)}\n`,
      ),
      true,
    );
    zip.end();
  };
  run().catch((error) => out.destroy(error as Error));
  return out;
}
