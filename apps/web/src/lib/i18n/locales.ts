import { LANGUAGE_LOCALES, type Language, LOCALES, type Locale, languageOfLocale } from '@kerf/contracts';

export { LOCALES, type Locale };

/** product.md §1: the chosen language is persisted in local storage under this key */
export const LOCALE_STORAGE_KEY = 'use-locale';
export const DEFAULT_LOCALE: Locale = 'en';

const RTL_LOCALES: readonly Locale[] = ['ar'];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}

/**
 * product.md §1: the first visit's language comes from the browser with the whitelist German and English;
 * German of any region (so Austria `de-AT` and Switzerland `de-CH` too) maps to German, English of
 * any region to English, and anything else falls back to English. The first browser language decides.
 */
export function browserLocale(browserLanguages: readonly string[]): Locale {
  const primary = browserLanguages[0]?.toLowerCase().split(/[-_]/)[0];
  return primary === 'de' ? 'de' : 'en';
}

/**
 * The stored choice, mirrored into a cookie of the same name: the server cannot read local storage,
 * and it picks the prerendered public page in this language (apps/server/src/plugins/web-static.ts),
 * so the first paint already speaks the visitor's language. `null` forgets it.
 */
export function rememberLocaleForServer(locale: Locale | null, doc: Document = document) {
  doc.cookie =
    locale === null
      ? `${LOCALE_STORAGE_KEY}=; path=/; max-age=0; samesite=lax`
      : `${LOCALE_STORAGE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** A stored choice wins over the browser; an unknown stored value is ignored. */
export function initialLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  return isLocale(stored) ? stored : browserLocale(browserLanguages);
}

export function languageOf(locale: Locale): Language {
  return languageOfLocale(locale) ?? 'ENGLISH';
}

export function localeOf(language: Language): Locale {
  return LANGUAGE_LOCALES[language];
}
