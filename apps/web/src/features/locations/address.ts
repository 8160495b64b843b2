import type { PrintingShop } from '@kerf/contracts';

/** "Street No., Postcode City" of a location; missing parts are left out. */
export function addressOf(location: Pick<PrintingShop, 'street' | 'streetNumber' | 'zip' | 'city'>): string {
  const line1 = [location.street, location.streetNumber].filter(Boolean).join(' ');
  const line2 = [location.zip, location.city].filter(Boolean).join(' ');
  return [line1, line2].filter(Boolean).join(', ');
}
