import { resourceMissing } from '../errors.ts';
import { applyExpand, expandPaths } from '../expand.ts';
import { allowOnly, newestFirst, optionalArray, optionalString, paginate } from '../params.ts';
import type { ApiContext, ApiRequest } from '../api.ts';

export function retrieve({ params, ids }: ApiRequest, context: ApiContext) {
  const event = context.store.data.events[ids[0]];
  if (!event) throw resourceMissing('event', ids[0]);
  return applyExpand(event, expandPaths(params), context.store);
}

/** GET /v1/events: newest first; `type` may end in `.*` (e.g. `customer.subscription.*`). */
export function list({ params, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, [
    'type',
    'types',
    'limit',
    'starting_after',
    'ending_before',
    'created',
    'delivery_success',
  ]);
  const type = optionalString(params, 'type');
  const types = optionalArray(params, 'types')?.map(String);
  const matches = (value: string, pattern: string) =>
    pattern.endsWith('.*') ? value.startsWith(pattern.slice(0, -1)) : value === pattern;
  const items = newestFirst(context.store.data.events).filter(
    (event) =>
      (type === undefined || matches(event.type, type)) &&
      (types === undefined || types.some((pattern) => matches(event.type, pattern))),
  );
  return applyExpand(paginate(params, items, path), expandPaths(params), context.store);
}
