/**
 * A small, valid PDF (one A4 page, Helvetica, WinAnsi text): enough for an invoice a person can
 * download, open and print. Lines are laid out top-down; `bold` and `size` per line; `right`
 * places a second text right-aligned on the same line.
 */
export interface PdfLine {
  text: string;
  right?: string;
  size?: number;
  bold?: boolean;
  /** extra space before the line, in points */
  gap?: number;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;

/** WinAnsi's characters outside Latin-1 (typographic dashes, quotes, the euro): their byte in the font. */
const WIN_ANSI_EXTRAS: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};

function escapeText(text: string): string {
  // WinAnsi covers Latin-1 and the few characters above; anything else becomes '?'.
  const latin = Array.from(text, (char) => {
    const extra = WIN_ANSI_EXTRAS[char];
    if (extra !== undefined) return String.fromCharCode(extra);
    return char.charCodeAt(0) <= 0xff ? char : '?';
  }).join('');
  return latin.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

/** Helvetica's average advance is about half the font size: enough to right-align short amounts. */
function approximateWidth(text: string, size: number, bold: boolean) {
  let units = 0;
  for (const char of text) {
    if (/[0-9$.,]/.test(char)) units += 556;
    else if (char === ' ') units += 278;
    else if (/[A-Z]/.test(char)) units += 667;
    else units += 520;
  }
  return (units / 1000) * size * (bold ? 1.05 : 1);
}

export function renderPdf(title: string, lines: PdfLine[]): Buffer {
  let y = PAGE_HEIGHT - MARGIN;
  const ops: string[] = [];
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= (line.gap ?? 0) + size * 1.45;
    const font = line.bold ? 'F2' : 'F1';
    ops.push(`BT /${font} ${size} Tf ${MARGIN} ${y.toFixed(1)} Td (${escapeText(line.text)}) Tj ET`);
    if (line.right) {
      const x = PAGE_WIDTH - MARGIN - approximateWidth(line.right, size, Boolean(line.bold));
      ops.push(`BT /${font} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td (${escapeText(line.right)}) Tj ET`);
    }
  }
  const content = Buffer.from(ops.join('\n'), 'latin1');
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from(`<< /Title (${escapeText(title)}) /Producer (Ploom local Stripe stand-in) >>`, 'latin1'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((object, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}
