import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type AsyncFlateStreamHandler, type FlateError, Zip, ZipDeflate, type ZipInputFile } from 'fflate';
import { recordAudit } from '../../db/audit.repository';
import { queryRows } from '../../db/client';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';

/**
 * Rows per read; each read is its own short transaction under the tenant, and starts where the last
 * one ended (keyset: `WHERE (key) > (last key)` on the primary key's index), so every page costs
 * the same however deep into a table it is, and no statement runs long enough to be felt.
 */
export const EXPORT_PAGE = 1000;
/** columns never exported: hashes of passwords, refresh tokens and machine credentials */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'secret_hash']);

interface ExportTable {
  name: string;
  columns: string[];
  /** the primary key's columns: the order of the rows, and where each page starts */
  order: string[];
  /** their types, to compare a page's start with (the key travels as text, so nothing is rounded) */
  orderTypes: string[];
}

/**
 * The tables the app role may read that hold tenant rows (a `tenant_id` column, and `tenants`
 * itself), from the catalogue, so a table added later is exported without a change here.
 * Partitions are read through their parent.
 */
async function exportTables(transactions: Transactions, tenantId: string): Promise<ExportTable[]> {
  const rows = await transactions.withTenant(tenantId, (tx) =>
    queryRows<{ name: string; columns: string[]; keys: string[] | null; types: string[] | null }>(
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
    ),
  );
  return rows.map((row) => {
    // every tenant table has a primary key (checked by the export's test); without one the rows
    // would be ordered by every column, which is still a total order for distinct rows
    const keyed = row.keys !== null && row.keys.length > 0;
    return {
      name: row.name,
      columns: row.columns.filter((column) => !SECRET_COLUMNS.has(column)),
      order: keyed ? row.keys! : row.columns,
      orderTypes: keyed ? row.types! : row.columns.map(() => 'text'),
    };
  });
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Resolves once the stream's buffer is below its high-water mark (or the stream is gone). */
async function drained(out: PassThrough) {
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * One ZIP entry deflated by node:zlib on libuv's thread pool, not on the event loop: a tenant's cuts
 * are hundreds of megabytes of JSON, and fflate's deflate would compress them between the server's
 * other work (ADR 0022). `push` resolves once zlib has taken the text in, so the next page is read
 * only then; `end` resolves once the entry's last byte is handed to the archive.
 */
class ThreadPoolDeflate implements ZipInputFile {
  readonly compression = 8;
  crc = 0;
  size = 0;
  /** replaced by the archive when the entry is added */
  ondata: AsyncFlateStreamHandler = () => {};
  private readonly deflate = createDeflateRaw({ level: 6 });
  private readonly ended: Promise<unknown>;

  constructor(readonly filename: string) {
    this.deflate.on('data', (chunk: Buffer) => this.ondata(null, new Uint8Array(chunk), false));
    this.ended = once(this.deflate, 'end').then(() => this.ondata(null, new Uint8Array(0), true));
    this.ended.catch((error: Error) => this.ondata(error as FlateError, new Uint8Array(0), true));
  }

  async push(text: string) {
    const bytes = Buffer.from(text);
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    if (!this.deflate.write(bytes)) await once(this.deflate, 'drain');
  }

  async end() {
    this.deflate.end();
    await this.ended;
  }

  terminate() {
    this.deflate.destroy();
  }
}

/**
 * Streams the tenant's data as a ZIP (fflate, deflated entry by entry): each table is read page by
 * page (keyset on its primary key) under `withTenant` — row-level security is what keeps every other
 * tenant's rows out — and written as a JSON array; the next page is read once the client has taken
 * the last (backpressure), so memory stays bounded by a page and the stream's buffer, however big
 * the tenant. The export itself is audited.
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
      const file = new ThreadPoolDeflate(`${table.name}.json`);
      zip.add(file);
      const keys = table.order.map(ident);
      // A key led by tenant_id is compared without it: the tenant is one value here, and the
      // planner estimates a row comparison from its first column alone, so `(tenant_id, …) > (…)`
      // looked like no rows at all and was planned as a scan and sort of the whole table for every
      // page (4.5 s a page over 1.6 million cuts on PGlite); `tenant_id = … AND (…) > (…)` walks the
      // primary key's index.
      const byTenant = table.order[0] === 'tenant_id' && table.order.length > 1;
      const after = byTenant ? keys.slice(1) : keys;
      const select = `SELECT ${table.columns.map(ident).join(', ')}, ${keys.map((key, i) => `${key}::text AS "__key${i}"`).join(', ')} FROM ${ident(table.name)}`;
      const orderBy = ` ORDER BY ${keys.join(', ')} LIMIT ${EXPORT_PAGE}`;
      let count = 0;
      let last: string[] | null = null;
      await file.push('[');
      for (;;) {
        if (out.destroyed) {
          file.terminate();
          return;
        }
        const start: string[] | null = last;
        const offset = byTenant ? 1 : 0;
        const conditions = [
          ...(byTenant ? [sql`tenant_id = ${tenantId}::uuid`] : []),
          ...(start
            ? [
                sql.join([
                  sql.raw(`(${after.join(', ')}) > (`),
                  sql.join(
                    start
                      .slice(offset)
                      .map((value, i) => sql`${value}::${sql.raw(table.orderTypes[i + offset]!)}`),
                    sql.raw(', '),
                  ),
                  sql.raw(')'),
                ]),
              ]
            : []),
        ];
        const page: Record<string, unknown>[] = await transactions.withTenant(tenantId, (tx) =>
          queryRows<Record<string, unknown>>(
            tx,
            sql.join([
              sql.raw(select),
              conditions.length > 0 ? sql` WHERE ${sql.join(conditions, sql.raw(' AND '))}` : sql.raw(''),
              sql.raw(orderBy),
            ]),
          ),
        );
        const end = page.at(-1);
        if (end) last = table.order.map((_, i) => end[`__key${i}`] as string);
        const text = page
          .map((row, i) => {
            // undefined, not delete: JSON leaves it out, and the row keeps its shape (fast)
            for (let k = 0; k < table.order.length; k++) row[`__key${k}`] = undefined;
            return `${count + i === 0 ? '' : ','}\n${JSON.stringify(row)}`;
          })
          .join('');
        count += page.length;
        await file.push(text);
        // backpressure: the next page is read once the client has taken what is buffered
        await drained(out);
        if (page.length < EXPORT_PAGE) break;
      }
      await file.push('\n]\n');
      await file.end();
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
