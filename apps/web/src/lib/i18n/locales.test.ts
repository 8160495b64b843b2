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
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale catalogues', () => {
  it('exist for exactly the eight UI languages', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has every key of the others and no extra ones', (locale) => {
    const keys = Object.keys(flat[locale]!).sort();
    const union = [...new Set(Object.values(flat).flatMap((messages) => Object.keys(messages)))].sort();
    expect(
      union.filter((key) => !keys.includes(key)),
      'missing keys',
    ).toEqual([]);
  });

  it.each(LOCALES)('%s has a non-empty text with the same placeholders for every key', (locale) => {
    for (const [key, text] of Object.entries(flat[locale]!)) {
      expect(typeof text === 'string' && text.trim().length > 0, `${locale}: ${key} is empty`).toBe(true);
      expect(placeholders(text as string), `${locale}: ${key} placeholders`).toEqual(
        placeholders(english[key] as string),
      );
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
