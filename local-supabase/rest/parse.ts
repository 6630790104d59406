import { apiError } from './errors.ts';

/**
 * Parsers for PostgREST's query string grammar: `select`, filters (`col=op.value`), `and`/`or`
 * logic trees, `order`, `columns` and `on_conflict`. Error messages follow PostgREST's
 * (`"failed to parse filter (…)" (line 1, column n)` with an `unexpected … expecting …` detail),
 * answered as 400 PGRST100.
 */

/**
 * How deeply `and`/`or` trees and embedded resources may nest. PostgREST itself sets no number;
 * the local stack refuses deeper input with a 400 before it is parsed or planned, so a request can
 * never exhaust the stack of the recursive parser, planner or SQL builder.
 */
export const MAX_NESTING = 100;

export interface JsonOp {
  arrow: '->' | '->>';
  key: string;
  isIndex: boolean;
}

export interface Field {
  name: string;
  jsonPath: JsonOp[];
}

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'field';
      field: Field;
      alias?: string;
      cast?: string;
      aggregate?: string;
      /** `col.sum()::int`: the cast of the aggregate's result */
      aggregateCast?: string;
    }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      joinType?: 'inner' | 'left';
      spread: boolean;
      children: SelectItem[];
    };

export type Operation =
  | { kind: 'simple'; op: string; value: string }
  | { kind: 'quant'; op: string; quant?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: 'NULL' | 'NOT NULL' | 'TRUE' | 'FALSE' | 'UNKNOWN' }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; fn: string; lang?: string; value: string };

export interface OpExpr {
  not: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree =
  { kind: 'stmt'; filter: Filter } | { kind: 'expr'; not: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const SIMPLE_OPS: [string, string][] = [
  ['neq', '<>'],
  ['cs', '@>'],
  ['cd', '<@'],
  ['ov', '&&'],
  ['sl', '<<'],
  ['sr', '>>'],
  ['nxr', '&<'],
  ['nxl', '&>'],
  ['adj', '-|-'],
];
const QUANT_OPS: [string, string][] = [
  ['eq', '='],
  ['gte', '>='],
  ['gt', '>'],
  ['lte', '<='],
  ['lt', '<'],
  ['like', 'like'],
  ['ilike', 'ilike'],
  ['match', '~'],
  ['imatch', '~*'],
];
export const SIMPLE_SQL = new Map(SIMPLE_OPS);
export const QUANT_SQL = new Map(QUANT_OPS);
const FTS_OPS: [string, string][] = [
  ['fts', 'to_tsquery'],
  ['plfts', 'plainto_tsquery'],
  ['phfts', 'phraseto_tsquery'],
  ['wfts', 'websearch_to_tsquery'],
];

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;
/** A type name in a cast (`::text`, `::double precision`): written into the SQL, so no `$`. */
const CAST_CHAR = /[\p{L}\p{N}_ ]/u;

/** A failed alternative while parsing: cheap to throw (no stack), turned into a PGRST100 at the top. */
class ParseFailure {
  constructor(
    public message: string,
    public details: string,
  ) {}
}

function parsing<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ParseFailure) throw apiError(400, 'PGRST100', error.message, error.details);
    throw error;
  }
}

class Cursor {
  i = 0;
  constructor(
    public s: string,
    public what: string,
  ) {}

  get done() {
    return this.i >= this.s.length;
  }
  peek(str: string) {
    return this.s.startsWith(str, this.i);
  }
  eat(str: string) {
    if (!this.peek(str)) return false;
    this.i += str.length;
    return true;
  }
  ws() {
    while (this.s[this.i] === ' ' || this.s[this.i] === '\t') this.i += 1;
  }
  fail(expecting: string): never {
    const unexpected = this.done ? 'end of input' : JSON.stringify(this.s[this.i]);
    throw new ParseFailure(
      `"${this.what}" (line 1, column ${this.i + 1})`,
      `unexpected ${unexpected} expecting ${expecting}`,
    );
  }
  expect(str: string, expecting = JSON.stringify(str)) {
    if (!this.eat(str)) this.fail(expecting);
  }
  /** Runs `fn`; on failure restores the position and returns undefined. */
  attempt<T>(fn: () => T): T | undefined {
    const start = this.i;
    try {
      return fn();
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error;
      this.i = start;
      return undefined;
    }
  }
}

function quotedValue(c: Cursor): string {
  c.expect('"');
  let out = '';
  while (!c.done && c.s[c.i] !== '"') {
    if (c.s[c.i] === '\\' && c.i + 1 < c.s.length) {
      out += c.s[c.i + 1];
      c.i += 2;
    } else {
      out += c.s[c.i];
      c.i += 1;
    }
  }
  c.expect('"');
  return out;
}

function sepByDash(c: Cursor, part: (c: Cursor) => string): string {
  const parts = [part(c)];
  while (c.peek('-') && !c.peek('->')) {
    c.i += 1;
    parts.push(part(c));
  }
  return parts.join('-');
}

function identifier(c: Cursor): string {
  const start = c.i;
  while (!c.done && IDENT_CHAR.test(c.s[c.i])) c.i += 1;
  if (c.i === start) c.fail('field name (* or [a..z0..9_$])');
  return c.s.slice(start, c.i).trim();
}

function fieldName(c: Cursor): string {
  if (c.peek('"')) return quotedValue(c);
  return sepByDash(c, identifier);
}

function jsonKeyPart(c: Cursor): string {
  const start = c.i;
  while (!c.done && !'(-:.,>)'.includes(c.s[c.i])) c.i += 1;
  if (c.i === start) c.fail('any non reserved character different from: .,>()');
  return c.s.slice(start, c.i).trim();
}

function jsonPath(c: Cursor): JsonOp[] {
  const path: JsonOp[] = [];
  for (;;) {
    let arrow: '->' | '->>';
    if (c.eat('->>')) arrow = '->>';
    else if (c.eat('->')) arrow = '->';
    else return path;
    const index = /^-?\d+/.exec(c.s.slice(c.i));
    if (index) {
      const after = c.i + index[0].length;
      const rest = c.s.slice(after);
      if (rest === '' || /^(->|::|\.|,)/.test(rest)) {
        c.i = after;
        path.push({ arrow, key: index[0], isIndex: true });
        continue;
      }
    }
    const key = c.peek('"') ? quotedValue(c) : sepByDash(c, jsonKeyPart);
    path.push({ arrow, key, isIndex: false });
  }
}

function field(c: Cursor): Field {
  c.ws();
  const name = fieldName(c);
  const path = jsonPath(c);
  c.ws();
  return { name, jsonPath: path };
}

function castIdentifier(c: Cursor): string {
  const start = c.i;
  while (!c.done && CAST_CHAR.test(c.s[c.i])) c.i += 1;
  if (c.i === start) c.fail('letter or digit');
  return c.s.slice(start, c.i).trim();
}

/** `alias:` before a name (a single colon, not `::`). */
function optionalAlias(c: Cursor): string | undefined {
  return c.attempt(() => {
    const alias = fieldName(c);
    if (!c.peek(':') || c.peek('::')) c.fail('":"');
    c.i += 1;
    return alias;
  });
}

function selectEnd(c: Cursor) {
  if (!(c.done || c.peek(')') || c.peek(','))) {
    c.fail('"->", "::", ".", ")", "," or end of input');
  }
}

function embedParams(c: Cursor): { hint?: string; joinType?: 'inner' | 'left' } {
  const out: { hint?: string; joinType?: 'inner' | 'left' } = {};
  for (let n = 0; n < 2 && c.peek('!'); n += 1) {
    c.i += 1;
    if (c.peek('inner') && /^inner(!|\(|$)/.test(c.s.slice(c.i))) {
      c.i += 5;
      out.joinType = 'inner';
    } else if (c.peek('left') && /^left(!|\(|$)/.test(c.s.slice(c.i))) {
      c.i += 4;
      out.joinType = 'left';
    } else {
      out.hint = fieldName(c);
    }
  }
  return out;
}

function selectItem(c: Cursor): SelectItem {
  c.ws();
  // spread: ...name(children)
  if (c.peek('...')) {
    c.i += 3;
    const name = fieldName(c);
    const params = embedParams(c);
    c.expect('(');
    const children = selectForest(c);
    c.expect(')');
    c.ws();
    return { kind: 'embed', name, spread: true, children, ...params };
  }
  const relation = c.attempt(() => {
    const alias = optionalAlias(c);
    const name = fieldName(c);
    if (name === 'count') c.fail('relation');
    const params = embedParams(c);
    if (!c.peek('(')) c.fail('"("');
    return { alias, name, params };
  });
  if (relation) {
    c.expect('(');
    const children = selectForest(c);
    c.expect(')');
    c.ws();
    return {
      kind: 'embed',
      name: relation.name,
      alias: relation.alias,
      spread: false,
      children,
      ...relation.params,
    };
  }
  if (c.peek('*')) {
    c.i += 1;
    c.ws();
    selectEnd(c);
    return { kind: 'star' };
  }
  const alias = optionalAlias(c);
  if (c.peek('count()')) {
    c.i += 7;
    const aggregateCast = c.eat('::') ? castIdentifier(c) : undefined;
    c.ws();
    selectEnd(c);
    return { kind: 'field', field: { name: '*', jsonPath: [] }, alias, aggregate: 'count', aggregateCast };
  }
  const f = field(c);
  let cast: string | undefined;
  if (c.eat('::')) cast = castIdentifier(c);
  let aggregate: string | undefined;
  let aggregateCast: string | undefined;
  const agg = /^\.(sum|avg|count|max|min)\(\)/.exec(c.s.slice(c.i));
  if (agg) {
    c.i += agg[0].length;
    aggregate = agg[1];
    if (c.eat('::')) aggregateCast = castIdentifier(c);
  }
  c.ws();
  selectEnd(c);
  return { kind: 'field', field: f, alias, cast, aggregate, aggregateCast };
}

function selectForest(c: Cursor): SelectItem[] {
  const items: SelectItem[] = [];
  c.ws();
  if (c.done || c.peek(')')) return items;
  items.push(selectItem(c));
  for (;;) {
    c.ws();
    if (!c.eat(',')) break;
    items.push(selectItem(c));
  }
  return items;
}

function parseSelectUnchecked(value: string): SelectItem[] {
  const c = new Cursor(value, `failed to parse select parameter (${value})`);
  const items = selectForest(c);
  if (!c.done) c.fail('"," or end of input');
  return items;
}

function listValue(c: Cursor): string[] {
  c.ws();
  c.expect('(');
  c.ws();
  const values: string[] = [];
  for (;;) {
    const quoted = c.attempt(() => {
      const v = quotedValue(c);
      if (!c.done && !',)'.includes(c.s[c.i])) c.fail('"," or ")"');
      return v;
    });
    if (quoted !== undefined) values.push(quoted);
    else {
      const start = c.i;
      while (!c.done && !',)'.includes(c.s[c.i])) c.i += 1;
      values.push(c.s.slice(start, c.i));
    }
    if (!c.eat(',')) break;
  }
  c.ws();
  c.expect(')');
  c.ws();
  return values;
}

function opExpr(c: Cursor, singleValue: (c: Cursor) => string): OpExpr {
  const not = c.attempt(() => {
    c.expect('not');
    c.expect('.', 'delimiter (.)');
    return true;
  });
  const operation = operationOf(c, singleValue);
  return { not: not === true, operation };
}

function operationOf(c: Cursor, singleValue: (c: Cursor) => string): Operation {
  if (c.peek('in.')) {
    c.i += 3;
    return { kind: 'in', values: listValue(c) };
  }
  if (c.peek('is.')) {
    c.i += 3;
    const rest = c.s.slice(c.i);
    for (const [word, value] of [
      ['null', 'NULL'],
      ['not_null', 'NOT NULL'],
      ['true', 'TRUE'],
      ['false', 'FALSE'],
      ['unknown', 'UNKNOWN'],
    ] as const) {
      if (rest.toLowerCase().startsWith(word)) {
        c.i += word.length;
        return { kind: 'is', value };
      }
    }
    c.fail('isVal: (null, not_null, true, false, unknown)');
  }
  if (c.peek('isdistinct.')) {
    c.i += 11;
    return { kind: 'isdistinct', value: singleValue(c) };
  }
  for (const [name, fn] of FTS_OPS) {
    if (c.peek(name + '.') || c.peek(name + '(')) {
      c.i += name.length;
      let lang: string | undefined;
      if (c.eat('(')) {
        lang = castIdentifier(c);
        c.expect(')');
      }
      c.expect('.', 'delimiter (.)');
      return { kind: 'fts', fn, lang, value: singleValue(c) };
    }
  }
  for (const [name] of SIMPLE_OPS) {
    if (c.peek(name + '.')) {
      c.i += name.length + 1;
      return { kind: 'simple', op: name, value: singleValue(c) };
    }
  }
  for (const [name] of QUANT_OPS) {
    if (c.peek(name + '.') || c.peek(name + '(any).') || c.peek(name + '(all).')) {
      c.i += name.length;
      let quant: 'any' | 'all' | undefined;
      if (c.eat('(any)')) quant = 'any';
      else if (c.eat('(all)')) quant = 'all';
      c.i += 1;
      return { kind: 'quant', op: name, quant, value: singleValue(c) };
    }
  }
  c.fail('operator (eq, gt, ...)');
}

const restOfInput = (c: Cursor) => {
  const v = c.s.slice(c.i);
  c.i = c.s.length;
  return v;
};

/** `col=op.value`: the value part. Returns undefined for an rpc argument without an operator. */
function parseFilterValueUnchecked(value: string, allowPlain: boolean): OpExpr | undefined {
  const c = new Cursor(value, `failed to parse filter (${value})`);
  if (allowPlain) return c.attempt(() => opExpr(c, restOfInput));
  return opExpr(c, restOfInput);
}

/** A filter's key: `embed.path.column->json`. */
function parseTreePathUnchecked(key: string): { path: string[]; field: Field } {
  const c = new Cursor(key, `failed to parse tree path (${key})`);
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  const path = jsonPath(c);
  const name = names.pop() as string;
  return { path: names, field: { name, jsonPath: path } };
}

/** An embed path for `order`, `limit`, `offset`: `a.b.order` → [a, b]. */
function parseEmbedPathUnchecked(key: string): string[] {
  const c = new Cursor(key, `failed to parse tree path (${key})`);
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  if (!c.done) c.fail('delimiter (.) or end of input');
  names.pop();
  return names;
}

function logicSingleValue(c: Cursor): string {
  const quoted = c.attempt(() => {
    const v = quotedValue(c);
    if (!c.done && !',)'.includes(c.s[c.i])) c.fail('"," or ")"');
    return v;
  });
  if (quoted !== undefined) return quoted;
  if (c.peek('{')) {
    const end = c.s.indexOf('}', c.i);
    const inner = end < 0 ? '' : c.s.slice(c.i + 1, end);
    if (end >= 0 && !/[{}]/.test(inner)) {
      const v = c.s.slice(c.i, end + 1);
      c.i = end + 1;
      return v;
    }
  }
  const start = c.i;
  while (!c.done && !',)'.includes(c.s[c.i])) c.i += 1;
  return c.s.slice(start, c.i);
}

function logicTree(c: Cursor): LogicTree {
  const stmt = c.attempt(() => {
    const f = field(c);
    c.expect('.', 'delimiter (.)');
    return { field: f, expr: opExpr(c, logicSingleValue) };
  });
  if (stmt) return { kind: 'stmt', filter: stmt };
  let not = false;
  if (c.peek('not.')) {
    c.i += 4;
    not = true;
  }
  let op: 'and' | 'or';
  if (c.eat('and')) op = 'and';
  else if (c.eat('or')) op = 'or';
  else c.fail('logic operator (and, or)');
  c.ws();
  c.expect('(');
  c.ws();
  const children = [logicTree(c)];
  for (;;) {
    c.ws();
    if (!c.eat(',')) break;
    c.ws();
    children.push(logicTree(c));
  }
  c.ws();
  c.expect(')');
  c.ws();
  return { kind: 'expr', not, op, children };
}

/** `or=(…)`, `not.and=(…)`, `embed.or=(…)`. */
function parseLogicUnchecked(key: string, value: string): { path: string[]; tree: LogicTree } {
  const kc = new Cursor(key, `failed to parse logic path (${key})`);
  const names = [fieldName(kc)];
  while (kc.eat('.')) names.push(fieldName(kc));
  const op = names[names.length - 1];
  const negated = names.includes('not');
  const path = names.slice(0, -1).filter((n) => n !== 'not');
  const text = (negated ? 'not.' : '') + op + value;
  const c = new Cursor(text, `failed to parse logic tree (${value})`);
  const tree = logicTree(c);
  if (!c.done) c.fail('end of input');
  return { path, tree };
}

function parseOrderUnchecked(value: string): OrderTerm[] {
  const c = new Cursor(value, `failed to parse order (${value})`);
  const terms: OrderTerm[] = [];
  const term = (): OrderTerm => {
    c.ws();
    const related = c.attempt(() => {
      const relation = fieldName(c);
      c.expect('(');
      const f = field(c);
      c.expect(')');
      return { relation, field: f };
    });
    const t: OrderTerm = related ?? { field: field(c) };
    if (c.peek('.asc') && /^\.asc(\.|,|$)/.test(c.s.slice(c.i))) {
      c.i += 4;
      t.direction = 'asc';
    } else if (c.peek('.desc') && /^\.desc(\.|,|$)/.test(c.s.slice(c.i))) {
      c.i += 5;
      t.direction = 'desc';
    }
    if (c.eat('.nullsfirst')) t.nulls = 'first';
    else if (c.eat('.nullslast')) t.nulls = 'last';
    c.ws();
    if (!(c.done || c.peek(','))) {
      if (c.peek('.')) {
        c.i += 1;
        c.fail('"asc", "desc", "nullsfirst" or "nullslast"');
      }
      c.fail('delimiter (.), "," or end of input');
    }
    return t;
  };
  terms.push(term());
  while (c.eat(',')) terms.push(term());
  return terms;
}

/** `columns=` and `on_conflict=`: names separated by commas. */
function parseColumnsUnchecked(value: string, what: 'columns' | 'on_conflict'): string[] {
  const c = new Cursor(value, `failed to parse ${what} parameter (${value})`);
  const names: string[] = [];
  c.ws();
  names.push(fieldName(c));
  for (;;) {
    c.ws();
    if (!c.eat(',')) break;
    c.ws();
    names.push(fieldName(c));
  }
  if (!c.done) c.fail('"," or end of input');
  return names;
}

/**
 * Refuses a value whose parentheses nest deeper than MAX_NESTING, in one pass and before any
 * recursive parsing (quoted strings are skipped: their parentheses are data).
 */
function checkNesting(value: string, parameter: string) {
  let depth = 0;
  let deepest = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i += 1) {
    const ch = value[i];
    if (quoted) {
      if (ch === '\\') i += 1;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(') deepest = Math.max(deepest, ++depth);
    else if (ch === ')') depth -= 1;
  }
  if (deepest > MAX_NESTING) {
    throw apiError(
      400,
      'PGRST100',
      `"${parameter}" nests ${deepest} levels deep`,
      `At most ${MAX_NESTING} levels of nested parentheses are allowed.`,
    );
  }
}

// Entry points: a failed parse becomes a 400 PGRST100.
export function parseSelect(value: string): SelectItem[] {
  checkNesting(value, 'select');
  return parsing(() => parseSelectUnchecked(value));
}

export function parseFilterValue(value: string, allowPlain: boolean): OpExpr | undefined {
  return parsing(() => parseFilterValueUnchecked(value, allowPlain));
}

export function parseTreePath(key: string): { path: string[]; field: Field } {
  return parsing(() => parseTreePathUnchecked(key));
}

export function parseEmbedPath(key: string): string[] {
  return parsing(() => parseEmbedPathUnchecked(key));
}

export function parseLogic(key: string, value: string): { path: string[]; tree: LogicTree } {
  checkNesting(value, key);
  return parsing(() => parseLogicUnchecked(key, value));
}

export function parseOrder(value: string): OrderTerm[] {
  checkNesting(value, 'order');
  return parsing(() => parseOrderUnchecked(value));
}

export function parseColumns(value: string, what: 'columns' | 'on_conflict'): string[] {
  return parsing(() => parseColumnsUnchecked(value, what));
}
