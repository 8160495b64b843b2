import { describe, expect, it } from 'vitest';
import { BOM, csvCell, csvDialect, csvFileName, csvRow, DEFAULT_DIALECT } from './csv';

const german = csvDialect('GERMAN');

describe('CSV cells', () => {
  it('escapes what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")', DEFAULT_DIALECT)).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+49 30 1234', DEFAULT_DIALECT)).toBe("'+49 30 1234");
    expect(csvCell('-5', DEFAULT_DIALECT)).toBe("'-5");
    expect(csvCell('@SUM(A1)', DEFAULT_DIALECT)).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd', DEFAULT_DIALECT)).toBe("'\tcmd");
  });

  it('quotes the separator, quotes and line breaks; numbers stay numbers in the dialect', () => {
    expect(csvCell('Halle 2; Tor 3', german)).toBe('"Halle 2; Tor 3"');
    expect(csvCell('Halle 2, Tor 3', DEFAULT_DIALECT)).toBe('"Halle 2, Tor 3"');
    expect(csvCell('Messer "A"', german)).toBe('"Messer ""A"""');
    expect(csvCell('a\nb', german)).toBe('"a\nb"');
    expect(csvCell(-5, german)).toBe('-5');
    expect(csvCell(1234.5, german)).toBe('1234,5');
    expect(csvCell(1234.5, DEFAULT_DIALECT)).toBe('1234.5');
    expect(csvCell(null, german)).toBe('');
    expect(csvCell(new Date('2026-03-29T01:30:00Z'), german)).toBe('2026-03-29T01:30:00.000Z');
  });

  it('writes rows with the dialect separator and CRLF', () => {
    expect(csvRow(['Schneidemaschine', 12, 'Köln'], german)).toBe('Schneidemaschine;12;Köln\r\n');
    expect(BOM).toBe('\uFEFF');
  });

  it('makes safe file names', () => {
    expect(csvFileName('knives 2026/11')).toBe('knives-2026-11.csv');
    expect(csvFileName('"; rm')).toBe('rm.csv');
  });
});
