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

  it("quotes the other dialect's separator too, so a cell cannot split into a formula (issue 31)", () => {
    // a comma file opened with `;` settings, and a semicolon file opened with `,` settings
    expect(csvCell('Halle 2;=HYPERLINK("http://x")', DEFAULT_DIALECT)).toBe(
      '"Halle 2;=HYPERLINK(""http://x"")"',
    );
    expect(csvCell('Halle 2,=1+1', german)).toBe('"Halle 2,=1+1"');
    expect(csvRow(['a;=1+1', 'b'], DEFAULT_DIALECT)).toBe('"a;=1+1",b\r\n');
    // formula starts are neutralised the same in both dialects, after leading spaces too
    for (const dialect of [german, DEFAULT_DIALECT]) {
      expect(csvCell('  =1+1', dialect)).toBe("'  =1+1");
      expect(csvCell('\uFF1D1+1', dialect)).toBe("'\uFF1D1+1");
      expect(csvCell('@A1', dialect)).toBe("'@A1");
    }
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
