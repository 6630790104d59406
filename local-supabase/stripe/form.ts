/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys for nesting,
 * `a[b][c]=1` for objects and `items[0][price]=…` (or `expand[]=…`) for arrays, the same in a
 * GET query string. An empty value (`pause_collection=`) means "unset" to Stripe.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Params = Record<string, FormValue>;

function splitKey(key: string): string[] {
  const first = /^[^[]*/.exec(key)![0];
  const parts = [first];
  const rest = key.slice(first.length);
  for (const match of rest.matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]);
  return parts;
}

function assign(target: Record<string, FormValue> | FormValue[], parts: string[], value: string) {
  const [head, ...tail] = parts;
  const container = target as Record<string, FormValue>;
  const key = head === '' && Array.isArray(target) ? String(target.length) : head;
  if (tail.length === 0) {
    container[key] = value;
    return;
  }
  const nextIsArray = tail[0] === '' || /^\d+$/.test(tail[0]);
  let child = container[key];
  if (child === undefined || typeof child === 'string') {
    child = nextIsArray ? [] : {};
    container[key] = child;
  }
  assign(child, tail, value);
}

/** Sparse arrays (`items[1]` without `items[0]`) are compacted, as Stripe reads them in order. */
function compact(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}

export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = splitKey(rawKey);
    if (parts[0] === '') continue;
    assign(root, parts, value);
  }
  return compact(root) as Params;
}
