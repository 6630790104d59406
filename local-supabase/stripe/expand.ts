import type { Params } from './form.ts';
import { invalidRequest } from './errors.ts';
import type { Store } from './store.ts';

/**
 * Stripe's `expand[]`: each dotted path names an id field to replace by its object (`customer`,
 * `data.product` in a list, `subscription.latest_invoice` nested up to four levels). Some fields
 * are only there when expanded (a Checkout Session's `line_items`): `virtual` supplies those.
 */
export type VirtualExpansion = (object: Record<string, unknown>, field: string) => unknown;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function expandPaths(params: Params): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) => {
    if (typeof entry !== 'string') throw invalidRequest('Invalid array', 'expand');
    if (entry.split('.').length > 4) {
      throw invalidRequest(`You cannot expand more than 4 levels of a property: ${entry}`, 'expand');
    }
    return entry;
  });
}

export function applyExpand<T>(result: T, paths: string[], store: Store, virtual?: VirtualExpansion): T {
  if (paths.length === 0) return result;
  const out = clone(result);
  for (const path of paths) walk(out, path.split('.'), path, store, virtual);
  return out;
}

function walk(
  target: unknown,
  parts: string[],
  fullPath: string,
  store: Store,
  virtual: VirtualExpansion | undefined,
) {
  if (typeof target !== 'object' || target === null) return;
  const object = target as Record<string, unknown>;
  const [key, ...rest] = parts;
  if (key === 'data' && Array.isArray(object.data)) {
    for (const item of object.data) walk(item, rest, fullPath, store, virtual);
    return;
  }
  let value = object[key];
  if (value === undefined && virtual) {
    value = virtual(object, key);
    if (value !== undefined) object[key] = value;
  }
  if (typeof value === 'string') {
    const found = store.findById(value);
    if (!found) return;
    object[key] = clone(found);
    value = object[key];
  } else if (value === undefined) {
    throw invalidRequest(`This property cannot be expanded (${key}).`, 'expand');
  }
  if (rest.length > 0) walk(value, rest, fullPath, store, virtual);
}
