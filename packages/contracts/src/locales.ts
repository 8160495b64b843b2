/**
 * UI languages (product.md §3) and their locale files, without zod: the public website's first page needs
 * only these constants, not the schema library (issue 15, bundle budget).
 */
export const LANGUAGES = [
  'GERMAN',
  'ENGLISH',
  'POLISH',
  'ARABIC',
  'FRENCH',
  'DUTCH',
  'ROMANIAN',
  'RUSSIAN',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_LOCALES = {
  ARABIC: 'ar',
  GERMAN: 'de',
  ENGLISH: 'en',
  FRENCH: 'fr',
  DUTCH: 'nl',
  POLISH: 'pl',
  ROMANIAN: 'ro',
  RUSSIAN: 'ru',
} as const satisfies Record<Language, string>;
export type Locale = (typeof LANGUAGE_LOCALES)[Language];
export const LOCALES = Object.values(LANGUAGE_LOCALES) as Locale[];

export function languageOfLocale(locale: string): Language | undefined {
  return (Object.keys(LANGUAGE_LOCALES) as Language[]).find(
    (language) => LANGUAGE_LOCALES[language] === locale,
  );
}
