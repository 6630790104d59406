import type { Store } from './store.ts';
import { newId, now } from './store.ts';

/**
 * The three plans of the spec, created when the stand-in starts (once: the store keeps them),
 * found by their lookup keys as the billing function finds them on Stripe.
 */
export const PLANS = [
  { lookupKey: 'steady_growth_monthly', name: 'Steady Growth', amount: 35000, sessionsPerWeek: 1 },
  { lookupKey: 'focused_progress_monthly', name: 'Focused Progress', amount: 65000, sessionsPerWeek: 2 },
  { lookupKey: 'intensive_momentum_monthly', name: 'Intensive Momentum', amount: 90000, sessionsPerWeek: 3 },
] as const;

export function seedPlans(store: Store) {
  for (const plan of PLANS) {
    if (Object.values(store.data.prices).some((price) => price.lookup_key === plan.lookupKey)) continue;
    const created = now();
    const productId = newId('prod', 14);
    const priceId = newId('price_1');
    store.data.products[productId] = {
      id: productId,
      object: 'product',
      active: true,
      created,
      updated: created,
      default_price: priceId,
      description: `1:1 coaching, ${plan.sessionsPerWeek} session${plan.sessionsPerWeek > 1 ? 's' : ''} a week`,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: { sessions_per_week: String(plan.sessionsPerWeek) },
      name: plan.name,
      tax_code: null,
      type: 'service',
      url: null,
    };
    store.data.prices[priceId] = {
      id: priceId,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created,
      currency: 'usd',
      custom_unit_amount: null,
      livemode: false,
      lookup_key: plan.lookupKey,
      metadata: { sessions_per_week: String(plan.sessionsPerWeek) },
      nickname: `${plan.name} (monthly)`,
      product: productId,
      recurring: { interval: 'month', interval_count: 1, meter: null, usage_type: 'licensed' },
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'recurring',
      unit_amount: plan.amount,
      unit_amount_decimal: String(plan.amount),
    };
  }
  store.save();
}
