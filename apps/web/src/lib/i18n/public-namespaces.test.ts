import { describe, expect, it } from 'vitest';
import { PUBLIC_NAMESPACES } from './catalogue-parts';

/**
 * A visitor's first load carries only the public part of the catalogue (catalogue-parts.ts): every
 * text key the public pages, the login and the shell around them name must be in a public namespace,
 * or the visitor would see the key until the staff part arrives.
 */
const sources = import.meta.glob<string>(
  [
    '../../areas/website/**/*.tsx',
    '../../areas/registration/**/*.tsx',
    '../../areas/auth/**/*.tsx',
    '../../features/website/**/*.tsx',
    '../../features/session/**/*.tsx',
    '../../components/layout/**/*.tsx',
    '../../components/errors/**/*.tsx',
    '../../components/form/**/*.tsx',
    '../../app/**/*.tsx',
    '!**/*.test.tsx',
  ],
  { eager: true, query: '?raw', import: 'default' },
);

describe('public catalogue part', () => {
  it('holds every namespace the public pages use', () => {
    const used = new Map<string, string>();
    for (const [file, code] of Object.entries(sources)) {
      for (const match of code.matchAll(/\b(?:t|i18n\.t)\(\s*['"`]([a-zA-Z]+)\.[\w.]+['"`]/g)) {
        used.set(match[1]!, file);
      }
      for (const match of code.matchAll(/i18nKey=["'`{]+([a-zA-Z]+)\./g)) used.set(match[1]!, file);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter(([namespace]) => !PUBLIC_NAMESPACES.includes(namespace));
    expect(missing, 'namespaces used by public pages but loaded with the staff part').toEqual([]);
  });
});
