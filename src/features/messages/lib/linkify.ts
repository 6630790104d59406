/** A piece of a message: plain text, or a link to show as one. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses and bare www. ones; nothing else becomes a link (no javascript:, data:, mailto:).
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?'")\]}]+$/;

/** Only http and https addresses, parsed by the URL parser, are links. */
export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Splits a message into text and links; the text is shown as text (React escapes it). */
export function linkify(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    let text = match[0];
    const trailing = TRAILING.exec(text)?.[0] ?? '';
    // keep a closing bracket that belongs to the address, e.g. a Wikipedia page "(disambiguation)"
    text = text.slice(0, text.length - trailing.length);
    const href = text ? safeHref(text) : null;
    const start = match.index;
    if (!href) continue;
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) });
    parts.push({ kind: 'link', text, href });
    last = start + text.length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}
