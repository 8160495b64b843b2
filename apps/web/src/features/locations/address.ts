import type { PrintingShop } from '@kerf/contracts';
import { countryName } from '../../components/inputs';
import { formatAddress } from '../../lib/format';

/**
 * "Street No., Postcode City[, Country]" of a location in the user's language (the Arabic comma in
 * Arabic); missing parts are left out.
 */
export function addressOf(
  location: Pick<PrintingShop, 'street' | 'streetNumber' | 'zip' | 'city'> & {
    country?: PrintingShop['country'] | null;
  },
  locale: string,
  { withCountry = false }: { withCountry?: boolean } = {},
): string {
  return formatAddress(
    {
      street: location.street,
      streetNumber: location.streetNumber,
      zip: location.zip,
      city: location.city,
      country: withCountry && location.country ? countryName(location.country, locale) : null,
    },
    locale,
  );
}
