import { useDirection } from '@mantine/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import {
  currentLocale,
  directionOf,
  type Locale,
  LocaleContext,
  type LocaleContextValue,
  languageOf,
  switchLocale,
} from '../lib/i18n';

/**
 * The API client and the session feature load only here, on a language change, so the public pages'
 * first load carries no contract schemas (issue 15).
 */
async function saveToAccount(queryClient: QueryClient, locale: Locale, i18n: I18n) {
  const { tokenStore } = await import('../lib/api');
  if (!tokenStore.get()) return;
  const { sessionKeys, updateSelfLanguage } = await import('../features/session');
  try {
    await updateSelfLanguage(languageOf(locale));
    await queryClient.invalidateQueries({ queryKey: sessionKeys.self() });
  } catch (error) {
    const { notifyError } = await import('../components/feedback');
    notifyError(error, i18n.t, i18n, i18n.t('language.saveFailed'), { id: 'language-save-failed' });
  }
}

/**
 * Owns the language: i18next, `<html lang dir>`, Mantine's direction, local storage and the account.
 * The date pickers take their settings where they are (features/reports: the public pages have no
 * date pickers, and their first load no dayjs; issue 15).
 */
export function LocaleProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(() => currentLocale(i18n));
  const { setDirection } = useDirection();
  const queryClient = useQueryClient();

  const adoptLocale = useCallback(
    async (next: Locale) => {
      await switchLocale(i18n, next);
      setDirection(directionOf(next));
      setLocale(next);
    },
    [i18n, setDirection],
  );

  const chooseLocale = useCallback(
    async (next: Locale) => {
      try {
        await adoptLocale(next);
      } catch (error) {
        // the catalogue could not be loaded (offline): stay in the current language and say so
        const { notifyError } = await import('../components/feedback');
        notifyError(error, i18n.t, i18n);
        return;
      }
      await saveToAccount(queryClient, next, i18n);
    },
    [adoptLocale, queryClient, i18n],
  );

  const value = useMemo<LocaleContextValue>(
    () => ({ locale, chooseLocale, adoptLocale }),
    [locale, chooseLocale, adoptLocale],
  );
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}
