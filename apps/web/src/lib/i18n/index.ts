export { firstDayOfWeek } from './date-locales';
export { hasKey, translateKey } from './dynamic-key';
export {
  applyDocumentLocale,
  createI18n,
  currentLocale,
  type Messages,
  switchLocale,
} from './i18n';
export { LocaleContext, type LocaleContextValue, useLocale } from './locale-context';
export {
  directionOf,
  initialLocale,
  isLocale,
  LOCALE_STORAGE_KEY,
  LOCALES,
  type Locale,
  languageOf,
  rememberLocaleForServer,
} from './locales';
