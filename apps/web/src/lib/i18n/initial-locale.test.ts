import { describe, expect, it } from 'vitest';
import { browserLocale, directionOf, initialLocale } from './locales';

describe('initial language (product.md §1)', () => {
  it.each([
    [['de-DE'], 'de'],
    [['de'], 'de'],
    [['de-AT', 'en'], 'de'],
    [['de-CH'], 'de'],
    [['en-US', 'de'], 'en'],
    [['en-GB'], 'en'],
    [['fr-FR', 'de'], 'en'],
    [['ar-EG'], 'en'],
    [['pl'], 'en'],
    [[], 'en'],
  ])('browser %j starts in %s', (languages, expected) => {
    expect(browserLocale(languages)).toBe(expected);
  });

  it('prefers the language stored under use-locale and ignores unknown values', () => {
    expect(initialLocale('ar', ['de-DE'])).toBe('ar');
    expect(initialLocale('ru', ['en'])).toBe('ru');
    expect(initialLocale('klingon', ['de-AT'])).toBe('de');
    expect(initialLocale(null, ['fr'])).toBe('en');
  });

  it('lays Arabic out right to left and everything else left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});
