/**
 * The `filter` of a postgres_changes binding, as Supabase Realtime accepts it:
 * `column=op.value` with op one of eq, neq, lt, lte, gt, gte, in (`in.(a,b,"c d")`).
 */

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ChangeFilter {
  column: string;
  op: FilterOp;
  values: string[];
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

export function parseFilter(text: string): ChangeFilter {
  const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(text);
  if (!match) throw new Error(`Error parsing \`filter\` params: ${text}`);
  const [, rawColumn, rawOp, rawValue] = match as unknown as [string, string, string, string];
  const column = rawColumn.trim();
  if (!OPS.has(rawOp as FilterOp)) {
    throw new Error(`Error parsing \`filter\` params: unknown operator \`${rawOp}\` in ${text}`);
  }
  const op = rawOp as FilterOp;
  if (op !== 'in') return { column, op, values: [rawValue] };
  const list = /^\((.*)\)$/s.exec(rawValue.trim());
  if (!list) throw new Error(`Error parsing \`filter\` params: \`in\` needs a list like in.(a,b) in ${text}`);
  return { column, op, values: splitList(list[1]!) };
}

/** Splits `a,b,"c,d"` into its items, honouring double quotes and backslash escapes. */
function splitList(text: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < text.length) current += text[++i];
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      items.push(wasQuoted ? current : current.trim());
      current = '';
      wasQuoted = false;
    } else {
      current += ch;
    }
  }
  if (text.trim() !== '' || items.length > 0) items.push(wasQuoted ? current : current.trim());
  return items;
}

const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const TIME_TYPES = new Set(['timestamptz', 'timestamp', 'date']);

function asText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Orders a row's value against a filter's literal the way the column's type orders them. */
function compare(value: unknown, literal: string, type: string | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (type && NUMERIC_TYPES.has(type)) {
    const a = Number(value);
    const b = Number(literal);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type && TIME_TYPES.has(type)) {
    const a = Date.parse(String(value));
    const b = Date.parse(literal);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type === 'bool') {
    const b = ['true', 't', 'yes', 'on', '1'].includes(literal.toLowerCase());
    const a = value === true || value === 't' || value === 'true';
    return a === b ? 0 : a ? 1 : -1;
  }
  const a = asText(value);
  return a === literal ? 0 : a < literal ? -1 : 1;
}

/**
 * Whether a row matches the filter. `undefined` when the row lacks the column (the caller decides),
 * otherwise true or false. A null value matches no operator, as in SQL.
 */
export function matchesFilter(
  filter: ChangeFilter,
  row: Record<string, unknown>,
  types: Map<string, string>,
): boolean | undefined {
  if (!(filter.column in row)) return undefined;
  const value = row[filter.column];
  const type = types.get(filter.column);
  if (filter.op === 'in') return filter.values.some((literal) => compare(value, literal, type) === 0);
  const order = compare(value, filter.values[0]!, type);
  if (order === null) return false;
  switch (filter.op) {
    case 'eq':
      return order === 0;
    case 'neq':
      return order !== 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
  }
}
