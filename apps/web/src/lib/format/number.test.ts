import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';
import { decimalSeparatorsOf, formatPercent, numberSeparators, parseNumber } from './number';

const NNBSP = '\u202F';
const NBSP = '\u00A0';

describe('numberSeparators', () => {
  it('are the ones formatNumber writes', () => {
    expect(numberSeparators('de')).toEqual({ group: '.', decimal: ',' });
    expect(numberSeparators('en')).toEqual({ group: ',', decimal: '.' });
    expect(numberSeparators('ar')).toEqual({ group: ',', decimal: '.' });
    expect(numberSeparators('fr')).toEqual({ group: NNBSP, decimal: ',' });
    expect(numberSeparators('ru')).toEqual({ group: NBSP, decimal: ',' });
    for (const locale of ['de', 'en', 'ar', 'fr', 'ru', 'nl', 'pl', 'ro']) {
      const { group, decimal } = numberSeparators(locale);
      expect(formatNumber(1234567.5, locale)).toBe(`1${group}234${group}567${decimal}5`);
    }
  });
});

describe('formatNumber', () => {
  it('groups thousands and writes decimals per locale', () => {
    expect(formatNumber(3500, 'de')).toBe('3.500');
    expect(formatNumber(3500, 'en')).toBe('3,500');
    expect(formatNumber(3500, 'ar')).toBe('3,500');
    expect(formatNumber(3500, 'fr')).toBe(`3${NNBSP}500`);
    expect(formatNumber(3500, 'ru')).toBe(`3${NBSP}500`);
    expect(formatNumber(1234.5, 'de', 2)).toBe('1.234,50');
    expect(formatNumber(0.125, 'fr')).toBe('0,125');
  });
});

describe('parseNumber', () => {
  it('reads German: "." groups thousands, "," is the decimal comma', () => {
    expect(parseNumber('3.500', 'de')).toBe(3500);
    expect(parseNumber('3500', 'de')).toBe(3500);
    expect(parseNumber('3,5', 'de')).toBe(3.5);
    expect(parseNumber('1.234.567,89', 'de')).toBe(1234567.89);
    expect(parseNumber('-2,25', 'de')).toBe(-2.25);
  });

  it('reads English and Arabic: "," groups, "." is the decimal point', () => {
    expect(parseNumber('3,500', 'en')).toBe(3500);
    expect(parseNumber('3.5', 'en')).toBe(3.5);
    expect(parseNumber('3,500', 'ar')).toBe(3500);
    expect(parseNumber('12.75', 'ar')).toBe(12.75);
  });

  it('reads Arabic-Indic digits and the Arabic separators', () => {
    expect(parseNumber('٣٬٥٠٠', 'ar')).toBe(3500);
    expect(parseNumber('١٢٫٥', 'ar')).toBe(12.5);
    expect(parseNumber('۴۲', 'ar')).toBe(42);
    expect(parseNumber('\u200F3,500', 'ar')).toBe(3500);
  });

  it('reads French and Russian with any space as the group separator', () => {
    expect(parseNumber(`3${NNBSP}500`, 'fr')).toBe(3500);
    expect(parseNumber('3 500', 'fr')).toBe(3500);
    expect(parseNumber(`1${NBSP}234,5`, 'fr')).toBe(1234.5);
    expect(parseNumber(`3${NBSP}500`, 'ru')).toBe(3500);
    expect(parseNumber('3 500,25', 'ru')).toBe(3500.25);
    // the keypad's "." is the decimal point where it is not the group separator
    expect(parseNumber('3.5', 'fr')).toBe(3.5);
    expect(parseNumber('3.5', 'ru')).toBe(3.5);
  });

  it('round-trips what formatNumber writes', () => {
    for (const locale of ['de', 'en', 'ar', 'fr', 'ru', 'nl', 'pl', 'ro']) {
      for (const value of [0, 7, 3500, 1234567.5, -98765.125]) {
        expect(parseNumber(formatNumber(value, locale), locale)).toBe(value);
      }
    }
  });

  it('refuses what is not a number in the locale instead of guessing', () => {
    expect(parseNumber('', 'de')).toBeNull();
    expect(parseNumber('  ', 'en')).toBeNull();
    expect(parseNumber('abc', 'en')).toBeNull();
    expect(parseNumber('3.50', 'de')).toBeNull(); // a group of two digits
    expect(parseNumber('3,50', 'en')).toBeNull();
    expect(parseNumber('1,2,3', 'en')).toBeNull();
    expect(parseNumber('1.234,5.6', 'de')).toBeNull();
    expect(parseNumber('3,500.5', 'de')).toBeNull();
    expect(parseNumber('12e3', 'en')).toBeNull();
    expect(parseNumber('-', 'en')).toBeNull();
  });
});

describe('decimalSeparatorsOf', () => {
  it('never lets the group separator stand for the decimal one', () => {
    expect(decimalSeparatorsOf('de')).toEqual([',', '\u066B']);
    expect(decimalSeparatorsOf('en')).toEqual(['.', '\u066B']);
    expect(decimalSeparatorsOf('fr')).toEqual([',', '\u066B', '.']);
  });
});

describe('formatPercent', () => {
  it('follows the locale', () => {
    expect(formatPercent(0.5, 'en')).toBe('50%');
    expect(formatPercent(0.5, 'de')).toBe(`50${NBSP}%`);
    expect(formatPercent(0.875, 'fr', 1)).toBe(`87,5${NBSP}%`); // CLDR: no-break space before %, narrow one between thousands
  });
});
