import { ERROR_CODES, FIELD_ERROR_CODES, LOCALES, ROLE_AREAS, ROLES, TENANT_KINDS } from '@kerf/contracts';
import { describe, expect, it } from 'vitest';
import { MACHINE_STATUSES, STATUS_GROUPS, SWAP_URGENCIES } from '../../components/status/status';
import { CLIENT_ERROR_CODES } from '../api/api-error';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*.json', {
  eager: true,
  import: 'default',
});
const catalogues = Object.fromEntries(
  Object.entries(files).map(([path, messages]) => [path.replace(/^.*\/(\w+)\.json$/, '$1'), messages]),
);

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

const flat = Object.fromEntries(
  Object.entries(catalogues).map(([locale, messages]) => [locale, flatten(messages)]),
);
const english = flat.en!;
/** Placeholders of a text, formatted ones (`{{count, number}}`) by their name. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/** i18next plural forms: `key_one`, `key_few`, … — one key per category of the language (CLDR). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseOf = (key: string) => key.replace(PLURAL_SUFFIX, '');
const pluralBases = (messages: Record<string, unknown>) =>
  [
    ...new Set(
      Object.keys(messages)
        .filter((key) => PLURAL_SUFFIX.test(key))
        .map(baseOf),
    ),
  ].sort();

describe('locale catalogues', () => {
  it('exist for exactly the eight UI languages', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has every key of the others and no extra ones', (locale) => {
    const keys = [...new Set(Object.keys(flat[locale]!).map(baseOf))].sort();
    const union = [
      ...new Set(Object.values(flat).flatMap((messages) => Object.keys(messages).map(baseOf))),
    ].sort();
    expect(
      union.filter((key) => !keys.includes(key)),
      'missing keys',
    ).toEqual([]);
  });

  it.each(LOCALES)('%s has exactly its own plural forms for every plural text', (locale) => {
    const messages = flat[locale]!;
    const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
    expect(pluralBases(messages)).toEqual(pluralBases(english));
    for (const base of pluralBases(messages)) {
      const forms = Object.keys(messages)
        .filter((key) => baseOf(key) === base && key !== base)
        .map((key) => key.slice(base.length + 1))
        .sort();
      expect(forms, `${locale}: ${base}`).toEqual(categories);
    }
  });

  it.each(LOCALES)('%s has a non-empty text with the same placeholders for every key', (locale) => {
    for (const [key, text] of Object.entries(flat[locale]!)) {
      expect(typeof text === 'string' && text.trim().length > 0, `${locale}: ${key} is empty`).toBe(true);
      if (PLURAL_SUFFIX.test(key)) {
        // a form may spell its number out ("آلة واحدة", one machine): no placeholder beyond English's
        const allowed = placeholders(english[`${baseOf(key)}_other`] as string);
        for (const name of placeholders(text as string))
          expect(allowed, `${locale}: ${key} placeholders`).toContain(name);
      } else {
        expect(placeholders(text as string), `${locale}: ${key} placeholders`).toEqual(
          placeholders(english[key] as string),
        );
      }
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s is translated, not an English copy', (locale) => {
    const same = Object.entries(flat[locale]!).filter(
      ([key, text]) =>
        text === english[key] && !/^(Kerf|OK|Offline|Code: \{\{code\}\}|\{\{.*)$/.test(String(text)),
    );
    // Words such as "Machines", "Clients", "Start" are legitimately the same in some languages.
    expect(same.length / Object.keys(english).length, same.map(([key]) => key).join(', ')).toBeLessThan(0.03);
  });

  it('translates every catalogue error code, client code and field code', () => {
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES]) {
      expect(english, code).toHaveProperty([`errors.${code}`]);
    }
    for (const code of FIELD_ERROR_CODES) expect(english, code).toHaveProperty([`fields.${code}`]);
  });

  it('names every role, area, tenant kind and status', () => {
    const keys = [
      ...ROLES.map((role) => `roles.${role}`),
      ...Object.values(ROLE_AREAS).flatMap((area) => [`areas.${area}.title`, `areas.${area}.description`]),
      ...TENANT_KINDS.map((kind) => `tenants.kinds.${kind}`),
      ...STATUS_GROUPS.map((group) => `status.group.${group}`),
      ...MACHINE_STATUSES.map((status) => `status.machine.${status}`),
      ...SWAP_URGENCIES.map((urgency) => `status.urgency.${urgency}`),
    ];
    expect(keys.filter((key) => !(key in english))).toEqual([]);
  });
});
