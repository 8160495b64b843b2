import { z } from 'zod';
import { LANGUAGES } from './locales';
import { identifier } from './text';

export * from './locales';

/** UI languages (product.md §3); `LANGUAGE_LOCALES` (locales.ts) maps them to the web app's locale files. */
export const LanguageSchema = z.enum(LANGUAGES).meta({ id: 'Language' });

export const UuidSchema = z.uuid();

export const IdParamsSchema = z.strictObject({ id: z.uuid() });

/** Query strings arrive as text; booleans accept `true`/`false` only. */
export const QueryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

export const MAX_PAGE_SIZE = 1000;

/** Zero-based paging (product.md §9: lists default to page 0). */
export function pageQuerySchema(defaultPageSize: number) {
  return z.strictObject({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultPageSize),
  });
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** Whether the runtime knows `value` as a time zone (IANA names, case-insensitively, and `UTC`). */
export function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone such as `Europe/Berlin`; reports take the browser's (product.md §7 "General"). */
export const TimeZoneSchema = identifier(
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_+\-/]+$/)
    .refine(isTimeZone, 'unknown time zone'),
);

/**
 * One formatter per time zone: constructing an Intl.DateTimeFormat costs far more than formatting
 * with it (a year of local days needs ~1,500 offsets: hundreds of milliseconds when built each time).
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The offset of a time zone from UTC at an instant, in milliseconds. */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = zoneFormat(timeZone).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(at / 1000) * 1000;
}

/** The instant the day containing `at` began in a time zone (local midnight). */
export function startOfDayIn(timeZone: string, at: Date): Date {
  const offset = zoneOffsetMs(timeZone, at.getTime());
  const local = new Date(at.getTime() + offset);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight may differ from now's (a DST change during the day): correct once.
  let start = midnightLocal - offset;
  start = midnightLocal - zoneOffsetMs(timeZone, start);
  return new Date(start);
}

/**
 * An instant in RFC 3339: `Z` or a numeric offset (`+02:00`, `-05:00`), with or without fractional
 * seconds (`2026-03-29T00:00:00.123+02:00`). A time without a zone is refused: it would be read in
 * the server's zone.
 */
export const InstantSchema = z.iso.datetime({ offset: true });

/**
 * A date range on two fields of a query (reports, the audit log): ONE field error on the end when
 * it does not come after the start (`TOO_SMALL`; `inclusive` lets it equal the start), else when it
 * lies more than `maxDays` after it (`TOO_BIG` with the limit in days). Runs only when both fields
 * are valid instants, so a malformed date gets its own INVALID_FORMAT and nothing else.
 */
export function withDateRange<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  options: { start: string; end: string; maxDays?: number; inclusive?: boolean },
) {
  return schema.superRefine((value, ctx) => {
    const start = value[options.start];
    const end = value[options.end];
    // zod runs this refinement even when a field failed: a malformed date keeps its own error only
    if (!InstantSchema.safeParse(start).success || !InstantSchema.safeParse(end).success) return;
    const span = Date.parse(end as string) - Date.parse(start as string);
    if (span < 0 || (span === 0 && !options.inclusive)) {
      ctx.addIssue({ code: 'custom', message: 'TOO_SMALL', path: [options.end], input: end });
    } else if (options.maxDays !== undefined && span > options.maxDays * 86_400_000) {
      ctx.addIssue({ code: 'custom', message: 'TOO_BIG', path: [options.end], input: end });
    }
  });
}

/**
 * A CSV download (product.md §7 "CSV exports (blob)"): `text/csv; charset=utf-8` with a byte order mark,
 * the separator and decimal mark of the user's language (`,`/`.` or `;`/`,`), formula-like cells escaped. Streamed by the server.
 */
export const CsvFileSchema = z.string().meta({
  id: 'CsvFile',
  description:
    "text/csv; charset=utf-8 with a BOM, `,` or `;` by the user's language, CRLF, formula cells prefixed with '",
});

/** `a,b,c` or repeated parameters, at most 1000 values. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter(Boolean),
    z.array(item).max(1000),
  );
