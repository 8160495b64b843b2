import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvFileName, csvLine } from './csv';

describe('CSV cells', () => {
  it('escapes what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+49 30 1234')).toBe("'+49 30 1234");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('quotes separators, quotes and line breaks; numbers stay numbers', () => {
    expect(csvCell('Halle 2; Tor 3')).toBe('"Halle 2; Tor 3"');
    expect(csvCell('Messer "A"')).toBe('"Messer ""A"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-03-29T01:30:00Z'))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('writes lines with ; and CRLF, and a BOM-free line helper', () => {
    expect(csvLine(['Schneidemaschine', 12, 'Köln'])).toBe('Schneidemaschine;12;Köln\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
  });

  it('makes safe file names', () => {
    expect(csvFileName('knives 2026/11')).toBe('knives-2026-11.csv');
    expect(csvFileName('"; rm')).toBe('rm.csv');
  });
});
