import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { loadDateLocale } from './date-locales';
import { DEFAULT_LOCALE, directionOf, isLocale, LOCALE_STORAGE_KEY, type Locale } from './locales';

export type Messages = typeof en;

// Every catalogue but English loads on demand, so the first page carries one language only.
const catalogues = import.meta.glob<{ default: Messages }>([
  '../../locales/*.json',
  '!../../locales/en.json',
]);

export async function loadCatalogue(locale: Locale): Promise<Messages> {
  if (locale === 'en') return en;
  const load = catalogues[`../../locales/${locale}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  return (await load()).default;
}

/** Sets `<html lang dir>` (WCAG: language of page; Arabic flips the whole layout). */
export function applyDocumentLocale(locale: Locale, doc: Document = document) {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = directionOf(locale);
}

export interface I18nOptions {
  locale: Locale;
  /** tests: throw or record when a key has no text */
  onMissingKey?: (key: string) => void;
  resources?: Resource;
}

export async function createI18n({ locale, onMissingKey, resources }: I18nOptions): Promise<I18n> {
  const instance = i18next.createInstance();
  await loadDateLocale(locale);
  instance.use(initReactI18next);
  await instance.init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: false,
    resources: resources ?? {
      en: { translation: en },
      [locale]: { translation: await loadCatalogue(locale) },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: Boolean(onMissingKey),
    missingKeyHandler: onMissingKey ? (_lngs, _ns, key) => onMissingKey(key) : undefined,
    react: { useSuspense: false },
  });
  return instance;
}

/** Switches the language: loads the catalogue first so no untranslated frame is shown. */
export async function switchLocale(instance: I18n, locale: Locale, storage: Storage = window.localStorage) {
  if (!instance.hasResourceBundle(locale, 'translation')) {
    instance.addResourceBundle(locale, 'translation', await loadCatalogue(locale));
  }
  await loadDateLocale(locale);
  await instance.changeLanguage(locale);
  storage.setItem(LOCALE_STORAGE_KEY, locale);
  applyDocumentLocale(locale);
}

export function currentLocale(instance: I18n): Locale {
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}
