import { describe, expect, it } from 'vitest';
import { readDelimitedRecords } from '../lib/delimited-records';

const cellsOf = (text: string, delimiter: ',' | '\t' = ',') =>
  readDelimitedRecords(text, delimiter).map((r) => r.cells);

describe('readDelimitedRecords', () => {
  it('splits cells and records on CRLF, LF and CR', () => {
    expect(cellsOf('a,b\r\nc,d\ne,f\rg,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('reads quoted cells with delimiters, doubled quotes and line breaks', () => {
    expect(cellsOf('"Rivera, Sam","She said ""hi""","two\r\nlines",""\n')).toEqual([
      ['Rivera, Sam', 'She said "hi"', 'two\r\nlines', ''],
    ]);
  });

  it('numbers each record by the line it starts on, counting breaks inside quotes', () => {
    const records = readDelimitedRecords('h1,h2\r\n"a\r\nb",c\r\n\r\nd,e', ',');
    expect(records.map((r) => [r.line, r.cells])).toEqual([
      [1, ['h1', 'h2']],
      [2, ['a\r\nb', 'c']],
      [4, ['']],
      [5, ['d', 'e']],
    ]);
  });

  it('drops a byte order mark and does not add a record for the final line break', () => {
    expect(cellsOf('\uFEFFDay,Cost\n1,2\n')).toEqual([
      ['Day', 'Cost'],
      ['1', '2'],
    ]);
  });

  it('reads tab-separated text, where commas are plain text', () => {
    expect(cellsOf('Day\tCost\n2025-03-03\t1,234.56\n', '\t')).toEqual([
      ['Day', 'Cost'],
      ['2025-03-03', '1,234.56'],
    ]);
  });

  it('keeps stray quotes inside unquoted cells and allows spaces before an opening quote', () => {
    expect(cellsOf('5" screen, "a,b" ,x')).toEqual([['5" screen', 'a,b ', 'x']]);
  });

  it('marks a record whose quote is never closed', () => {
    const records = readDelimitedRecords('a,b\n"open,c\nd,e\n', ',');
    expect(records).toHaveLength(2);
    expect(records[1]).toEqual({ line: 2, cells: ['open,c\nd,e\n'], unclosedQuote: true });
  });
});
