import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';
import { type AsyncFlateStreamHandler, type FlateError, Zip, ZipDeflate, type ZipInputFile } from 'fflate';
import { recordAudit } from '../../db/audit.repository';
import type { ReadSource } from '../../db/client';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { type ExportTable, findExportTables, readExportPage } from './tenant-export.repository';

/**
 * Rows per read; each read is its own short transaction under the tenant, and starts where the last
 * one ended (keyset: `WHERE (key) > (last key)` on the primary key's index), so every page costs
 * the same however deep into a table it is, and no statement runs long enough to be felt.
 */
export const EXPORT_PAGE = 1000;
/** columns never exported: hashes of passwords, refresh tokens and machine credentials */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'secret_hash']);

/**
 * The tables the app role may read that hold tenant rows (a `tenant_id` column, and `tenants`
 * itself), from the catalogue, so a table added later is exported without a change here.
 * Partitions are read through their parent.
 */
async function exportTables(transactions: Transactions, tenantId: string): Promise<ExportTable[]> {
  const rows = await transactions.withTenant(tenantId, findExportTables);
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
 * the tenant. The export itself is audited (on the primary).
 *
 * The rows are read from `reads`: a streaming replica when `DATABASE_READ_URL` names one (issue 35),
 * so a long export does not load the primary that takes the machines' cuts; the manifest says where
 * they came from and how far the replica was behind when the export began.
 */
export function exportTenantZip(
  transactions: Transactions,
  actor: Actor,
  reads: { transactions: Transactions; source: Pick<ReadSource, 'kind' | 'lagSeconds'> } = {
    transactions,
    source: { kind: 'PRIMARY', lagSeconds: async () => 0 },
  },
): PassThrough {
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
    const readFrom = reads.source.kind;
    const lagSeconds = readFrom === 'REPLICA' ? await reads.source.lagSeconds() : 0;
    const manifest: Record<string, number> = {};
    for (const table of await exportTables(reads.transactions, tenantId)) {
      const file = new ThreadPoolDeflate(`${table.name}.json`);
      zip.add(file);
      let count = 0;
      let after: string[] | null = null;
      await file.push('[');
      for (;;) {
        if (out.destroyed) {
          file.terminate();
          return;
        }
        const start: string[] | null = after;
        const page: Record<string, unknown>[] = await reads.transactions.withTenant(tenantId, (tx) =>
          readExportPage(tx, tenantId, table, start, EXPORT_PAGE),
        );
        const last = page.at(-1);
        if (last) after = table.order.map((_, i) => last[`__key${i}`] as string);
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
        `${JSON.stringify(
          {
            tenantId,
            exportedAt: new Date().toISOString(),
            // the replica's lag when the export began: null when it could not be read
            readFrom: readFrom === 'REPLICA' ? { replica: true, lagSeconds } : { replica: false },
            rows: manifest,
          },
          null,
          2,
        )}\n`,
      ),
      true,
    );
    zip.end();
  };
  run().catch((error) => out.destroy(error as Error));
  return out;
}
