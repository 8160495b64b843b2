export { firstDayOfWeek, loadDateLocale } from './date-locales';
export { hasKey, translateKey } from './dynamic-key';
export {
  applyDocumentLocale,
  createI18n,
  currentLocale,
  loadCatalogue,
  type Messages,
  switchLocale,
} from './i18n';
export { LocaleContext, type LocaleContextValue, useLocale } from './locale-context';
export {
  browserLocale,
  DEFAULT_LOCALE,
  directionOf,
  initialLocale,
  isLocale,
  LOCALE_STORAGE_KEY,
  LOCALES,
  type Locale,
  languageOf,
  localeOf,
  rememberLocaleForServer,
} from './locales';
