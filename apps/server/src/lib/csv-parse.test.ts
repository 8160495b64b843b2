import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv-parse';

describe('parseCsv', () => {
  it('reads comma and semicolon files with a BOM, quotes, CRLF and blank lines, keeping line numbers', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,"x, ""y"""\r\n\r\n2,z\r\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'x, "y"'] },
      { line: 4, cells: ['2', 'z'] },
    ]);
    expect(parseCsv('a;b\n"multi\nline";3,5\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['multi\nline', '3,5'] },
    ]);
  });

  it('takes back the formula guard of an export and keeps empty cells', () => {
    expect(parseCsv("a,b,c\n'=SUM(1),,'plain")).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['=SUM(1)', '', "'plain"] },
    ]);
  });
});
