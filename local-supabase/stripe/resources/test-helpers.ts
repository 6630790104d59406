import { applyExpand, expandPaths } from '../expand.ts';
import { allowOnly, optionalEnum } from '../params.ts';
import type { ApiContext, ApiRequest } from '../api.ts';
import { find } from './subscriptions.ts';

/**
 * POST /v1/test_helpers/subscriptions/:id/advance_period (the stand-in's own test hook, in the
 * spirit of Stripe's test clocks): the subscription reaches the end of its current period now.
 * `outcome=succeed|fail` forces the renewal charge's result; without it the saved card decides.
 * Answers the subscription, with `latest_invoice` the renewal invoice (expandable).
 */
export function advancePeriod({ params, ids, meta }: ApiRequest, context: ApiContext) {
  allowOnly(params, ['outcome']);
  const outcome = optionalEnum(params, 'outcome', ['succeed', 'fail'] as const);
  const subscription = find(context, ids[0]);
  context.billing.advancePeriod(subscription, outcome, meta);
  return applyExpand(subscription, expandPaths(params), context.store);
}
