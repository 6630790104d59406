import { downloadBlob } from './download';

/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF, fields quoted when they hold a
 * comma, quote or line break). A cell that starts with = + - @ (or a tab or carriage return) would
 * run as a formula in Excel or Sheets, so it gets a leading apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves text as a file through the browser's download (with a BOM, so spreadsheets read UTF-8). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(new Blob(['\uFEFF', text], { type }), filename);
}
