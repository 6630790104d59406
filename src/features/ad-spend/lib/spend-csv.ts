import { readDelimitedRecords, type DelimitedRecord } from './delimited-records';

export type SpendFormat = 'google-ads' | 'meta';

/** One campaign's spend on one day. */
export interface SpendRow {
  /** The day as the platform reports it (the ad account's time zone), YYYY-MM-DD. */
  day: string;
  /** Trimmed; at most 200 characters; no control characters. */
  campaign: string;
  /** Whole minor units of the currency: cents for USD, EUR and GBP, yen for JPY. */
  amountMinor: number;
  /** ISO 4217 code, uppercase. */
  currency: string;
}

/** A row the import could not read, by its 1-based line in the file. */
export interface SpendFileError {
  line: number;
  reason: string;
}

export interface SpendParseResult {
  /** Null when no header row was found. */
  format: SpendFormat | null;
  rows: SpendRow[];
  errors: SpendFileError[];
}

export interface SpendParseOptions {
  /** The currency to assume when the file names none (a Google report without "Currency code"). */
  currency?: string;
}

export const MAX_CAMPAIGN_NAME_LENGTH = 200;

export const NO_HEADER_REASON =
  'No header row found. Expected a Google Ads campaign report with the columns "Day", "Campaign" and ' +
  '"Cost", or a Meta Ads Manager export with "Day" (or "Reporting starts"), "Campaign name" and ' +
  '"Amount spent".';

const NO_CURRENCY_REASON =
  'The file does not say which currency its amounts are in: add the "Currency code" column to the ' +
  'report (Meta: "Currency", or the amount column named like "Amount spent (USD)"), or choose the ' +
  'currency before importing.';

/**
 * Reads a Google Ads campaign report or a Meta Ads Manager export, CSV or tab-separated, already
 * decoded (see `decodeSpendFile`). The header row is found by its column names, so title lines above
 * it are ignored. Total rows (Google's "Total: …", Meta's rows without a campaign name) and empty lines
 * are skipped; every other row that cannot be read is reported with its line and a reason, and the
 * readable rows are still returned.
 *
 * Rows for the same day and campaign are summed into one: Meta splits a campaign's day by ad set when
 * the export is broken down by ad set, and a report may list a campaign twice (two ad accounts).
 * Rows come back sorted by day, then campaign.
 */
export function parseSpendCsv(text: string, options: SpendParseOptions = {}): SpendParseResult {
  const fallbackCurrency = options.currency === undefined ? null : options.currency.trim().toUpperCase();
  if (fallbackCurrency !== null && !CURRENCY_CODE.test(fallbackCurrency)) {
    throw new RangeError(`The currency "${options.currency}" is not a three-letter ISO 4217 code`);
  }
  if (text.replace(/^\uFEFF/, '').trim() === '') {
    return { format: null, rows: [], errors: [{ line: 1, reason: 'The file is empty.' }] };
  }

  const found = findHeader(text);
  if (!found) return { format: null, rows: [], errors: [{ line: 1, reason: NO_HEADER_REASON }] };
  const { layout, records } = found;
  if (layout.headerCurrency === null && layout.currencyColumn === null && fallbackCurrency === null) {
    return {
      format: layout.format,
      rows: [],
      errors: [{ line: layout.headerLine, reason: NO_CURRENCY_REASON }],
    };
  }

  const errors: SpendFileError[] = [];
  const dataRecords: DelimitedRecord[] = [];
  for (const record of records) {
    if (record.line <= layout.headerLine) continue;
    if (record.unclosedQuote) {
      errors.push({ line: record.line, reason: 'A quoted value that starts on this line is never closed.' });
    } else if (!isBlank(record) && !isSummary(record, layout)) {
      dataRecords.push(record);
    }
  }

  const dateOrder = slashDateOrder(
    dataRecords.flatMap((r) => [
      cellAt(r, layout.day),
      layout.dayEnds === null ? '' : cellAt(r, layout.dayEnds),
    ]),
  );
  const totals = new Map<string, { row: SpendRow; line: number }>();
  for (const record of dataRecords) {
    const problems: string[] = [];
    const row = readRow(record, layout, dateOrder, fallbackCurrency, problems);
    for (const reason of problems) errors.push({ line: record.line, reason });
    if (!row) continue;

    const key = `${row.day}\u0000${row.campaign}`;
    const earlier = totals.get(key);
    if (!earlier) {
      totals.set(key, { row, line: record.line });
    } else if (earlier.row.currency !== row.currency) {
      errors.push({
        line: record.line,
        reason: `"${shorten(row.campaign)}" on ${row.day} is in ${earlier.row.currency} on line ${earlier.line} but in ${row.currency} here.`,
      });
    } else {
      const sum = earlier.row.amountMinor + row.amountMinor;
      if (Number.isSafeInteger(sum)) {
        earlier.row.amountMinor = sum;
      } else {
        errors.push({
          line: record.line,
          reason: 'The amounts for this campaign and day add up to too much.',
        });
      }
    }
  }

  const rows = [...totals.values()]
    .map((t) => t.row)
    .sort((a, b) => compareText(a.day, b.day) || compareText(a.campaign, b.campaign));
  errors.sort((a, b) => a.line - b.line);
  return { format: layout.format, rows, errors };
}

/**
 * Turns a spend file's bytes into text. UTF-16 with a byte order mark (Google Ads' "Excel" TSV
 * downloads are UTF-16LE) or, without one, when the first characters are ASCII stored as UTF-16LE;
 * otherwise UTF-8, or Windows-1252 when the bytes are not valid UTF-8 (a file re-saved by Excel).
 * A byte order mark is removed.
 */
export function decodeSpendFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // ASCII text in UTF-16LE has a zero in every second byte; ASCII or UTF-8 text never has a zero byte.
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) {
    return new TextDecoder('utf-16le').decode(bytes);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** Windows-1252's characters for the bytes 0x80–0x9f (the other bytes are Latin-1). */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** By hand: Node's TextDecoder reads the label "windows-1252" as Latin-1, unlike browsers. */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    text += byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return text;
}

interface Layout {
  format: SpendFormat;
  headerLine: number;
  /** "Day", or Meta's "Reporting starts" when there is no "Day" column. */
  day: number;
  /** Meta's "Reporting ends", read only when the day comes from "Reporting starts". */
  dayEnds: number | null;
  campaign: number;
  amount: number;
  /** How the reasons name the amount column. */
  amountLabel: 'cost' | 'amount spent';
  /** From a header like "Amount spent (USD)". */
  headerCurrency: string | null;
  currencyColumn: number | null;
}

const CURRENCY_CODE = /^[A-Z]{3}$/;
const COST_HEADER = /^cost(?: \(([a-z]{3})\))?$/;
const AMOUNT_SPENT_HEADER = /^amount spent(?: \(([a-z]{3})\))?$/;

function findHeader(text: string): { layout: Layout; records: DelimitedRecord[] } | null {
  for (const delimiter of [',', '\t'] as const) {
    const records = readDelimitedRecords(text, delimiter);
    for (const record of records) {
      if (record.unclosedQuote) break;
      const layout = layoutFromHeader(record);
      if (layout) return { layout, records };
    }
  }
  return null;
}

function layoutFromHeader(record: DelimitedRecord): Layout | null {
  const names = record.cells.map((cell) =>
    cell
      .replace(/^\uFEFF/, '')
      .trim()
      .replace(/\s+/g, ' ')
      .toLowerCase(),
  );
  const column = (...candidates: string[]) => {
    const index = names.findIndex((name) => candidates.includes(name));
    return index === -1 ? null : index;
  };
  const matching = (pattern: RegExp) => {
    const index = names.findIndex((name) => pattern.test(name));
    if (index === -1) return null;
    const currency = pattern.exec(names[index])?.[1];
    return { index, currency: currency ? currency.toUpperCase() : null };
  };

  const metaCampaign = column('campaign name');
  const amountSpent = matching(AMOUNT_SPENT_HEADER);
  const metaDay = column('day');
  const metaDayOrStart = metaDay ?? column('reporting starts');
  if (metaCampaign !== null && amountSpent && metaDayOrStart !== null) {
    return {
      format: 'meta',
      headerLine: record.line,
      day: metaDayOrStart,
      dayEnds: metaDay === null ? column('reporting ends') : null,
      campaign: metaCampaign,
      amount: amountSpent.index,
      amountLabel: 'amount spent',
      headerCurrency: amountSpent.currency,
      currencyColumn: column('currency', 'currency code'),
    };
  }

  const googleCampaign = column('campaign');
  const cost = matching(COST_HEADER);
  const googleDay = column('day');
  if (googleCampaign !== null && cost && googleDay !== null) {
    return {
      format: 'google-ads',
      headerLine: record.line,
      day: googleDay,
      dayEnds: null,
      campaign: googleCampaign,
      amount: cost.index,
      amountLabel: 'cost',
      headerCurrency: cost.currency,
      currencyColumn: column('currency code', 'currency'),
    };
  }
  return null;
}

function cellAt(record: DelimitedRecord, index: number): string {
  return (record.cells[index] ?? '').trim();
}

function isBlank(record: DelimitedRecord): boolean {
  return record.cells.every((cell) => cell.trim() === '');
}

/** Google's "Total: Account", "Total: Search campaigns"…; Meta's totals have no campaign name. */
function isSummary(record: DelimitedRecord, layout: Layout): boolean {
  const firstFilled = record.cells.map((cell) => cell.trim()).find((cell) => cell !== '') ?? '';
  const isTotal = (cell: string) => /^total\s*(:|$)/i.test(cell);
  if (
    isTotal(firstFilled) ||
    isTotal(cellAt(record, layout.day)) ||
    isTotal(cellAt(record, layout.campaign))
  ) {
    return true;
  }
  return layout.format === 'meta' && cellAt(record, layout.campaign) === '';
}

function readRow(
  record: DelimitedRecord,
  layout: Layout,
  dateOrder: DateOrder,
  fallbackCurrency: string | null,
  problems: string[],
): SpendRow | null {
  const day = readDay(record, layout, dateOrder, problems);
  const campaign = readCampaign(cellAt(record, layout.campaign), problems);
  const currency = readCurrency(record, layout, fallbackCurrency, problems);
  const amountMinor =
    currency === null
      ? null
      : readAmount(cellAt(record, layout.amount), currency, layout.amountLabel, problems);
  if (day === null || campaign === null || currency === null || amountMinor === null) return null;
  return { day, campaign, amountMinor, currency };
}

function readDay(
  record: DelimitedRecord,
  layout: Layout,
  order: DateOrder,
  problems: string[],
): string | null {
  const start = readDate(cellAt(record, layout.day), order, problems);
  if (start === null || layout.dayEnds === null) return start;
  const endText = cellAt(record, layout.dayEnds);
  if (endText === '') return start;
  const end = readDate(endText, order, problems);
  if (end === null) return null;
  if (end !== start) {
    problems.push(`The row covers ${start} to ${end}, not one day: export the report broken down by day.`);
    return null;
  }
  return start;
}

function readCampaign(name: string, problems: string[]): string | null {
  if (name === '') {
    problems.push('The campaign name is empty.');
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) {
    problems.push(
      `The campaign name "${shorten(printable(name))}" contains a line break or control character.`,
    );
    return null;
  }
  if ([...name].length > MAX_CAMPAIGN_NAME_LENGTH) {
    problems.push(
      `The campaign name "${shorten(name)}" is longer than ${MAX_CAMPAIGN_NAME_LENGTH} characters.`,
    );
    return null;
  }
  return name;
}

function readCurrency(
  record: DelimitedRecord,
  layout: Layout,
  fallbackCurrency: string | null,
  problems: string[],
): string | null {
  const raw = layout.currencyColumn === null ? '' : cellAt(record, layout.currencyColumn);
  if (raw === '') {
    const currency = layout.headerCurrency ?? fallbackCurrency;
    if (currency === null) problems.push('The currency is empty.');
    return currency;
  }
  const code = raw.toUpperCase();
  if (!CURRENCY_CODE.test(code)) {
    problems.push(`The currency "${shorten(raw)}" is not a three-letter ISO 4217 code like USD.`);
    return null;
  }
  if (layout.headerCurrency !== null && code !== layout.headerCurrency) {
    problems.push(`The currency is ${code} but the amount column is in ${layout.headerCurrency}.`);
    return null;
  }
  return code;
}

/** Currencies whose minor unit is not a hundredth (ISO 4217); every other code has 2 decimals. */
const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'.split(' ').map((c) => [c, 0]),
  ),
  ...Object.fromEntries('BHD IQD JOD KWD LYD OMR TND'.split(' ').map((c) => [c, 3])),
  CLF: 4,
  UYW: 4,
};

/** How many decimals the currency's minor unit has: 2 for USD, EUR and GBP, 0 for JPY. */
export function minorUnitDigits(currency: string): number {
  return MINOR_UNIT_DIGITS[currency] ?? 2;
}

/** Digits with optional thousands commas ("1,234.56"), as both platforms write amounts. */
const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/** Reads the decimal text digit by digit, so no binary floating point rounding is involved. */
function readAmount(raw: string, currency: string, label: string, problems: string[]): number | null {
  const quoted = `"${shorten(raw)}"`;
  if (raw === '') {
    problems.push(`The ${label} is empty.`);
    return null;
  }
  if (/^-/.test(raw) && AMOUNT.test(raw.slice(1).trim())) {
    problems.push(`The ${label} ${quoted} is negative.`);
    return null;
  }
  const match = AMOUNT.exec(raw);
  if (!match) {
    problems.push(`The ${label} ${quoted} is not an amount.`);
    return null;
  }
  const digits = minorUnitDigits(currency);
  const whole = match[1].replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(digits))) {
    problems.push(
      digits === 0
        ? `The ${label} ${quoted} has decimals, but ${currency} amounts are whole numbers.`
        : `The ${label} ${quoted} has more than ${digits} decimal places.`,
    );
    return null;
  }
  const minor = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor)) {
    problems.push(`The ${label} ${quoted} is too large.`);
    return null;
  }
  return minor;
}

/**
 * How the file writes slash dates. Every row of an export uses one order, so a day above 12 in one
 * position settles it for the whole file; when no date settles it, slash dates are rejected rather
 * than guessed.
 */
type DateOrder = 'month-first' | 'day-first' | 'unknown' | 'mixed';

const ISO_DATE = /^(\d{4})([-/])(\d{2})\2(\d{2})$/;
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function slashDateOrder(cells: string[]): DateOrder {
  let monthFirst = false;
  let dayFirst = false;
  for (const cell of cells) {
    const match = SLASH_DATE.exec(cell);
    if (!match) continue;
    const first = Number(match[1]);
    const second = Number(match[2]);
    if (first > 12 && second <= 12) dayFirst = true;
    if (second > 12 && first <= 12) monthFirst = true;
  }
  if (monthFirst && dayFirst) return 'mixed';
  return monthFirst ? 'month-first' : dayFirst ? 'day-first' : 'unknown';
}

function readDate(raw: string, order: DateOrder, problems: string[]): string | null {
  const quoted = `"${shorten(raw)}"`;
  if (raw === '') {
    problems.push('The date is empty.');
    return null;
  }
  const iso = ISO_DATE.exec(raw);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[3]), Number(iso[4]), quoted, problems);

  const slash = SLASH_DATE.exec(raw);
  if (!slash) {
    problems.push(`The date ${quoted} is not a date in the form YYYY-MM-DD.`);
    return null;
  }
  const [first, second, year] = [Number(slash[1]), Number(slash[2]), Number(slash[3])];
  if (order === 'mixed') {
    problems.push(
      `The file writes some dates month first and others day first, so ${quoted} cannot be read: export the report with dates as YYYY-MM-DD.`,
    );
    return null;
  }
  if (order === 'unknown') {
    if (first === second || first > 12 || second > 12) {
      return calendarDay(year, Math.min(first, second), Math.max(first, second), quoted, problems);
    }
    problems.push(
      `The date ${quoted} could be ${first} ${MONTHS[second - 1]} or ${second} ${MONTHS[first - 1]}: export the report with dates as YYYY-MM-DD.`,
    );
    return null;
  }
  return order === 'month-first'
    ? calendarDay(year, first, second, quoted, problems)
    : calendarDay(year, second, first, quoted, problems);
}

function calendarDay(
  year: number,
  month: number,
  day: number,
  quoted: string,
  problems: string[],
): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    problems.push(`The date ${quoted} is not a real day.`);
    return null;
  }
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function shorten(text: string): string {
  const chars = [...text];
  return chars.length > 40 ? `${chars.slice(0, 39).join('')}…` : text;
}

function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}
