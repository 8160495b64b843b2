import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorFromIssue } from './errors';
import * as contracts from './index';
import type { RouteContract } from './route';
import { normaliseText, searchText, secretText, text, textKindOf } from './text';

const codes = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((issue) => fieldErrorFromIssue(issue).code);

describe('text()', () => {
  const name = text({ min: 1, max: 10 });
  const message = text({ max: 100, multiline: true });

  it('trims and normalises to NFC', () => {
    expect(name.parse('  Cafe\u0301 ')).toBe('Café');
    expect(name.parse('Café')).toHaveLength(4);
    expect(name.parse('مرحبا\u200f')).toBe('مرحبا\u200f');
    expect(name.parse('😀👍🏽')).toBe('😀👍🏽');
  });

  it('refuses control characters and lone surrogates with their field codes', () => {
    for (const value of ['a\u0000b', 'a\u0007', 'a\tb', 'a\nb', 'a\u007fb', 'a\u0085b', 'a\u009fb'])
      expect(codes(name, value), JSON.stringify(value)).toEqual(['CONTROL_CHARACTERS']);
    for (const value of ['\ud800', 'a\udc00b', '\ud83d'])
      expect(codes(name, value), JSON.stringify(value)).toEqual(['INVALID_UNICODE']);
  });

  it('keeps tab and line breaks in multi-line text, as \\n', () => {
    expect(message.parse('one\r\ntwo\rthree\n\tfour ')).toBe('one\ntwo\nthree\n\tfour');
    expect(codes(message, 'a\u0000b')).toEqual(['CONTROL_CHARACTERS']);
    expect(codes(message, 'a\u000bb')).toEqual(['CONTROL_CHARACTERS']);
  });

  it('counts the length after normalising and trimming, and requires with min 1', () => {
    expect(codes(name, '  ')).toEqual(['REQUIRED']);
    expect(codes(name, ` ${'e\u0301'.repeat(10)} `)).toEqual([]);
    expect(codes(name, 'x'.repeat(11))).toEqual(['TOO_LONG']);
    expect(fieldErrorFromIssue(name.safeParse('x'.repeat(11)).error!.issues[0]!)).toEqual({
      code: 'TOO_LONG',
      limit: 10,
    });
  });

  it('checks an extra pattern on the normalised text', () => {
    const zip = text({ max: 12, pattern: { regex: /^[0-9]*$/, code: 'DIGITS_ONLY' } });
    expect(zip.parse(' 12345 ')).toBe('12345');
    expect(codes(zip, '12a')).toEqual(['DIGITS_ONLY']);
  });

  it('describes what normaliseText stores', () => {
    expect(normaliseText('  Cafe\u0301 ')).toBe('Café');
    expect(normaliseText(' a\r\nb ', true)).toBe('a\nb');
  });
});

describe('searchText() and secretText()', () => {
  it('turns control characters and lone surrogates in a search term into spaces', () => {
    const search = searchText(20);
    expect(search.parse(' Mu\u0308ller\u0000GmbH\ud800 ')).toBe('Müller GmbH');
    expect(codes(search, 'x'.repeat(21))).toEqual(['TOO_LONG']);
  });

  it('keeps secrets exactly, refusing what cannot be a typed character', () => {
    const secret = secretText({ min: 1, max: 20 });
    expect(secret.parse(' pass word ')).toBe(' pass word ');
    expect(codes(secret, 'a\u0000')).toEqual(['CONTROL_CHARACTERS']);
    expect(codes(secret, 'a\udfff')).toEqual(['INVALID_UNICODE']);
  });
});

/** Every route contract the package exports (new modules are found without being listed here). */
const routes = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, RouteContract] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    'module' in entry[1] &&
    'method' in entry[1] &&
    'path' in entry[1] &&
    'responses' in entry[1],
);

/** Paths of string schemas that are none of text(), searchText(), secretText(), identifier() or a format. */
function bareStrings(schema: z.ZodType | undefined, path: string, found: string[]): string[] {
  if (!schema) return found;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, at = path) => bareStrings(child as z.ZodType, at, found);
  switch (def.type) {
    case 'string':
      if (!textKindOf(schema) && !def.format) found.push(path || '(root)');
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>))
        walk(child, path ? `${path}.${key}` : key);
      if (def.catchall) walk(def.catchall, `${path}.*`);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'tuple':
      for (const item of def.items as z.ZodType[]) walk(item, `${path}[]`);
      if (def.rest) walk(def.rest, `${path}[]`);
      break;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{}`);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'pipe':
      // a string that is handed on to a checked schema counts as that schema (z.string().pipe(X))
      if ((def.in as { _zod: { def: { type: string } } })._zod.def.type !== 'string') walk(def.in);
      walk(def.out);
      break;
    case 'lazy':
      walk((def.getter as () => z.ZodType)());
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType);
      break;
    default:
      break;
  }
  return found;
}

describe('text fields of the route contracts', () => {
  it('finds the routes of every module', () => {
    const modules = new Set(routes.map(([, route]) => route.module));
    for (const module of ['auth', 'printing-shop', 'platform']) expect(modules).toContain(module);
    expect(routes.length).toBeGreaterThanOrEqual(40);
  });

  it('use text(), searchText(), secretText() or an identifier schema for every string', () => {
    const bare = routes.flatMap(([name, route]) =>
      (['params', 'query', 'headers', 'body'] as const).flatMap((part) =>
        bareStrings(route[part], '', []).map((path) => `${name}.${part}: ${path}`),
      ),
    );
    expect(bare).toEqual([]);
  });

  it('notices a bare string, also behind optional, nullable, arrays and unions', async () => {
    const { z } = await import('zod');
    const schema = z.strictObject({
      ok: text({ max: 5 }).nullable().optional(),
      mail: z.email(),
      bare: z.string().max(5),
      nested: z.array(z.object({ chained: text({ max: 5 }).min(1) })),
      either: z.union([z.number(), z.string()]),
    });
    expect(bareStrings(schema, '', [])).toEqual(['bare', 'nested[].chained', 'either']);
  });
});
