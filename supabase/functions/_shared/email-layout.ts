import { escapeHtml, oneLine } from './html.ts';

/**
 * The one look of every email the product sends: a plain, readable single column that works in
 * every mail client (tables and inline styles), with a text version beside it. Callers pass HTML
 * they built from escaped values only. Like the templates (`<function>/email.ts`), this stays plain
 * TypeScript without Deno or npm: imports: the site's /test-email page renders them too.
 */
export interface EmailContent {
  /** shown by mail clients after the subject; plain text */
  preheader: string;
  /** plain text */
  heading: string;
  /** paragraphs (or small blocks) of HTML, each already escaped */
  blocksHtml: string[];
  /** the same content as plain text */
  text: string;
  /** small print under the content; plain text */
  footer?: string;
}

export const BRAND = {
  name: 'Ploom',
  tagline: 'Building confidence, focus, and connection for families.',
  color: '#2f6b4f',
} as const;

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const footer = content.footer ?? `${BRAND.name} · ${BRAND.tagline}`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f6f4ef;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f4ef;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;font-family:Arial,Helvetica,sans-serif;color:#1f2a24;">
<tr><td style="padding:24px 28px 0;font-size:20px;font-weight:bold;color:${BRAND.color};">${escapeHtml(BRAND.name)}</td></tr>
<tr><td style="padding:16px 28px 0;"><h1 style="margin:0;font-size:22px;line-height:1.3;">${escapeHtml(content.heading)}</h1></td></tr>
<tr><td style="padding:8px 28px 24px;font-size:16px;line-height:1.6;">
${content.blocksHtml.map((block) => (block.startsWith('<') ? block : `<p style="margin:16px 0 0;">${block}</p>`)).join('\n')}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #ece8df;font-size:12px;line-height:1.5;color:#6b7570;">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  // The heading and the footer are one line each, whatever names they hold.
  const text = `${oneLine(content.heading)}\n\n${content.text.trim()}\n\n--\n${oneLine(footer)}\n`;
  return { html, text };
}

/** A two-column table of label/value rows, values escaped here. */
export function detailsTable(rows: [label: string, value: string | undefined][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 12px 6px 0;vertical-align:top;color:#6b7570;white-space:nowrap;">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;vertical-align:top;white-space:pre-wrap;">${value === undefined ? '<em style="color:#9aa29e;">not given</em>' : escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0 0;font-size:15px;">\n${cells}\n</table>`;
}

/** The same rows as text, a line each: a value with line breaks cannot add rows of its own. */
export function detailsText(rows: [label: string, value: string | undefined][]): string {
  return rows.map(([label, value]) => `${label}: ${oneLine(value) ?? '(not given)'}`).join('\n');
}
