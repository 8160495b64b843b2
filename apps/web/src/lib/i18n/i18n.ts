import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../../locales/en.json';
import enPublic from '../../locales/en.json?part=public';
import type { CataloguePart } from './catalogue-parts';
import { loadDateLocale } from './date-locales';
import {
  DEFAULT_LOCALE,
  directionOf,
  isLocale,
  LOCALE_STORAGE_KEY,
  type Locale,
  rememberLocaleForServer,
} from './locales';

export type Messages = typeof en;

type Part = { default: Partial<Messages> };

// English's public part comes with the first load; every other part loads on demand, so the first
// page carries one language and only the namespaces the public pages use (catalogue-parts.ts).
const publicParts = import.meta.glob<Part>(['../../locales/*.json', '!../../locales/en.json'], {
  query: '?part=public',
});
const staffParts = import.meta.glob<Part>('../../locales/*.json', { query: '?part=staff' });

async function loadPart(locale: Locale, part: CataloguePart): Promise<Partial<Messages>> {
  if (part === 'public' && locale === 'en') return enPublic as Partial<Messages>;
  const load = (part === 'public' ? publicParts : staffParts)[`../../locales/${locale}.json`];
  if (!load) throw new Error(`no catalogue for ${locale}`);
  return (await load()).default;
}

/** A whole catalogue, both parts. */
async function loadCatalogue(locale: Locale): Promise<Messages> {
  const [publicPart, staffPart] = await Promise.all([loadPart(locale, 'public'), loadPart(locale, 'staff')]);
  return { ...publicPart, ...staffPart } as Messages;
}

/** Languages whose whole catalogue an instance holds (the first one gets its staff part late). */
const complete = new WeakMap<I18n, Set<string>>();

function markComplete(instance: I18n, locale: Locale) {
  const locales = complete.get(instance) ?? new Set<string>();
  locales.add(locale);
  complete.set(instance, locales);
}

/**
 * Adds the staff part of the first language after the first paint has what it needs; screens that
 * rendered a key of it before re-render when it arrives (`bindI18nStore: 'added'`).
 */
async function completeCatalogue(instance: I18n, locale: Locale) {
  try {
    instance.addResourceBundle(locale, 'translation', await loadPart(locale, 'staff'), true, true);
    markComplete(instance, locale);
  } catch {
    // offline: the next language switch loads the whole catalogue again
  }
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
  /**
   * Answer once the public part is there and add the staff part after (the website's visitors:
   * a smaller first load); otherwise the whole catalogue is there from the start.
   */
  publicFirst?: boolean;
}

export async function createI18n({
  locale,
  onMissingKey,
  resources,
  publicFirst,
}: I18nOptions): Promise<I18n> {
  const instance = i18next.createInstance();
  const [first] = await Promise.all([
    resources ? {} : publicFirst ? loadPart(locale, 'public') : loadCatalogue(locale),
    loadDateLocale(locale),
  ]);
  instance.use(initReactI18next);
  await instance.init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: false,
    resources: resources ?? { [locale]: { translation: first } },
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: Boolean(onMissingKey),
    missingKeyHandler: onMissingKey ? (_lngs, _ns, key) => onMissingKey(key) : undefined,
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  if (resources) {
    for (const language of Object.keys(resources)) if (isLocale(language)) markComplete(instance, language);
  } else if (publicFirst) {
    void completeCatalogue(instance, locale);
  } else {
    markComplete(instance, locale);
  }
  return instance;
}

/** Switches the language: loads the catalogue first so no untranslated frame is shown. */
export async function switchLocale(instance: I18n, locale: Locale, storage: Storage = window.localStorage) {
  if (!complete.get(instance)?.has(locale)) {
    instance.addResourceBundle(locale, 'translation', await loadCatalogue(locale), true, true);
    markComplete(instance, locale);
  }
  await loadDateLocale(locale);
  await instance.changeLanguage(locale);
  storage.setItem(LOCALE_STORAGE_KEY, locale);
  rememberLocaleForServer(locale);
  applyDocumentLocale(locale);
}

export function currentLocale(instance: I18n): Locale {
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}
