import type { Locale } from './locales';

// dayjs (used by @mantine/dates pickers) needs its own locale data; loaded with the catalogue.
const DAYJS_LOCALES: Record<Locale, () => Promise<unknown>> = {
  ar: () => import('dayjs/locale/ar'),
  de: () => import('dayjs/locale/de'),
  en: () => Promise.resolve(),
  fr: () => import('dayjs/locale/fr'),
  nl: () => import('dayjs/locale/nl'),
  pl: () => import('dayjs/locale/pl'),
  ro: () => import('dayjs/locale/ro'),
  ru: () => import('dayjs/locale/ru'),
};

const importDayjs = () => import('dayjs').then((module) => module.default);
let dayjsModule: ReturnType<typeof importDayjs> | undefined;

/**
 * dayjs itself loads with the first language that needs it: it starts in English, so English pages
 * (the website's first load above all) do without it until a date picker brings it along.
 */
export async function loadDateLocale(locale: Locale) {
  if (locale === 'en' && !dayjsModule) return;
  dayjsModule ??= importDayjs();
  const [dayjs] = await Promise.all([dayjsModule, DAYJS_LOCALES[locale]()]);
  dayjs.locale(locale);
}

/** Monday in Europe; Saturday in the Arabic-speaking Gulf states (Intl has no portable week info yet). */
export function firstDayOfWeek(locale: Locale): 0 | 1 | 6 {
  return locale === 'ar' ? 6 : 1;
}
