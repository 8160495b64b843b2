import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js';

/** The country's name in the user's language (Intl), or its code when the browser has no name. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country libphonenumber knows, named in the user's language, with its calling code. */
export function phoneCountries(locale: string) {
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((code: CountryCode) => ({
      value: code,
      label: `${countryName(code, locale)} (+${getCountryCallingCode(code)})`,
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
