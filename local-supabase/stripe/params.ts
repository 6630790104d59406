import { invalidRequest, missingParam, unknownParam } from './errors.ts';
import type { FormValue, Params } from './form.ts';
import type { ListObject, Metadata } from './types.ts';

/** Reading Stripe's form parameters the way Stripe does: strict types, unknown names refused. */

const COMMON = ['expand'];

export function allowOnly(params: Params, allowed: string[]) {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key) && !COMMON.includes(key)) throw unknownParam(key);
  }
}

export function optionalString(params: Params, name: string, label = name): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${label}`, label, 'parameter_invalid_string');
  return value;
}

export function requiredString(params: Params, name: string, label = name): string {
  const value = optionalString(params, name, label);
  if (value === undefined || value === '') throw missingParam(label);
  return value;
}

export function optionalInteger(params: Params, name: string, label = name): number | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw invalidRequest(
      `Invalid integer: ${typeof value === 'string' ? value : label}`,
      label,
      'parameter_invalid_integer',
    );
  }
  return Number(value);
}

export function optionalBoolean(params: Params, name: string, label = name): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidRequest(`Invalid boolean: ${typeof value === 'string' ? value : label}`, label);
}

export function optionalEnum<T extends string>(
  params: Params,
  name: string,
  values: readonly T[],
  label = name,
): T | undefined {
  const value = optionalString(params, name, label);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) {
    throw invalidRequest(
      `Invalid ${label}: must be one of ${values.join(', ')}`,
      label,
      'parameter_invalid_value' as string,
    );
  }
  return value as T;
}

export function optionalObject(params: Params, name: string, label = name): Params | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string' || Array.isArray(value)) {
    throw invalidRequest(`Invalid object`, label, 'parameter_invalid_object' as string);
  }
  return value;
}

export function optionalArray(params: Params, name: string, label = name): FormValue[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw invalidRequest(`Invalid array`, label, 'parameter_invalid_array' as string);
  return value;
}

/** `metadata[key]=value`; an empty value deletes the key; `metadata=` clears it all. */
export function mergeMetadata(current: Metadata, params: Params, name = 'metadata'): Metadata {
  const value = params[name];
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest('Invalid object', name);
  const next = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalidRequest('Invalid metadata value', `${name}[${key}]`);
    if (entry === '') delete next[key];
    else next[key] = entry.slice(0, 500);
  }
  return next;
}

/** A list page: newest first, `limit` 1..100 (default 10), cursors `starting_after`/`ending_before`. */
export function paginate<T extends { id: string }>(
  params: Params,
  newestFirst: T[],
  url: string,
): ListObject<T> {
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest('This value must be greater than or equal to 1 and at most 100.', 'limit');
  }
  const after = optionalString(params, 'starting_after');
  const before = optionalString(params, 'ending_before');
  let items = newestFirst;
  if (after) {
    const index = items.findIndex((item) => item.id === after);
    if (index < 0) throw invalidRequest(`No such object: '${after}'`, 'starting_after', 'resource_missing');
    items = items.slice(index + 1);
    return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
  }
  if (before) {
    const index = items.findIndex((item) => item.id === before);
    if (index < 0) throw invalidRequest(`No such object: '${before}'`, 'ending_before', 'resource_missing');
    items = items.slice(0, index);
    return { object: 'list', data: items.slice(-limit), has_more: items.length > limit, url };
  }
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
}

export function newestFirst<T>(map: Record<string, T>): T[] {
  return Object.values(map).reverse();
}
