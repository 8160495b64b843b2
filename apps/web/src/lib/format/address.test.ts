import { describe, expect, it } from 'vitest';
import { addressSeparator, formatAddress, joinAddressParts } from './address';

const location = { street: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin' };

describe('formatAddress', () => {
  it('joins street, city and country with a comma in Latin-script locales', () => {
    expect(formatAddress({ ...location, country: 'Deutschland' }, 'de')).toBe(
      'Hauptstraße 5, 10115 Berlin, Deutschland',
    );
    expect(formatAddress(location, 'en')).toBe('Hauptstraße 5, 10115 Berlin');
    expect(formatAddress(location, 'fr')).toBe('Hauptstraße 5, 10115 Berlin');
  });

  it('uses the Arabic comma in Arabic', () => {
    expect(formatAddress({ ...location, country: 'ألمانيا' }, 'ar')).toBe(
      'Hauptstraße 5، 10115 Berlin، ألمانيا',
    );
    expect(addressSeparator('ar')).toBe('\u060C ');
    expect(addressSeparator('ar-EG')).toBe('\u060C ');
  });

  it('leaves out empty parts without stray separators', () => {
    expect(formatAddress({ street: 'Hauptstraße', streetNumber: null, zip: '', city: 'Berlin' }, 'de')).toBe(
      'Hauptstraße, Berlin',
    );
    expect(formatAddress({ city: '  Köln ' }, 'ar')).toBe('Köln');
    expect(formatAddress({}, 'en')).toBe('');
    expect(joinAddressParts([null, 'A', undefined, ' ', 'B'], 'ru')).toBe('A, B');
  });
});
