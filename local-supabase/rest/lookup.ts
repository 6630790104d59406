import { apiError, cacheMissError } from './errors.ts';
import type { Routine, SchemaCache, Table } from './schema-cache.ts';

/**
 * Finding what a request names in the schema cache: a table or view, a function by its name and
 * argument names. A miss answers as PostgREST does, with the closest name as a hint.
 */

export function lookupTable(cache: SchemaCache, schema: string, name: string): Table {
  const table = cache.tables.get(`${schema}.${name}`);
  if (table) return table;
  const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
  const suggestion = closest(name, names);
  throw cacheMissError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
  );
}

/** PostgREST's function lookup by name and argument names (findProc). */
export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  argKeys: string[],
  isPost: boolean,
): Routine {
  const candidates = cache.routines.get(`${schema}.${name}`) ?? [];
  const keys = new Set(argKeys);
  const matches: Routine[] = [];
  const fallbacks: Routine[] = [];
  for (const r of candidates) {
    const required = r.params.filter((p) => p.required).map((p) => p.name);
    const optional = new Set(r.params.filter((p) => !p.required).map((p) => p.name));
    let ok: boolean;
    if (r.params.length === 0) ok = keys.size === 0;
    else {
      const rest = [...keys].filter((k) => !optional.has(k));
      ok = rest.length === required.length && required.every((k) => keys.has(k));
    }
    if (ok) matches.push(r);
    else if (
      isPost &&
      r.params.length === 1 &&
      r.params[0].name === '' &&
      (r.params[0].type === 'json' || r.params[0].type === 'jsonb')
    ) {
      fallbacks.push(r);
    }
  }
  if (matches.length === 1) return matches[0];
  if (matches.length === 0 && fallbacks.length === 1) return fallbacks[0];
  if (matches.length > 1 || fallbacks.length > 1) {
    // Fewer parameters first, then by their types (the local stand-in for PostgREST's order).
    const signature = (r: Routine) => r.params.map((p) => p.type).join(',');
    const list = [...(matches.length ? matches : fallbacks)]
      .sort((a, b) => a.params.length - b.params.length || signature(a).localeCompare(signature(b)))
      .map((r) => `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`)
      .join(', ');
    throw apiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${list}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const sorted = [...argKeys].sort();
  const func = `${schema}.${name}`;
  const withParams = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`;
  const detailParams =
    sorted.length === 0
      ? ' without parameters'
      : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  let hint: string | null = null;
  if (candidates.length) {
    // The overload whose parameter names are closest to those given, if one is close at all.
    const listText = (names: string[]) => `(${[...names].sort().join(', ')})`;
    const best = closest(
      listText(argKeys),
      candidates.map((r) => listText(r.params.map((p) => p.name))),
    );
    if (best) hint = `Perhaps you meant to call the function ${func}${best}`;
  } else {
    const names = [...cache.routines.keys()]
      .filter((k) => k.startsWith(`${schema}.`))
      .map((k) => k.slice(schema.length + 1));
    const suggestion = closest(name, names);
    if (suggestion) hint = `Perhaps you meant to call the function ${schema}.${suggestion}`;
  }
  throw cacheMissError(
    404,
    'PGRST202',
    `Could not find the function ${func}${withParams} in the schema cache`,
    `Searched for the function ${func}${detailParams}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    hint,
  );
}

/** The closest name by edit distance, if it is reasonably close (PostgREST's fuzzy hint). */
function closest(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  if (best === undefined) return undefined;
  return bestScore <= Math.max(2, Math.floor(Math.max(name.length, best.length) / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
