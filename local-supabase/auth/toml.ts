/**
 * The part of TOML that `supabase/config.toml` uses: `[dotted.tables]`, `key = value` with strings,
 * numbers, booleans and (possibly multi-line) arrays of those, and `#` comments. Returns the tables
 * flat, keyed by their dotted name, e.g. `auth.rate_limit` → `{ email_sent: 30, ... }`.
 */
export type TomlValue = string | number | boolean | TomlValue[];
export type TomlTables = Map<string, Record<string, TomlValue>>;

function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\' && quote === '"') i += 1;
      else if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') return line.slice(0, i);
  }
  return line;
}

function parseScalar(raw: string): TomlValue {
  const text = raw.trim();
  if (text.startsWith('"')) return JSON.parse(text) as string;
  if (text.startsWith("'")) return text.slice(1, -1);
  if (text === 'true' || text === 'false') return text === 'true';
  if (text.startsWith('[')) {
    const inner = text.slice(1, -1);
    const items: TomlValue[] = [];
    let current = '';
    let quote: string | undefined;
    for (let i = 0; i < inner.length; i += 1) {
      const ch = inner[i];
      if (quote) {
        if (ch === '\\' && quote === '"') {
          current += ch + inner[i + 1];
          i += 1;
          continue;
        }
        if (ch === quote) quote = undefined;
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === ',') {
        if (current.trim()) items.push(parseScalar(current));
        current = '';
        continue;
      }
      current += ch;
    }
    if (current.trim()) items.push(parseScalar(current));
    return items;
  }
  const number = Number(text.replace(/_/g, ''));
  if (text !== '' && Number.isFinite(number)) return number;
  throw new Error(`unsupported TOML value: ${text}`);
}

export function parseToml(source: string): TomlTables {
  const tables: TomlTables = new Map([['', {}]]);
  let current = tables.get('')!;
  let pending: { key: string; text: string } | undefined;
  for (const rawLine of source.split(/\r?\n/)) {
    const line = stripComment(rawLine).trim();
    if (pending) {
      pending.text += ` ${line}`;
      if (line.endsWith(']')) {
        current[pending.key] = parseScalar(pending.text);
        pending = undefined;
      }
      continue;
    }
    if (line === '') continue;
    const table = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (table) {
      const name = table[1].replace(/\s*\.\s*/g, '.').replace(/"/g, '');
      current = tables.get(name) ?? {};
      tables.set(name, current);
      continue;
    }
    const entry = /^("?[A-Za-z0-9_.-]+"?)\s*=\s*(.*)$/.exec(line);
    if (!entry) continue;
    const key = entry[1].replace(/"/g, '');
    if (entry[2].startsWith('[') && !entry[2].endsWith(']')) {
      pending = { key, text: entry[2] };
      continue;
    }
    current[key] = parseScalar(entry[2]);
  }
  return tables;
}
