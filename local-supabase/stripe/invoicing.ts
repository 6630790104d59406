import { testCardFor } from './cards.ts';
import { invalidRequest, type Decline } from './errors.ts';
import { newId, now, type Store } from './store.ts';
import type { Invoice, InvoiceLineItem, Price, RequestMeta, Subscription } from './types.ts';
import type { Webhooks } from './webhooks.ts';

/** One line of an invoice to be: a period of a price, or a proration. */
export interface LineInput {
  amount: number;
  description: string;
  price: Price;
  quantity: number;
  proration: boolean;
  subscriptionItem: string;
  periodStart: number;
  periodEnd: number;
}

/** Retry schedule after a failed charge (Stripe's default: a few days later). */
const RETRY_AFTER_SECONDS = 3 * 86400;

/**
 * Invoices and charges: a subscription's invoice is finalized at once (numbered, with its hosted
 * page and PDF), then charged on the saved card, whose test card decides the outcome.
 */
export class Invoicing {
  constructor(
    private store: Store,
    private webhooks: Webhooks,
    private publicUrl: string,
    private accountName: string,
  ) {}

  private emit(type: string, object: unknown, meta: RequestMeta) {
    this.webhooks.emit(type, object, undefined, meta);
  }

  /** A charge on a saved card: undefined when it succeeds, else why it was declined. */
  charge(paymentMethodId: string | null): Decline | undefined {
    if (!paymentMethodId) {
      return {
        code: 'invoice_no_payment_method',
        message: 'The customer has no payment method to charge.',
      };
    }
    const card = testCardFor(this.store.data.cardNumbers[paymentMethodId] ?? '');
    return card?.declineOnAttach ?? card?.declineOnCharge;
  }

  /** A finalized invoice for the subscription (status open until it is paid). */
  createInvoice(
    subscription: Subscription,
    reason: Invoice['billing_reason'],
    lines: LineInput[],
    meta: RequestMeta,
  ): Invoice {
    const customer = this.store.data.customers[subscription.customer];
    const invoice = this.draft(subscription, reason, lines, newId('in_1'));
    customer.balance = invoice.ending_balance ?? customer.balance;
    invoice.number = this.store.nextInvoiceNumber(customer);
    invoice.hosted_invoice_url = `${this.publicUrl}/invoice/${invoice.id}`;
    invoice.invoice_pdf = `${this.publicUrl}/invoice/${invoice.id}/pdf`;
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = invoice.created;
    this.store.data.invoices[invoice.id] = invoice;
    this.store.save();
    this.emit('invoice.created', invoice, meta);
    this.emit('invoice.finalized', invoice, meta);
    return invoice;
  }

  /**
   * An invoice as it would be, changing nothing: not numbered, no pages yet (a preview's shape,
   * and the start of a real one). The customer's balance is applied: credit (negative) pays first.
   */
  draft(
    subscription: Subscription,
    reason: Invoice['billing_reason'],
    lines: LineInput[],
    id: string,
  ): Invoice {
    const customer = this.store.data.customers[subscription.customer];
    const created = now();
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const startingBalance = customer.balance;
    const owed = startingBalance + subtotal;
    const amountDue = Math.max(0, owed);
    const endingBalance = Math.min(0, owed);
    const lineItems: InvoiceLineItem[] = lines.map((line) => ({
      id: newId('il_1'),
      object: 'line_item',
      amount: line.amount,
      currency: subscription.currency,
      description: line.description,
      discountable: !line.proration,
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: line.proration ? newId('ii_1') : null,
          proration: line.proration,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: line.subscriptionItem,
        },
      },
      period: { end: line.periodEnd, start: line.periodStart },
      pricing: {
        type: 'price_details',
        price_details: { price: line.price.id, product: line.price.product },
        unit_amount_decimal: line.price.unit_amount_decimal,
      },
      quantity: line.quantity,
    }));
    const periodStart = Math.min(...lines.map((line) => line.periodStart));
    const periodEndAt = Math.max(...lines.map((line) => line.periodEnd));
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: this.accountName,
      amount_due: amountDue,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amountDue,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created,
      currency: subscription.currency,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      description: null,
      due_date: null,
      ending_balance: endingBalance,
      hosted_invoice_url: null,
      invoice_pdf: null,
      last_finalization_error: null,
      lines: {
        object: 'list',
        data: lineItems,
        has_more: false,
        total_count: lineItems.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      period_end: periodEndAt,
      period_start: periodStart,
      starting_balance: startingBalance,
      status: 'draft',
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal,
      total: subtotal,
    };
    return invoice;
  }

  /**
   * Charges an open invoice. Paid: `invoice.paid` + `invoice.payment_succeeded`; declined:
   * `invoice.payment_failed` with the next attempt scheduled. Returns the decline, if any.
   */
  attemptPayment(invoice: Invoice, paymentMethod: string | null, meta: RequestMeta): Decline | undefined {
    if (invoice.status !== 'open') {
      throw invalidRequest(`Invoice is already ${invoice.status}.`, undefined, 'invoice_not_open' as string);
    }
    const decline = invoice.amount_due === 0 ? undefined : this.charge(paymentMethod);
    invoice.attempted = true;
    if (invoice.amount_due > 0) invoice.attempt_count += 1;
    if (decline) {
      invoice.next_payment_attempt = now() + RETRY_AFTER_SECONDS;
      this.store.save();
      this.emit('invoice.payment_failed', invoice, meta);
      return decline;
    }
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = now();
    this.store.save();
    this.emit('invoice.paid', invoice, meta);
    this.emit('invoice.payment_succeeded', invoice, meta);
    return undefined;
  }

  hasOpenInvoice(subscription: Subscription, except: string) {
    return Object.values(this.store.data.invoices).some(
      (invoice) =>
        invoice.id !== except &&
        invoice.status === 'open' &&
        invoice.parent?.subscription_details.subscription === subscription.id,
    );
  }

  failPayment(invoice: Invoice, meta: RequestMeta): Decline {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = now() + RETRY_AFTER_SECONDS;
    this.store.save();
    this.emit('invoice.payment_failed', invoice, meta);
    return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  }

  /** The test hook's forced success: paid whatever the saved card would do. */
  forcePaid(invoice: Invoice, meta: RequestMeta): undefined {
    const saved = { ...this.store.data.cardNumbers };
    this.store.data.cardNumbers.__forced = '4242424242424242';
    try {
      this.attemptPayment(invoice, '__forced', meta);
    } finally {
      this.store.data.cardNumbers = saved;
    }
    return undefined;
  }

  settlePausedInvoice(
    invoice: Invoice,
    behavior: 'keep_as_draft' | 'mark_uncollectible' | 'void',
    meta: RequestMeta,
  ) {
    const at = now();
    if (behavior === 'void') {
      invoice.status = 'void';
      invoice.status_transitions.voided_at = at;
      invoice.amount_remaining = 0;
      this.emit('invoice.voided', invoice, meta);
    } else if (behavior === 'mark_uncollectible') {
      invoice.status = 'uncollectible';
      invoice.status_transitions.marked_uncollectible_at = at;
      this.emit('invoice.marked_uncollectible', invoice, meta);
    } else {
      invoice.status = 'draft';
      invoice.number = null;
      invoice.status_transitions.finalized_at = null;
      this.emit('invoice.updated', invoice, meta);
    }
    this.store.save();
  }
}
