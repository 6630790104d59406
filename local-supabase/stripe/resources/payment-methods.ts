import { invalidRequest, resourceMissing } from '../errors.ts';
import { applyExpand, expandPaths } from '../expand.ts';
import { allowOnly, newestFirst, optionalString, paginate } from '../params.ts';
import type { ApiContext, ApiRequest } from '../api.ts';
import { find as findCustomer } from './customers.ts';

export function retrieve({ params, ids }: ApiRequest, context: ApiContext) {
  const method = context.store.data.paymentMethods[ids[0]];
  if (!method) throw resourceMissing('PaymentMethod', ids[0]);
  return applyExpand(method, expandPaths(params), context.store);
}

export function list({ params, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['customer', 'type', 'limit', 'starting_after', 'ending_before']);
  const customer = optionalString(params, 'customer');
  if (!customer) throw invalidRequest('Missing required param: customer.', 'customer', 'parameter_missing');
  return listFor(
    customer,
    params.type === undefined ? undefined : optionalString(params, 'type'),
    params,
    path,
    context,
  );
}

export function listForCustomer({ params, ids, path }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['type', 'limit', 'starting_after', 'ending_before']);
  return listFor(ids[0], optionalString(params, 'type'), params, path, context);
}

function listFor(
  customerId: string,
  type: string | undefined,
  params: ApiRequest['params'],
  path: string,
  context: ApiContext,
) {
  findCustomer(context, customerId, 'customer');
  const items = newestFirst(context.store.data.paymentMethods).filter(
    (method) => method.customer === customerId && (type === undefined || method.type === type),
  );
  return applyExpand(paginate(params, items, path), expandPaths(params), context.store);
}
