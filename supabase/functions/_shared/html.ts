const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * Makes text safe for one line of an email header (subject, display name): no CR/LF or other
 * control characters, so a value cannot start a new header; collapsed spaces; bounded length.
 */
export function headerSafe(value: unknown, maxLength = 120): string {
  const line = String(value ?? '')
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}…` : line;
}

/** A run of control characters or line/paragraph separators, with the spaces around it. */
const LINE_BREAKING = /\s*[\p{Cc}\u2028\u2029][\s\p{Cc}\u2028\u2029]*/gu;

/**
 * A name for the plain-text part of an email: each run of control characters (CR, LF, TAB, the
 * other C0 and C1 controls) or line/paragraph separators becomes one space, so a name cannot start
 * lines of its own there. The database refuses such names; this is the text part's last defence, as
 * escapeHtml is the HTML's.
 */
export function oneLine<T extends string | null | undefined>(value: T): T {
  return (typeof value === 'string' ? value.replace(LINE_BREAKING, ' ').trim() : value) as T;
}

/** A copy of `value` with the named fields on one line (oneLine): the names an email shows. */
export function namesOnOneLine<T extends object>(value: T, names: readonly (keyof T)[]): T {
  const copy = { ...value };
  for (const name of names) {
    const field = copy[name];
    if (typeof field === 'string') copy[name] = oneLine(field) as T[keyof T];
  }
  return copy;
}
