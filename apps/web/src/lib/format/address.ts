/**
 * Addresses as one line in the user's language: the parts (street and number, postcode and city,
 * country) joined with the locale's list separator — the Arabic comma "،" in Arabic, a comma
 * elsewhere. User data is never reordered or translated; empty parts are left out.
 */

const ADDRESS_SEPARATORS: Record<string, string> = {
  ar: '\u060C ', // "، "
};

/** The separator between the parts of an address line in this locale. */
export function addressSeparator(locale: string): string {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return ADDRESS_SEPARATORS[language] ?? ', ';
}

/** Joins the non-empty parts with the locale's separator. */
export function joinAddressParts(parts: readonly (string | null | undefined)[], locale: string): string {
  return parts
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(addressSeparator(locale));
}

export interface AddressParts {
  street?: string | null;
  streetNumber?: string | null;
  zip?: string | null;
  city?: string | null;
  /** already in the user's language (e.g. from `Intl.DisplayNames`) */
  country?: string | null;
}

/** "Hauptstraße 5, 10115 Berlin, Deutschland" — or "Hauptstraße 5، 10115 Berlin، ألمانيا" in Arabic. */
export function formatAddress(address: AddressParts, locale: string): string {
  const words = (...values: (string | null | undefined)[]) =>
    values
      .map((value) => value?.trim())
      .filter(Boolean)
      .join(' ');
  return joinAddressParts(
    [words(address.street, address.streetNumber), words(address.zip, address.city), address.country],
    locale,
  );
}
