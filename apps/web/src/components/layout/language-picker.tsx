import { NativeSelect } from '@mantine/core';
import { IconLanguage, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES, type Locale, useLocale } from '../../lib/i18n';

/** Each language in its own name and script ("Deutsch", "العربية"), so anyone can find theirs. */
function endonym(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** The language picker of every page (product.md §1, docs/design.md app frame). */
export function LanguagePicker({
  size = 'sm',
  locales = LOCALES,
  inputClassName,
}: {
  size?: string;
  locales?: readonly Locale[];
  /** e.g. a taller field on a phone */
  inputClassName?: string;
}) {
  const { t } = useTranslation();
  const { locale, chooseLocale } = useLocale();
  // A language chosen elsewhere (stored, or by URL) stays selectable where fewer are offered.
  const offered = locales.includes(locale) ? locales : [...locales, locale];
  return (
    <NativeSelect
      aria-label={t('language.label')}
      title={t('language.label')}
      data-testid="language-picker"
      classNames={inputClassName ? { input: inputClassName } : undefined}
      size={size}
      w={size === 'touch' ? { base: 150, sm: 210 } : 152}
      value={locale}
      leftSection={<IconLanguage size={18} aria-hidden />}
      leftSectionWidth={36}
      rightSection={<IconSelector size={16} aria-hidden />}
      rightSectionWidth={30}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void chooseLocale(next);
      }}
    >
      {offered.map((code) => (
        <option key={code} value={code} lang={code} translate="no">
          {endonym(code)}
        </option>
      ))}
    </NativeSelect>
  );
}
