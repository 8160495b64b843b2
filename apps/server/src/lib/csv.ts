import type { Language } from '@kerf/contracts';

/**
 * CSV files for Excel (docs/architecture.md "CSV exports"):
 *
 * - UTF-8 with a byte-order mark, so Excel reads umlauts, Cyrillic and Arabic right;
 * - the separator follows the language the user works in, as Excel's list separator follows the
 *   regional settings: `,` with a decimal point for English and Arabic, `;` with a decimal comma for
 *   German, French, Dutch, Polish, Romanian and Russian — a double-click opens the file in columns;
 * - lines end with CRLF (RFC 4180); a cell holding the separator, a quote or a line break is quoted;
 * - a text cell that starts with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`, so
 *   a spreadsheet never runs it as a formula (OWASP "CSV injection"). Numbers are written as numbers.
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

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue, dialect: CsvDialect): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    const text = String(value);
    return dialect.decimal === '.' ? text : text.replace('.', dialect.decimal);
  }
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return safe.includes(dialect.separator) || /["\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(values: readonly CsvValue[], dialect: CsvDialect): string {
  return `${values.map((value) => csvCell(value, dialect)).join(dialect.separator)}\r\n`;
}

/** A timestamp as Excel reads it: `2026-03-05 14:03:07`, in UTC (the header says so). */
export function csvTimestamp(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  return new Date(value).toISOString().slice(0, 19).replace('T', ' ');
}
