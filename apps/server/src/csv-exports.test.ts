import { readFileSync } from 'node:fs';
import type { TokenPair } from '@kerf/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../test/harness';
import { parseCsv } from './lib/csv-parse';

/**
 * Every CSV export, read in English and in German, keeps the dialect of docs/exports.md: separator
 * and decimal mark of the language, headers and enum labels in it (from the locale files), codes in
 * their own columns, one timestamp form (ISO 8601 with offset) beside a local column naming its zone,
 * and a file name with the export, the tenant and the range.
 */

let t: TestApp;
let manager: TokenPair;
let support: TokenPair;
let demoId: string;
let knifeRfids: string[];

const LANGUAGES = { ENGLISH: 'en', GERMAN: 'de' } as const;
type Lang = keyof typeof LANGUAGES;

type Messages = Record<string, unknown>;
const messages = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../web/src/locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as Messages;
const valuesOf = (node: unknown): string[] =>
  typeof node === 'string'
    ? [node]
    : typeof node === 'object' && node
      ? Object.values(node).flatMap(valuesOf)
      : [];

/** The words an export in this language may use: its column names and the screens' enum labels. */
function vocabulary(locale: string) {
  const m = messages(locale) as Record<string, Record<string, unknown>>;
  const csv = m.csvExport as Record<string, unknown>;
  const statuses = [...valuesOf((m.status as Messages).machine), m.reports!.noData as string];
  return {
    columns: new Set([...valuesOf(csv.columns), ...statuses]),
    codeOf: csv.codeOf as string,
    labels: new Set([
      ...statuses,
      ...valuesOf((m.status as Messages).urgency),
      ...valuesOf((m.knives as Messages).states),
      ...valuesOf(csv.online),
      ...valuesOf(((m.reports as Messages).orders as Messages).states),
    ]),
  };
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const LOOKS_LIKE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DAY = '\\d{4}-\\d{2}-\\d{2}';

interface Export {
  name: string;
  url: (lang: Lang) => string;
  tokens: () => TokenPair;
  /** the file name without `.csv`, as a pattern */
  file: RegExp;
  /** a file of rows per property (the comparison): its first column holds the headers */
  transposed?: boolean;
}

const period = () => {
  const end = new Date();
  end.setUTCHours(0, 0, 0, 0);
  const start = new Date(end.getTime() - 7 * 86_400_000);
  return `startDate=${start.toISOString()}&endDate=${end.toISOString()}&timeZone=Europe/Berlin`;
};

const EXPORTS: Export[] = [
  {
    name: 'knife list',
    url: (lang) => `/api/knife/knives/csv-export?lang=${lang}`,
    tokens: () => manager,
    file: new RegExp(`^knives-demo-${DAY}$`),
  },
  {
    name: 'knife comparison',
    url: (lang) => `/api/knife/knives/comparison/csv-export?rfids=${knifeRfids.join(',')}&lang=${lang}`,
    tokens: () => manager,
    file: new RegExp(`^knife-comparison-demo-${DAY}$`),
    transposed: true,
  },
  ...(
    [
      ['cutting-machines', 'cutting-machines'],
      ['employees', 'employees'],
      ['knives', 'knives'],
      ['cutting-jobs', 'orders'],
    ] as const
  ).map(
    ([path, what]): Export => ({
      name: `report: ${what}`,
      url: (lang) => `/api/report/reports/${path}/csv-exports?${period()}&lang=${lang}`,
      tokens: () => manager,
      file: new RegExp(`^${what}-demo-${DAY}--${DAY}$`),
    }),
  ),
  {
    name: 'customer service: all customers',
    url: (lang) => `/api/customer-service/reports/csv-export?days=7&lang=${lang}`,
    tokens: () => support,
    file: new RegExp(`^customers-all-kerf-${DAY}--${DAY}$`),
  },
  {
    name: 'customer service: selected customers',
    url: (lang) => `/api/customer-service/reports/csv-export?tenantIds=${demoId}&days=7&lang=${lang}`,
    tokens: () => support,
    file: new RegExp(`^customers-demo-${DAY}--${DAY}$`),
  },
];

beforeAll(async () => {
  t = await startTestApp();
  manager = await t.login('demo', 'manager');
  support = await t.login('kerf', 'support');
  const knives = await t.request({
    method: 'GET',
    url: '/api/knife/knives?page_size=3',
    headers: bearer(manager),
  });
  knifeRfids = (knives.json() as { items: { rfid: string }[] }).items.map((knife) => knife.rfid);
  expect(knifeRfids.length).toBe(3);
  const customers = await t.request({
    method: 'GET',
    url: '/api/customer-service/tenants',
    headers: bearer(support),
  });
  demoId = (customers.json() as { id: string; slug: string }[]).find((c) => c.slug === 'demo')!.id;
});
afterAll(() => t.close());

describe.each(EXPORTS)('CSV export: $name', (exp) => {
  const fileNames: Record<string, string> = {};

  it.each(Object.keys(LANGUAGES) as Lang[])('%s: the dialect of the language', async (lang) => {
    const response = await t.request({ method: 'GET', url: exp.url(lang), headers: bearer(exp.tokens()) });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const body = response.body.replace(/^\uFEFF/, '');
    expect(body.endsWith('\r\n')).toBe(true);
    expect(/(^|[^\r])\n/.test(body), 'every line ends with CRLF').toBe(false);

    // the file name: what, whose, which period
    const disposition = /^attachment; filename="([A-Za-z0-9._-]+)\.csv"$/.exec(
      String(response.headers['content-disposition']),
    );
    expect(disposition, String(response.headers['content-disposition'])).not.toBeNull();
    expect(disposition![1]).toMatch(exp.file);
    fileNames[lang] = disposition![1]!;

    // the separator
    const separator = lang === 'GERMAN' ? ';' : ',';
    expect(body.split('\r\n', 1)[0]).toContain(separator);
    const records = parseCsv(body).map((record) => record.cells);
    const table = exp.transposed ? records[0]!.map((_, i) => records.map((row) => row[i] ?? '')) : records;
    const [header, ...rows] = table;
    for (const row of rows) expect(row).toHaveLength(header!.length);

    // headers in the language: a column name of the locale file, with its unit or form suffix
    const words = vocabulary(LANGUAGES[lang]);
    const codeSuffix = words.codeOf.replace('{{label}}', '');
    const base = (name: string) =>
      name.replace(/ \((s|DD:HH:MM|ISO 8601|UTC|[A-Za-z]+\/[A-Za-z_]+)\)$/, '').replace(codeSuffix, '');
    for (const name of header!) expect([...words.columns], `header "${name}"`).toContain(base(name));

    // enum columns: the label in the language, then the code
    header!.forEach((name, column) => {
      if (!name.endsWith(codeSuffix)) return;
      expect(header![column - 1]).toBe(name.slice(0, -codeSuffix.length));
      for (const row of rows) {
        if (!row[column]) continue;
        expect(row[column]).toMatch(/^[A-Z][A-Z_]*$/);
        expect([...words.labels], `label of ${row[column]}`).toContain(row[column - 1]);
      }
    });

    // one timestamp form: ISO 8601 with offset, next to a local column that names its zone
    header!.forEach((name, column) => {
      const isIso = name.endsWith(' (ISO 8601)');
      if (isIso) expect(header![column + 1]).toMatch(/ \((UTC|[A-Za-z]+\/[A-Za-z_]+)\)$/);
      for (const row of rows) {
        const cell = row[column]!;
        if (isIso && cell) expect(cell).toMatch(ISO_WITH_OFFSET);
        if (!isIso && LOOKS_LIKE_TIMESTAMP.test(cell)) expect.fail(`"${cell}" in "${name}" is not ISO 8601`);
      }
    });

    // the decimal mark: no number in the other language's form
    const foreignDecimal = lang === 'GERMAN' ? /^-?\d+\.\d+$/ : /^-?\d+,\d+$/;
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(foreignDecimal);
  });

  it('names the file the same in every language', () => {
    expect(fileNames.ENGLISH).toBe(fileNames.GERMAN);
  });
});

describe('CSV exports together', () => {
  it('the two customer-service exports have distinct file names', async () => {
    const names = await Promise.all(
      EXPORTS.filter((exp) => exp.name.startsWith('customer service')).map(async (exp) => {
        const response = await t.request({ method: 'GET', url: exp.url('GERMAN'), headers: bearer(support) });
        return String(response.headers['content-disposition']);
      }),
    );
    expect(new Set(names).size).toBe(2);
  });

  it('German knife list: translated header, labels and a decimal comma', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/knife/knives/csv-export?lang=GERMAN&timeZone=Europe/Berlin',
      headers: bearer(manager),
    });
    const [header, ...rows] = parseCsv(response.body).map((record) => record.cells);
    expect(header!.slice(0, 7)).toEqual([
      'RFID',
      'Artikelnummer',
      'Messerklasse',
      'Zustand',
      'Zustand (Code)',
      'Wechseldringlichkeit',
      'Wechseldringlichkeit (Code)',
    ]);
    expect(header).toContain('Letzter Scan (ISO 8601)');
    expect(header).toContain('Letzter Scan (Europe/Berlin)');
    const state = rows.map((row) => [row[3], row[4]]);
    expect(state).toContainEqual(['Im Einsatz', 'ACTIVE']);
    const thickness = header!.indexOf('Rückenstärke (mm)');
    expect(rows.some((row) => /^\d+,\d+$/.test(row[thickness]!))).toBe(true);
    const scanned = rows.find((row) => row[header!.indexOf('Letzter Scan (ISO 8601)')]);
    if (scanned) {
      const iso = scanned[header!.indexOf('Letzter Scan (ISO 8601)')]!;
      expect(iso).toMatch(/\+0[12]:00$/);
      expect(scanned[header!.indexOf('Letzter Scan (Europe/Berlin)')]).toMatch(
        /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/,
      );
    }
  });
});
