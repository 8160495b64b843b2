import { readFileSync } from 'node:fs';
import { LANGUAGE_LOCALES, type Language, zoneOffsetMs } from '@kerf/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { Tx } from '../db/transactions';
import { type CsvDialect, type CsvValue, csvDialect } from './csv';

/**
 * The CSV dialect of a language (docs/exports.md): the words of every export — headers, section
 * titles, enum labels — come from the web app's locale files (`apps/web/src/locales/*.json`), the
 * one source of the product's texts, so a file says "Zustand: Im Einsatz" exactly where the screen
 * does. Export headers live under `csvExport`; enum labels are the screens' own keys
 * (`status.machine.*`, `knives.states.*` …). English when the request names no language.
 */

const LOCALES_DIR = new URL('../../../web/src/locales/', import.meta.url);
const catalogues = new Map<Language, Record<string, unknown>>();

function catalogue(language: Language): Record<string, unknown> {
  let messages = catalogues.get(language);
  if (!messages) {
    const file = new URL(`${LANGUAGE_LOCALES[language]}.json`, LOCALES_DIR);
    messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    catalogues.set(language, messages);
  }
  return messages;
}

function lookup(messages: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Where the screens keep the label of each enum an export writes. */
const LABELS = {
  knifeState: 'knives.states',
  swapUrgency: 'status.urgency',
  machineStatus: 'status.machine',
  onlineStatus: 'csvExport.online',
  orderState: 'reports.orders.states',
} as const;
export type LabelKind = keyof typeof LABELS | 'reportStatus';

/** A key under `csvExport.columns` / `csvExport.sections` of the locale files (csv-export.test.ts checks each). */
export type ColumnKey = string;
type SectionKey = 'machines' | 'employees' | 'knives' | 'orders';

export interface ExportTexts {
  language: Language;
  locale: string;
  dialect: CsvDialect;
  text(key: string): string;
  column(key: ColumnKey): string;
  section(key: SectionKey): string;
  label(kind: LabelKind, code: string | null | undefined): string | null;
}

export function exportTexts(language: Language | undefined): ExportTexts {
  const lang = language ?? 'ENGLISH';
  const text = (key: string) => {
    const found = lookup(catalogue(lang), key) ?? lookup(catalogue('ENGLISH'), key);
    if (found === undefined) throw new Error(`no text for ${key}`);
    return found;
  };
  return {
    language: lang,
    locale: LANGUAGE_LOCALES[lang],
    dialect: csvDialect(language),
    text,
    column: (key) => text(`csvExport.columns.${key}`),
    section: (key) => text(`csvExport.sections.${key}`),
    label(kind, code) {
      if (!code) return null;
      if (kind === 'reportStatus')
        return code === 'NO_DATA' ? text('reports.noData') : text(`status.machine.${code}`);
      return text(`${LABELS[kind]}.${code}`);
    },
  };
}

/**
 * An instant as ISO 8601 with the offset of `timeZone` (`2026-11-27T17:24:53+01:00`; UTC gives
 * `+00:00`): the one timestamp form of every export, which a machine reads without guessing a zone.
 */
function csvInstant(value: string | Date | null | undefined, timeZone = 'UTC'): string | null {
  if (!value) return null;
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return null;
  const seconds = Math.floor(at / 1000) * 1000;
  const offset = zoneOffsetMs(timeZone, seconds);
  const local = new Date(seconds + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / 60_000;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

const localFormats = new Map<string, Intl.DateTimeFormat>();
/** The same instant as a person of the export's language reads it, in `timeZone` (named in the header). */
function csvLocalTime(
  value: string | Date | null | undefined,
  texts: ExportTexts,
  timeZone = 'UTC',
): string | null {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const key = `${texts.locale}|${timeZone}`;
  let format = localFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(texts.locale, {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone,
      numberingSystem: 'latn',
    });
    localFormats.set(key, format);
  }
  return format.format(at);
}

/** One column of an export: its header (or, in a file of rows per property, its row title) and cell. */
export interface CsvColumn<R> {
  header: string;
  cell: (row: R) => CsvValue;
}

/**
 * The column kinds of every export, in the export's language:
 * - `plain`: one column;
 * - `coded`: an enum twice — the translated label a person reads, then the code a machine reads
 *   (`State` = "Im Einsatz", `State (code)` = `ACTIVE`);
 * - `instant`: a timestamp twice — ISO 8601 with offset, then localised in the zone the header names.
 */
export function csvColumns(texts: ExportTexts, timeZone = 'UTC') {
  return {
    plain: <R>(key: ColumnKey, cell: (row: R) => CsvValue): CsvColumn<R>[] => [
      { header: texts.column(key), cell },
    ],
    coded: <R>(key: ColumnKey, kind: LabelKind, code: (row: R) => string | null): CsvColumn<R>[] => [
      { header: texts.column(key), cell: (row) => texts.label(kind, code(row)) },
      { header: texts.text('csvExport.codeOf').replace('{{label}}', texts.column(key)), cell: code },
    ],
    instant: <R>(key: ColumnKey, at: (row: R) => string | Date | null | undefined): CsvColumn<R>[] => [
      { header: `${texts.column(key)} (ISO 8601)`, cell: (row) => csvInstant(at(row), timeZone) },
      { header: `${texts.column(key)} (${timeZone})`, cell: (row) => csvLocalTime(at(row), texts, timeZone) },
    ],
  };
}

export const csvHeader = <R>(columns: readonly CsvColumn<R>[]) => columns.map((column) => column.header);
export const csvCells = <R>(columns: readonly CsvColumn<R>[], row: R) =>
  columns.map((column) => column.cell(row));

/** The tenant's slug for a file name (`demo`), read under the tenant's own row-level security. */
export async function tenantSlug(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await queryRows<{ slug: string }>(tx, sql`SELECT slug FROM tenants WHERE id = ${tenantId}`);
  return row?.slug ?? 'kerf';
}

/**
 * The file name of an export: what it is, whose it is, and which period it covers —
 * `knives-demo-2026-11-27.csv`, `orders-demo-2026-11-20--2026-11-27.csv`. Dates are the local days
 * of the request's zone.
 */
export function exportFileName(parts: {
  what: string;
  tenant: string;
  from?: string | Date;
  to?: string | Date;
  timeZone?: string;
}): string {
  const day = (value: string | Date) => csvInstant(value, parts.timeZone ?? 'UTC')!.slice(0, 10);
  const range = parts.from
    ? parts.to
      ? `${day(parts.from)}--${day(parts.to)}`
      : day(parts.from)
    : day(new Date());
  return `${parts.what}-${parts.tenant}-${range}`;
}
