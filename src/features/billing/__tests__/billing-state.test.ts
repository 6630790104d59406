import { describe, expect, it } from 'vitest';
import type { Invoice } from '../api/get-billing';
import { subscription } from './factories';
import { billingState } from '../lib/billing-state';

const invoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 'in_1',
  number: 'A-0001',
  status: 'paid',
  currency: 'usd',
  amountDue: 35000,
  amountPaid: 35000,
  invoicePdf: 'http://127.0.0.1:54329/invoices/in_1.pdf',
  hostedInvoiceUrl: null,
  paymentFailedAt: null,
  createdAt: '2026-11-23T12:00:00.000Z',
  ...overrides,
});

describe('billingState', () => {
  it('no subscription: no plan, nothing to charge', () => {
    expect(billingState(null, [])).toEqual({
      stage: 'none',
      plan: null,
      failedInvoice: null,
      nextCharge: null,
    });
  });

  it("active: the plan's price on the period's end is the next charge", () => {
    const state = billingState(subscription({ plan: 'focused-progress' }), [invoice()]);
    expect(state.stage).toBe('active');
    expect(state.plan?.name).toBe('Focused Progress');
    expect(state.nextCharge).toEqual({ amount: 650, date: '2026-12-23T12:00:00.000Z' });
  });

  it('paused or cancelled at the period end: no next charge', () => {
    expect(billingState(subscription({ pauseBehavior: 'void' }), [])).toMatchObject({
      stage: 'paused',
      nextCharge: null,
    });
    expect(billingState(subscription({ cancelAtPeriodEnd: true }), [])).toMatchObject({
      stage: 'cancelling',
      nextCharge: null,
    });
    expect(billingState(subscription({ status: 'canceled' }), [])).toMatchObject({ stage: 'ended' });
  });

  it('an open invoice whose charge failed is a failed payment, until it is paid', () => {
    const failed = invoice({ id: 'in_2', status: 'open', paymentFailedAt: '2026-12-23T12:05:00.000Z' });
    expect(billingState(subscription({ status: 'past_due' }), [failed, invoice()])).toMatchObject({
      stage: 'payment_failed',
      failedInvoice: failed,
    });
    const paid = { ...failed, status: 'paid' };
    expect(billingState(subscription(), [paid, invoice()])).toMatchObject({
      stage: 'active',
      failedInvoice: null,
    });
  });
});
