import { invalidRequest, resourceMissing } from '../errors.ts';
import { applyExpand, expandPaths } from '../expand.ts';
import {
  allowOnly,
  mergeMetadata,
  newestFirst,
  optionalArray,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalObject,
  optionalString,
  paginate,
  requiredString,
} from '../params.ts';
import type { ApiContext, ApiRequest } from '../api.ts';
import { newId, now } from '../store.ts';
import type { Price } from '../types.ts';
import { find as findProduct } from './products.ts';

export function find(context: ApiContext, id: string, param = 'id'): Price {
  const price = context.store.data.prices[id];
  if (!price) throw resourceMissing('price', id, param);
  return price;
}

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

export function create({ params }: ApiRequest, context: ApiContext) {
  allowOnly(params, [
    'currency',
    'unit_amount',
    'product',
    'recurring',
    'lookup_key',
    'nickname',
    'metadata',
    'active',
    'transfer_lookup_key',
  ]);
  const currency = requiredString(params, 'currency').toLowerCase();
  const unitAmount = optionalInteger(params, 'unit_amount');
  if (unitAmount === undefined)
    throw invalidRequest('Missing required param: unit_amount.', 'unit_amount', 'parameter_missing');
  const product = findProduct(context, requiredString(params, 'product'));
  const recurringParams = optionalObject(params, 'recurring');
  const lookupKey = optionalString(params, 'lookup_key') ?? null;
  const existing = lookupKey
    ? Object.values(context.store.data.prices).find((price) => price.lookup_key === lookupKey)
    : undefined;
  if (existing) {
    if (optionalBoolean(params, 'transfer_lookup_key') !== true) {
      throw invalidRequest(
        `A price (\`${existing.id}\`) already uses that lookup key.`,
        'lookup_key',
        'lookup_key_already_exists' as string,
      );
    }
    existing.lookup_key = null;
  }
  const id = newId('price_1');
  const price: Price = {
    id,
    object: 'price',
    active: optionalBoolean(params, 'active') ?? true,
    billing_scheme: 'per_unit',
    created: now(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey,
    metadata: mergeMetadata({}, params),
    nickname: optionalString(params, 'nickname') ?? null,
    product: product.id,
    recurring: recurringParams
      ? {
          interval: optionalEnum(recurringParams, 'interval', INTERVALS, 'recurring[interval]') ?? 'month',
          interval_count:
            optionalInteger(recurringParams, 'interval_count', 'recurring[interval_count]') ?? 1,
          meter: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurringParams ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
  context.store.data.prices[id] = price;
  if (!product.default_price) product.default_price = id;
  context.store.save();
  return applyExpand(price, expandPaths(params), context.store);
}

export function retrieve({ params, ids }: ApiRequest, context: ApiContext) {
  return applyExpand(find(context, ids[0]), expandPaths(params), context.store);
}

export function update({ params, ids }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['active', 'nickname', 'metadata', 'lookup_key']);
  const price = find(context, ids[0]);
  price.active = optionalBoolean(params, 'active') ?? price.active;
  price.nickname = optionalString(params, 'nickname') ?? price.nickname;
  price.lookup_key = optionalString(params, 'lookup_key') ?? price.lookup_key;
  price.metadata = mergeMetadata(price.metadata, params);
  context.store.save();
  return applyExpand(price, expandPaths(params), context.store);
}

export function list({ params, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, [
    'active',
    'currency',
    'lookup_keys',
    'product',
    'type',
    'recurring',
    'limit',
    'starting_after',
    'ending_before',
  ]);
  const active = optionalBoolean(params, 'active');
  const product = optionalString(params, 'product');
  const type = optionalString(params, 'type');
  const currency = optionalString(params, 'currency');
  const lookupKeys = optionalArray(params, 'lookup_keys')?.map(String);
  const items = newestFirst(context.store.data.prices).filter(
    (price) =>
      (active === undefined || price.active === active) &&
      (product === undefined || price.product === product) &&
      (type === undefined || price.type === type) &&
      (currency === undefined || price.currency === currency) &&
      (lookupKeys === undefined || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))),
  );
  return applyExpand(paginate(params, items, path), expandPaths(params), context.store);
}
