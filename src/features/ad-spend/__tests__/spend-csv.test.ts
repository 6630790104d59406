import { describe, expect, it } from 'vitest';
import { readDelimitedRecords } from '../lib/delimited-records';
import {
  decodeSpendFile,
  MAX_CAMPAIGN_NAME_LENGTH,
  NO_HEADER_REASON,
  parseSpendCsv,
  type SpendRow,
} from '../lib/spend-csv';
import badReport from './fixtures/google-ads-bad-rows.csv?raw';
import googleReport from './fixtures/google-ads-campaign-report.csv?raw';
import metaExport from './fixtures/meta-ads-manager-export.csv?raw';

const GOOGLE_HEADER = ['Day', 'Campaign', 'Currency code', 'Cost'];
const META_HEADER = ['Reporting starts', 'Reporting ends', 'Campaign name', 'Amount spent (USD)'];
const GOOGLE_TITLE = ['Campaign report', '"March 3, 2025 - March 16, 2025"'];

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A file with `before` lines (titles), the header, then one line per row; cells named by header. */
function spendFile(
  header: string[],
  rows: Record<string, string>[],
  { before = [] as string[], delimiter = ',', eol = '\r\n' } = {},
): string {
  const line = (cells: string[]) => cells.map((c) => (delimiter === ',' ? csvCell(c) : c)).join(delimiter);
  return (
    [...before, line(header), ...rows.map((row) => line(header.map((h) => row[h] ?? '')))].join(eol) + eol
  );
}

function googleRow(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    Day: '2025-03-03',
    Campaign: 'focus_search',
    'Currency code': 'USD',
    Cost: '42.10',
    ...overrides,
  };
}

function metaRow(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    Day: '2025-03-03',
    'Reporting starts': '2025-03-03',
    'Reporting ends': '2025-03-03',
    'Campaign name': 'spring_calm_homes',
    'Amount spent (USD)': '17.00',
    ...overrides,
  };
}

/** A Google report whose data rows start on line 4. */
const google = (rows: Record<string, string>[], header = GOOGLE_HEADER) =>
  spendFile(header, rows.map(googleRow), { before: GOOGLE_TITLE });

function utf16(text: string, { bom = true, bigEndian = false } = {}): Uint8Array {
  const all = (bom ? '\uFEFF' : '') + text;
  const bytes = new Uint8Array(all.length * 2);
  for (let i = 0; i < all.length; i += 1) {
    const code = all.charCodeAt(i);
    bytes[2 * i + (bigEndian ? 1 : 0)] = code & 0xff;
    bytes[2 * i + (bigEndian ? 0 : 1)] = code >> 8;
  }
  return bytes;
}

function totalsByCampaign(rows: SpendRow[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const row of rows) totals[row.campaign] = (totals[row.campaign] ?? 0) + row.amountMinor;
  return totals;
}

describe('parseSpendCsv with a Google Ads campaign report', () => {
  it('reads 3 campaigns over 14 days, skipping the title and total lines', () => {
    const result = parseSpendCsv(googleReport);
    expect(result.format).toBe('google-ads');
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(42);
    expect(new Set(result.rows.map((r) => r.day)).size).toBe(14);
    expect(result.rows[0]).toEqual({
      day: '2025-03-03',
      campaign: 'calm_kids_search',
      amountMinor: 2789,
      currency: 'USD',
    });
    expect(result.rows.at(-1)?.day).toBe('2025-03-16');
    expect(result.rows).toContainEqual({
      day: '2025-03-09',
      campaign: 'focus_parents_display',
      amountMinor: 0,
      currency: 'USD',
    });
    expect(totalsByCampaign(result.rows)).toEqual({
      focus_search: 92560,
      calm_kids_search: 51336,
      focus_parents_display: 22028,
    });
    // The report's own "Total: Account" line says 1,659.24.
    expect(result.rows.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(165924);
  });

  it('reads the same report as UTF-16LE tab-separated bytes (Google\'s "Excel" download)', () => {
    const tsv = readDelimitedRecords(googleReport, ',')
      .map((record) => record.cells.join('\t'))
      .join('\r\n');
    const result = parseSpendCsv(decodeSpendFile(utf16(tsv)));
    expect(result).toEqual(parseSpendCsv(googleReport));
  });

  it('reads the same report as UTF-8 bytes', () => {
    expect(parseSpendCsv(decodeSpendFile(new TextEncoder().encode(googleReport)))).toEqual(
      parseSpendCsv(googleReport),
    );
  });

  it('reports each bad row by its line, and keeps the good rows', () => {
    const result = parseSpendCsv(badReport);
    expect(result.format).toBe('google-ads');
    expect(result.rows).toEqual([
      { day: '2025-03-03', campaign: 'focus_search', amountMinor: 4210, currency: 'USD' },
      { day: '2025-03-06', campaign: 'calm_kids_search', amountMinor: 102050, currency: 'USD' },
      { day: '2025-03-06', campaign: 'focus_search', amountMinor: 1999, currency: 'USD' },
    ]);
    expect(result.errors).toEqual([
      { line: 5, reason: 'The cost "12,3x" is not an amount.' },
      { line: 7, reason: 'The date "2025-02-30" is not a real day.' },
      { line: 8, reason: 'The campaign name is empty.' },
      { line: 9, reason: 'The cost "-3.00" is negative.' },
      { line: 10, reason: 'The cost "3.125" has more than 2 decimal places.' },
      {
        line: 11,
        reason:
          'The date "03/05/2025" could be 3 May or 5 March: export the report with dates as YYYY-MM-DD.',
      },
      {
        line: 12,
        reason: 'The campaign name "calm_kids_search wrapped" contains a line break or control character.',
      },
      { line: 14, reason: 'The currency "US$" is not a three-letter ISO 4217 code like USD.' },
      {
        line: 15,
        reason: `The campaign name "${'focus_search-'.repeat(3).slice(0, 39)}…" is longer than 200 characters.`,
      },
      { line: 16, reason: 'The date "yesterday" is not a date in the form YYYY-MM-DD.' },
    ]);
  });

  it('finds the header by its names: any case, padded, after a byte order mark', () => {
    const text = spendFile(
      ['\uFEFF  DAY ', ' campaign', 'COST  '],
      [{ '\uFEFF  DAY ': '2025-03-03', ' campaign': 'a', 'COST  ': '1.00' }],
    );
    expect(parseSpendCsv(text, { currency: 'GBP' })).toEqual({
      format: 'google-ads',
      rows: [{ day: '2025-03-03', campaign: 'a', amountMinor: 100, currency: 'GBP' }],
      errors: [],
    });
  });

  it('says which columns it expected when there is no header', () => {
    const text = spendFile(
      ['Date', 'Campaign', 'Spend'],
      [{ Date: '2025-03-03', Campaign: 'a', Spend: '1' }],
    );
    expect(parseSpendCsv(text)).toEqual({
      format: null,
      rows: [],
      errors: [{ line: 1, reason: NO_HEADER_REASON }],
    });
    expect(NO_HEADER_REASON).toContain('"Campaign name"');
    expect(parseSpendCsv('\uFEFF\r\n').errors).toEqual([{ line: 1, reason: 'The file is empty.' }]);
  });

  it('asks for the currency when the report has no currency column, or takes the one given', () => {
    const text = google([{}], ['Day', 'Campaign', 'Cost']);
    const without = parseSpendCsv(text);
    expect(without.rows).toEqual([]);
    expect(without.errors).toEqual([
      { line: 3, reason: expect.stringContaining('"Currency code"') as string },
    ]);
    expect(parseSpendCsv(text, { currency: 'usd' }).rows).toEqual([
      { day: '2025-03-03', campaign: 'focus_search', amountMinor: 4210, currency: 'USD' },
    ]);
    expect(() => parseSpendCsv(text, { currency: 'dollars' })).toThrow(RangeError);
  });

  it('takes the currency from a header like "Cost (EUR)"', () => {
    expect(parseSpendCsv(google([{ 'Cost (EUR)': '3.50' }], ['Day', 'Campaign', 'Cost (EUR)'])).rows).toEqual(
      [{ day: '2025-03-03', campaign: 'focus_search', amountMinor: 350, currency: 'EUR' }],
    );
  });

  it('sums rows for the same day and campaign, and refuses a second currency for them', () => {
    const result = parseSpendCsv(
      google([
        { Cost: '10.10' },
        { Cost: '0.20' },
        { Campaign: 'calm_kids_search' },
        { 'Currency code': 'EUR' },
      ]),
    );
    expect(result.rows).toEqual([
      { day: '2025-03-03', campaign: 'calm_kids_search', amountMinor: 4210, currency: 'USD' },
      { day: '2025-03-03', campaign: 'focus_search', amountMinor: 1030, currency: 'USD' },
    ]);
    expect(result.errors).toEqual([
      { line: 7, reason: '"focus_search" on 2025-03-03 is in USD on line 4 but in EUR here.' },
    ]);
  });

  it.each([
    ['1,234.56', 123456],
    ['1234.5', 123450],
    ['12', 1200],
    ['0.29', 29],
    ['4.35', 435],
    ['1.230', 123],
    ['  7.00 ', 700],
    ['1,000,000.01', 100000001],
  ])('reads the cost %s as %i cents, without floating point', (cost, cents) => {
    expect(parseSpendCsv(google([{ Cost: cost }])).rows[0]?.amountMinor).toBe(cents);
  });

  it.each([
    ['12.3.4', 'The cost "12.3.4" is not an amount.'],
    ['1,23', 'The cost "1,23" is not an amount.'],
    ['$5.00', 'The cost "$5.00" is not an amount.'],
    ['1.234,56', 'The cost "1.234,56" is not an amount.'],
    ['.50', 'The cost ".50" is not an amount.'],
    ['', 'The cost is empty.'],
    ['- 2.00', 'The cost "- 2.00" is negative.'],
    ['99999999999999999', 'The cost "99999999999999999" is too large.'],
  ])('rejects the cost "%s"', (cost, reason) => {
    expect(parseSpendCsv(google([{ Cost: cost }])).errors).toEqual([{ line: 4, reason }]);
  });

  it('counts minor units by the currency: whole yen, thousandths of a dinar', () => {
    const result = parseSpendCsv(
      google([
        { 'Currency code': 'JPY', Cost: '1,200' },
        { 'Currency code': 'KWD', Cost: '3.125', Campaign: 'b' },
        { 'Currency code': 'JPY', Cost: '12.5', Day: '2025-03-04' },
      ]),
    );
    expect(result.rows.map((r) => [r.currency, r.amountMinor])).toEqual([
      ['KWD', 3125],
      ['JPY', 1200],
    ]);
    expect(result.errors).toEqual([
      { line: 6, reason: 'The cost "12.5" has decimals, but JPY amounts are whole numbers.' },
    ]);
  });

  it('reads slash dates only when the file shows which number is the month', () => {
    const monthFirst = parseSpendCsv(google([{ Day: '3/4/2025' }, { Day: '3/14/2025' }]));
    expect(monthFirst.rows.map((r) => r.day)).toEqual(['2025-03-04', '2025-03-14']);
    const dayFirst = parseSpendCsv(google([{ Day: '4/3/2025' }, { Day: '14/3/2025' }]));
    expect(dayFirst.rows.map((r) => r.day)).toEqual(['2025-03-04', '2025-03-14']);
    expect(parseSpendCsv(google([{ Day: '3/3/2025' }])).rows[0]?.day).toBe('2025-03-03');

    const ambiguous = parseSpendCsv(google([{ Day: '3/4/2025' }, { Day: '2025/03/05' }]));
    expect(ambiguous.rows.map((r) => r.day)).toEqual(['2025-03-05']);
    expect(ambiguous.errors).toEqual([
      {
        line: 4,
        reason:
          'The date "3/4/2025" could be 3 April or 4 March: export the report with dates as YYYY-MM-DD.',
      },
    ]);

    const mixed = parseSpendCsv(google([{ Day: '3/14/2025' }, { Day: '14/3/2025' }]));
    expect(mixed.rows).toEqual([]);
    expect(mixed.errors.map((e) => e.line)).toEqual([4, 5]);
    expect(mixed.errors[0].reason).toContain('some dates month first and others day first');

    expect(parseSpendCsv(google([{ Day: '2/30/2025' }, { Day: '2/13/2025' }])).errors).toEqual([
      { line: 4, reason: 'The date "2/30/2025" is not a real day.' },
    ]);
  });

  it('trims campaign names and rejects ones that are too long or hold control characters', () => {
    const longest = 'x'.repeat(MAX_CAMPAIGN_NAME_LENGTH);
    const result = parseSpendCsv(
      google([
        { Campaign: '  focus_search  ' },
        { Campaign: longest, Day: '2025-03-04' },
        { Campaign: `${longest}y`, Day: '2025-03-05' },
        { Campaign: 'tab\there', Day: '2025-03-06' },
      ]),
    );
    expect(result.rows.map((r) => r.campaign)).toEqual(['focus_search', longest]);
    expect(result.errors).toEqual([
      {
        line: 6,
        reason: expect.stringMatching(
          /^The campaign name "x{39}…" is longer than 200 characters\.$/,
        ) as string,
      },
      { line: 7, reason: 'The campaign name "tab here" contains a line break or control character.' },
    ]);
  });

  it('reports a quote that is never closed, on the line where it opens', () => {
    const text = `${google([{}])}2025-03-04,"calm_kids_search,USD,1.00\r\n2025-03-05,calm_kids_search,USD,2.00\r\n`;
    const result = parseSpendCsv(text);
    expect(result.rows).toHaveLength(1);
    expect(result.errors).toEqual([
      { line: 5, reason: 'A quoted value that starts on this line is never closed.' },
    ]);
  });

  it('reads a tab-separated report given as text', () => {
    const text = spendFile(GOOGLE_HEADER, [googleRow({ Cost: '1,234.56' })], { delimiter: '\t', eol: '\n' });
    expect(parseSpendCsv(text).rows).toEqual([
      { day: '2025-03-03', campaign: 'focus_search', amountMinor: 123456, currency: 'USD' },
    ]);
  });
});

describe('parseSpendCsv with a Meta Ads Manager export', () => {
  it('reads 2 campaigns over 14 days, summing ad sets and skipping the summary row', () => {
    const result = parseSpendCsv(metaExport);
    expect(result.format).toBe('meta');
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(28);
    // 10.74 + 6.26 from the two ad sets of spring_calm_homes on the first day.
    expect(result.rows.find((r) => r.campaign === 'spring_calm_homes')).toEqual({
      day: '2025-03-03',
      campaign: 'spring_calm_homes',
      amountMinor: 1700,
      currency: 'USD',
    });
    expect(totalsByCampaign(result.rows)).toEqual({ spring_calm_homes: 38384, exam_stress_meta: 18296 });
    // The summary row says 566.80.
    expect(result.rows.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(56680);
  });

  it('takes the currency from a "Currency" column when the amount column names none', () => {
    const header = ['Day', 'Campaign name', 'Amount spent', 'Currency'];
    const text = spendFile(header, [
      { Day: '2025-03-03', 'Campaign name': 'spring_calm_homes', 'Amount spent': '5.5', Currency: 'eur' },
      { Day: '', 'Campaign name': '', 'Amount spent': '5.5', Currency: 'EUR' },
    ]);
    expect(parseSpendCsv(text)).toEqual({
      format: 'meta',
      rows: [{ day: '2025-03-03', campaign: 'spring_calm_homes', amountMinor: 550, currency: 'EUR' }],
      errors: [],
    });
  });

  it('refuses a currency column that contradicts the amount column', () => {
    const header = [...META_HEADER, 'Currency'];
    const text = spendFile(header, [metaRow({ Currency: 'EUR' })]);
    expect(parseSpendCsv(text).errors).toEqual([
      { line: 2, reason: 'The currency is EUR but the amount column is in USD.' },
    ]);
  });

  it('reads "Reporting starts" as the day, and refuses rows that cover more than one day', () => {
    const text = spendFile(META_HEADER, [
      metaRow(),
      metaRow({ 'Reporting starts': '2025-03-04', 'Reporting ends': '2025-03-16', 'Campaign name': 'b' }),
    ]);
    const result = parseSpendCsv(text);
    expect(result.rows).toEqual([
      { day: '2025-03-03', campaign: 'spring_calm_homes', amountMinor: 1700, currency: 'USD' },
    ]);
    expect(result.errors).toEqual([
      {
        line: 3,
        reason: 'The row covers 2025-03-04 to 2025-03-16, not one day: export the report broken down by day.',
      },
    ]);
  });

  it('reports the amount spent in its own words', () => {
    const text = spendFile(META_HEADER, [metaRow({ 'Amount spent (USD)': 'n/a' })], { eol: '\n' });
    expect(parseSpendCsv(text).errors).toEqual([
      { line: 2, reason: 'The amount spent "n/a" is not an amount.' },
    ]);
  });
});

describe('decodeSpendFile', () => {
  it('decodes UTF-16 with a byte order mark, either byte order, and drops the mark', () => {
    expect(decodeSpendFile(utf16('Day\tCampaign\r\nCafé'))).toBe('Day\tCampaign\r\nCafé');
    expect(decodeSpendFile(utf16('Day\tCampaign', { bigEndian: true }))).toBe('Day\tCampaign');
  });

  it('recognises UTF-16LE without a byte order mark by its zero bytes', () => {
    expect(decodeSpendFile(utf16('Day\tCost', { bom: false }))).toBe('Day\tCost');
  });

  it('decodes UTF-8, with or without a byte order mark', () => {
    expect(decodeSpendFile(new TextEncoder().encode('\uFEFFCafé,ü'))).toBe('Café,ü');
    expect(decodeSpendFile(new TextEncoder().encode('Day,Cost'))).toBe('Day,Cost');
    expect(decodeSpendFile(new Uint8Array())).toBe('');
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeSpendFile(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]))).toBe('Café €');
  });
});
