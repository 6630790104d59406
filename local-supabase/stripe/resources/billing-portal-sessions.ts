import { applyExpand, expandPaths } from '../expand.ts';
import { allowOnly, optionalString } from '../params.ts';
import { missingParam } from '../errors.ts';
import type { ApiContext, ApiRequest } from '../api.ts';
import { newId, now } from '../store.ts';
import type { BillingPortalSession } from '../types.ts';
import { find as findCustomer } from './customers.ts';

/**
 * POST /v1/billing_portal/sessions: a short-lived link to the stand-in's customer portal, where a
 * person replaces the card (and any unpaid invoice is charged again on the new one).
 */
export function create({ params }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['customer', 'return_url', 'configuration', 'locale', 'flow_data']);
  const customerId = optionalString(params, 'customer');
  if (!customerId) throw missingParam('customer');
  const customer = findCustomer(context, customerId, 'customer');
  const id = newId('bps_1');
  const session: BillingPortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_local_default',
    created: now(),
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: optionalString(params, 'locale') ?? null,
    on_behalf_of: null,
    return_url: optionalString(params, 'return_url') ?? null,
    url: `${context.publicUrl}/p/session/${id}`,
  };
  context.store.data.portalSessions[id] = session;
  context.store.save();
  return applyExpand(session, expandPaths(params), context.store);
}
