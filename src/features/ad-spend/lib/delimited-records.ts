/** One record of a delimited text file, with the line of the file it starts on (1-based). */
export interface DelimitedRecord {
  line: number;
  cells: string[];
  /** A quoted cell opened in this record is never closed: the record runs to the end of the file. */
  unclosedQuote: boolean;
}

/**
 * Splits CSV or TSV text into records (RFC 4180 quoting: a quoted cell may hold the delimiter, line
 * breaks and doubled quotes). Accepts CRLF, LF or CR line ends and a leading byte order mark. Lenient
 * where spreadsheets are: a quote inside an unquoted cell is kept as text, spaces before an opening
 * quote are dropped, and text after a closing quote is kept. Line numbers count the line breaks inside
 * quoted cells too, so they match what a text editor shows.
 */
export function readDelimitedRecords(text: string, delimiter: ',' | '\t'): DelimitedRecord[] {
  const records: DelimitedRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let cellQuoted = false;
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  while (i < text.length) {
    const ch = text[i];
    const lineBreakLength = ch === '\r' && text[i + 1] === '\n' ? 2 : ch === '\r' || ch === '\n' ? 1 : 0;

    if (inQuotes) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (ch === '"') {
        inQuotes = false;
        i += 1;
      } else {
        if (lineBreakLength > 0) line += 1;
        const step = Math.max(lineBreakLength, 1);
        cell += text.slice(i, i + step);
        i += step;
      }
    } else if (ch === '"' && !cellQuoted && cell.trim() === '') {
      inQuotes = true;
      cellQuoted = true;
      cell = '';
      i += 1;
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
      cellQuoted = false;
      i += 1;
    } else if (lineBreakLength > 0) {
      cells.push(cell);
      records.push({ line: recordLine, cells, unclosedQuote: false });
      cells = [];
      cell = '';
      cellQuoted = false;
      i += lineBreakLength;
      line += 1;
      recordLine = line;
    } else {
      cell += ch;
      i += 1;
    }
  }

  if (inQuotes || cellQuoted || cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: recordLine, cells, unclosedQuote: inQuotes });
  }
  return records;
}
