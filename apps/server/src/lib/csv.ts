import { Readable } from 'node:stream';
import type { Language } from '@kerf/contracts';
import type { FastifyReply } from 'fastify';

/**
 * CSV files for Excel (docs/architecture.md "CSV exports"):
 *
 * - UTF-8 with a byte-order mark, so Excel reads umlauts, Cyrillic and Arabic right;
 * - the separator follows the language the user works in, as Excel's list separator follows the
 *   regional settings: `,` with a decimal point for English and Arabic, `;` with a decimal comma for
 *   German, French, Dutch, Polish, Romanian and Russian — a double-click opens the file in columns;
 * - lines end with CRLF (RFC 4180); a cell holding either separator (`,` or `;`, whichever dialect
 *   the file is in), a quote or a line break is quoted: a file is often opened with the other
 *   dialect's settings, and an unquoted `;` in a comma file would split the cell there and start a
 *   new one — a new cell that could begin with `=` (issue 31);
 * - a text cell that starts with `=`, `+`, `-`, `@`, tab or carriage return — also after leading
 *   spaces — gets a leading `'` in every dialect, so a spreadsheet never runs it as a formula (OWASP
 *   "CSV injection"). Numbers are written as numbers.
 *
 * The words, timestamps and file names of an export are `csv-export.ts`'s (docs/exports.md).
 */
export const BOM = '\uFEFF';

export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}

const COMMA_DECIMAL: readonly Language[] = ['GERMAN', 'FRENCH', 'DUTCH', 'POLISH', 'ROMANIAN', 'RUSSIAN'];

export function csvDialect(language: Language | undefined): CsvDialect {
  return language && COMMA_DECIMAL.includes(language)
    ? { separator: ';', decimal: ',' }
    : { separator: ',', decimal: '.' };
}

const FORMULA_START = /^(?:[\t\r]| *[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
/** Either dialect's separator, a quote or a line break: the cell is quoted. */
const NEEDS_QUOTES = /[,;"\r\n]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvValue, dialect: CsvDialect): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const text = String(value);
    return dialect.decimal === '.' ? text : text.replace('.', dialect.decimal);
  }
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(values: readonly CsvValue[], dialect: CsvDialect): string {
  return `${values.map((value) => csvCell(value, dialect)).join(dialect.separator)}\r\n`;
}

/** The dialect of a file whose reader is unknown: `,` and a decimal point. */
export const DEFAULT_DIALECT: CsvDialect = csvDialect(undefined);

/** A file name safe for Content-Disposition: letters, digits, `-`, `_`, `.`. */
export function csvFileName(base: string): string {
  return `${base.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export'}.csv`;
}

async function* csvChunks(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>,
  dialect: CsvDialect,
) {
  yield BOM + csvRow(header, dialect);
  let chunk = '';
  for await (const row of rows) {
    chunk += csvRow(row, dialect);
    if (chunk.length >= 16_384) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * Streams a CSV download. Rows may come from an async iterator (a cursor), so a large export never
 * sits in memory. Route handlers `return sendCsv(...)`: the reply is already under way
 * (`registerRoute` in lib/route.ts passes it through).
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>,
  dialect: CsvDialect = DEFAULT_DIALECT,
): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(fileName)}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvChunks(header, rows, dialect)));
}
