import { describe, expect, it } from 'vitest';
import type { Billing, Subscription } from '../api/get-billing';
import { subscription } from './factories';
import { checkoutReturn, requestOf } from '../lib/billing-changes';

const billing = (sub: Subscription | null): Billing =>
  ({ subscription: sub, invoices: [], recommendedPlan: null }) as unknown as Billing;

describe('a return from Stripe Checkout', () => {
  it('waits for the new plan after a payment, then says it is active', () => {
    const { waiting, announcement } = checkoutReturn('success');
    expect(announcement).toBeNull();
    expect(waiting!.done(billing(null))).toBe(false);
    expect(waiting!.done(billing(subscription()))).toBe(true);
    expect(waiting!.message).toBe('Thank you: your plan is active.');
  });

  it('says nothing was charged after a cancelled checkout, and waits for nothing', () => {
    expect(checkoutReturn('cancelled')).toEqual({
      waiting: null,
      announcement: 'Checkout was cancelled: nothing was charged.',
    });
    expect(checkoutReturn(null)).toEqual({ waiting: null, announcement: null });
  });
});

describe('a confirmed change', () => {
  it('asks for the new plan and waits until the same subscription has it', () => {
    const request = requestOf('change_plan', 'sub_1', 'focused-progress')!;
    expect(request.body).toEqual({ action: 'change_plan', plan: 'focused-progress' });
    expect(request.wait.done(billing(subscription()))).toBe(false);
    expect(request.wait.done(billing(subscription({ id: 'sub_2', plan: 'focused-progress' })))).toBe(false);
    expect(request.wait.done(billing(subscription({ plan: 'focused-progress' })))).toBe(true);
    expect(request.wait.message).toBe('Your plan is now Focused Progress.');
  });

  it('sends nothing for a plan change with no plan chosen', () => {
    expect(requestOf('change_plan', 'sub_1', '')).toBeNull();
  });

  it('waits for a pause, a resume, a cancellation and a kept plan to show', () => {
    const paused = subscription({ pauseBehavior: 'void' });
    const cancelling = subscription({ cancelAtPeriodEnd: true });
    expect(requestOf('pause', 'sub_1', '')!.wait.done(billing(paused))).toBe(true);
    expect(requestOf('resume', 'sub_1', '')!.wait.done(billing(paused))).toBe(false);
    expect(requestOf('cancel', 'sub_1', '')!.wait.done(billing(cancelling))).toBe(true);
    expect(requestOf('keep', 'sub_1', '')!.wait.done(billing(cancelling))).toBe(false);
    expect(requestOf('keep', 'sub_1', '')!.body).toEqual({ action: 'keep' });
  });
});
