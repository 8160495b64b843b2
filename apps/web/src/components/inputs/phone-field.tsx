import { Group, Select, TextInput } from '@mantine/core';
import { AsYouType, type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneCountries } from './countries';
import { renderNoTranslateOption } from './untranslated-option';

/** The country of a stored international number, or the default. */
function countryOf(value: string | null | undefined, fallback: CountryCode): CountryCode {
  return (value && parsePhoneNumberFromString(value)?.country) || fallback;
}

/** Valid for the chosen country; empty counts as valid (the field is optional). */
/** A stored phone (E.164) for reading: international format with spaces ("+49 40 12345678"). */
export function formatPhone(value: string): string {
  return parsePhoneNumberFromString(value)?.formatInternational() ?? value;
}

export function isPhoneValid(value: string | null | undefined): boolean {
  if (!value?.trim()) return true;
  return parsePhoneNumberFromString(value)?.isValid() ?? false;
}

/**
 * Phone number with country selection (product.md §5: libphonenumber; unknown format → "check the country
 * and the number"). The value is kept in international form (+49 …); the number field is always LTR.
 */
export function PhoneField({
  label,
  value,
  onChange,
  error,
  defaultCountry = 'DE',
  onBlur,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  defaultCountry?: CountryCode;
  onBlur?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [country, setCountry] = useState<CountryCode>(() => countryOf(value, defaultCountry));
  const countries = useMemo(() => phoneCountries(i18n.language), [i18n.language]);

  const format = (text: string, code: CountryCode) => {
    if (!text.trim()) return '';
    const parsed = parsePhoneNumberFromString(text, code);
    return parsed?.isValid() ? parsed.formatInternational() : new AsYouType(code).input(text);
  };

  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <Select
        label={t('phone.country')}
        renderOption={renderNoTranslateOption}
        data={countries}
        value={country}
        searchable
        allowDeselect={false}
        // gives way to the number on a phone's narrow column, so a whole number stays readable
        style={{ flex: '0 1 240px', minWidth: 0 }}
        onChange={(code) => {
          if (!code) return;
          setCountry(code as CountryCode);
          onChange(format(value ?? '', code as CountryCode));
        }}
      />
      <TextInput
        label={label}
        dir="ltr"
        type="tel"
        autoComplete="tel"
        style={{ flex: 1, minWidth: 130 }}
        value={value ?? ''}
        error={error}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => {
          onChange(format(value ?? '', country));
          onBlur?.();
        }}
      />
    </Group>
  );
}
