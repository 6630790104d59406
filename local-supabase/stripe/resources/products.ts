import { resourceMissing } from '../errors.ts';
import { applyExpand, expandPaths } from '../expand.ts';
import {
  allowOnly,
  mergeMetadata,
  newestFirst,
  optionalBoolean,
  optionalString,
  paginate,
  requiredString,
} from '../params.ts';
import type { ApiContext, ApiRequest } from '../api.ts';
import { newId, now } from '../store.ts';
import type { Product } from '../types.ts';

export function find(context: ApiContext, id: string): Product {
  const product = context.store.data.products[id];
  if (!product) throw resourceMissing('product', id);
  return product;
}

export function create({ params }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['name', 'description', 'active', 'metadata', 'id', 'url']);
  const id = optionalString(params, 'id') ?? newId('prod_', 14);
  const created = now();
  const product: Product = {
    id,
    object: 'product',
    active: optionalBoolean(params, 'active') ?? true,
    created,
    updated: created,
    default_price: null,
    description: optionalString(params, 'description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: mergeMetadata({}, params),
    name: requiredString(params, 'name'),
    tax_code: null,
    type: 'service',
    url: optionalString(params, 'url') ?? null,
  };
  context.store.data.products[id] = product;
  context.store.save();
  return applyExpand(product, expandPaths(params), context.store);
}

export function retrieve({ params, ids }: ApiRequest, context: ApiContext) {
  return applyExpand(find(context, ids[0]), expandPaths(params), context.store);
}

export function update({ params, ids }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['name', 'description', 'active', 'metadata', 'default_price']);
  const product = find(context, ids[0]);
  product.name = optionalString(params, 'name') ?? product.name;
  product.description = optionalString(params, 'description') ?? product.description;
  product.active = optionalBoolean(params, 'active') ?? product.active;
  product.default_price = optionalString(params, 'default_price') ?? product.default_price;
  product.metadata = mergeMetadata(product.metadata, params);
  product.updated = now();
  context.store.save();
  return applyExpand(product, expandPaths(params), context.store);
}

export function list({ params, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['active', 'limit', 'starting_after', 'ending_before', 'ids']);
  const active = optionalBoolean(params, 'active');
  const items = newestFirst(context.store.data.products).filter(
    (product) => active === undefined || product.active === active,
  );
  return applyExpand(paginate(params, items, path), expandPaths(params), context.store);
}
