import type { Subscription } from '../api/get-billing';

/** An active Steady Growth subscription, as our tables hold it, with the overrides given. */
export const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: 'sub_1',
  plan: 'steady-growth',
  status: 'active',
  pauseBehavior: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-23T12:00:00.000Z',
  endedAt: null,
  ...overrides,
});
