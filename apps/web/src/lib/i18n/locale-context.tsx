import { createContext, useContext } from 'react';
import type { Locale } from './locales';

export interface LocaleContextValue {
  locale: Locale;
  /** the user picked a language: switch, persist, and save it to the account when signed in */
  chooseLocale(locale: Locale): Promise<void>;
  /** switch to a language that came from elsewhere (the account at login) without saving it back */
  adoptLocale(locale: Locale): Promise<void>;
}

export const LocaleContext = createContext<LocaleContextValue | null>(null);

export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale outside LocaleContext');
  return value;
}
