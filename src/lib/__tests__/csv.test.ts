import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '@/lib/csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('Sam Rivera')).toBe('Sam Rivera');
    expect(csvCell('Rivera, Sam')).toBe('"Rivera, Sam"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1 555 010 4403')).toBe("'+1 555 010 4403");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a header and one CRLF line per row', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (r: { name: string; age: number }) => r.name },
        { header: 'Age', value: (r) => r.age },
      ],
      [
        { name: 'Mia', age: 9 },
        { name: 'Leo, Jr', age: 7 },
      ],
    );
    expect(csv).toBe('Name,Age\r\nMia,9\r\n"Leo, Jr",7\r\n');
  });
});
