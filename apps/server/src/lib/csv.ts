import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * CSV exports (knife lists, comparisons, report sections), one format for all: UTF-8 with a byte
 * order mark so that Excel reads umlauts, `;` between cells (what Excel expects in the German,
 * Dutch, French and Polish locales Kerf's customers use), CRLF line ends, RFC 4180 quoting, and
 * cells that a spreadsheet would run as a formula (`= + - @`, tab, CR) prefixed with `'`
 * (OWASP "CSV injection"). Numbers are written plain (`1234.5`), times as ISO 8601.
 */
export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n,]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}

async function* csvChunks(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>,
) {
  yield CSV_BOM + csvLine(header);
  let chunk = '';
  for await (const row of rows) {
    chunk += csvLine(row);
    if (chunk.length >= 16_384) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** A file name safe for Content-Disposition: letters, digits, `-`, `_`, `.`. */
export function csvFileName(base: string): string {
  return `${base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export'}.csv`;
}

/**
 * Streams a CSV download. Rows may come from an async iterator (a cursor), so a large export never
 * sits in memory. Route handlers `return sendCsv(...)`: the reply is already under way.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>,
): FastifyReply {
  return reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${csvFileName(fileName)}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvChunks(header, rows)));
}
