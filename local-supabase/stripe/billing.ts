import { testCardFor } from './cards.ts';
import { invalidRequest, StripeError, type Decline } from './errors.ts';
import { periodEnd, unusedFraction } from './periods.ts';
import { newId, now, type Store } from './store.ts';
import type {
  Customer,
  Invoice,
  Metadata,
  PaymentMethod,
  Price,
  RequestMeta,
  Subscription,
  SubscriptionItem,
} from './types.ts';
import type { Webhooks } from './webhooks.ts';
import { Invoicing, type LineInput } from './invoicing.ts';

export const NO_REQUEST: RequestMeta = { id: null, idempotency_key: null };

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The top-level fields that changed, with their former values (an event's previous_attributes). */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) previous[key] = a[key] ?? null;
  }
  return previous;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * What happens behind Stripe Billing's API: subscriptions are created by Checkout, invoiced each
 * period, charged on their payment method (whose test card decides the outcome), changed with
 * prorations, paused, cancelled. Every change is announced by the events Stripe sends for it.
 */
export class Billing {
  readonly invoicing: Invoicing;

  constructor(
    private store: Store,
    private webhooks: Webhooks,
    publicUrl: string,
    accountName: string,
  ) {
    this.invoicing = new Invoicing(store, webhooks, publicUrl, accountName);
  }

  /** A charge on a saved card: undefined when it succeeds, else why it was declined. */
  charge(paymentMethodId: string | null): Decline | undefined {
    return this.invoicing.charge(paymentMethodId);
  }

  private emit(type: string, object: unknown, meta: RequestMeta, previous?: Record<string, unknown>) {
    this.webhooks.emit(type, object, previous, meta);
  }

  customer(id: string): Customer {
    const customer = this.store.data.customers[id];
    if (!customer) throw invalidRequest(`No such customer: '${id}'`, 'customer', 'resource_missing');
    return customer;
  }

  createCustomer(
    fields: { email: string | null; name: string | null; metadata: Metadata },
    meta: RequestMeta,
  ) {
    const id = newId('cus_', 14);
    const customer: Customer = {
      id,
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: fields.email,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: fields.metadata,
      name: fields.name,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.store.data.customers[id] = customer;
    this.store.save();
    this.emit('customer.created', customer, meta);
    return customer;
  }

  /** A payment method for a test card typed on a hosted page, attached to the customer. */
  attachCard(
    customer: Customer,
    card: { number: string; expMonth: number; expYear: number; name: string | null },
    meta: RequestMeta,
  ): PaymentMethod {
    const test = testCardFor(card.number);
    const id = newId('pm_1');
    const paymentMethod: PaymentMethod = {
      id,
      object: 'payment_method',
      billing_details: { address: null, email: customer.email, name: card.name, phone: null },
      card: {
        brand: test?.brand ?? 'visa',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: test?.brand ?? 'visa',
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: card.number.slice(-8).split('').reverse().join('') + 'Fp0',
        funding: 'credit',
        last4: card.number.slice(-4),
      },
      created: now(),
      customer: customer.id,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.store.data.paymentMethods[id] = paymentMethod;
    this.store.data.cardNumbers[id] = card.number;
    this.store.save();
    this.emit('payment_method.attached', paymentMethod, meta);
    return paymentMethod;
  }

  setDefaultPaymentMethod(customer: Customer, paymentMethod: string, meta: RequestMeta) {
    const before = clone(customer);
    customer.invoice_settings.default_payment_method = paymentMethod;
    this.store.save();
    this.emit('customer.updated', customer, meta, previousAttributes(before, customer));
  }

  /** Creates a subscription and charges its first invoice (status active, or incomplete if declined). */
  createSubscription(
    customer: Customer,
    lineItems: { price: Price; quantity: number }[],
    options: { paymentMethod: string | null; metadata: Metadata },
    meta: RequestMeta,
  ): { subscription: Subscription; invoice: Invoice; decline?: Decline } {
    const created = now();
    const id = newId('sub_1');
    const recurring = lineItems[0].price.recurring;
    if (!recurring) throw invalidRequest('A subscription needs recurring prices.', 'line_items');
    const end = periodEnd(created, created, recurring);
    const items: SubscriptionItem[] = lineItems.map(({ price, quantity }) => ({
      id: newId('si_', 14),
      object: 'subscription_item',
      created,
      current_period_end: end,
      current_period_start: created,
      discounts: [],
      metadata: {},
      price: clone(price),
      quantity,
      subscription: id,
      tax_rates: [],
    }));
    const subscription: Subscription = {
      id,
      object: 'subscription',
      application: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: created,
      billing_mode: { type: 'classic' },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created,
      currency: lineItems[0].price.currency,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: options.paymentMethod,
      description: null,
      discounts: [],
      ended_at: null,
      items: {
        object: 'list',
        data: items,
        has_more: false,
        total_count: items.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: options.metadata,
      pause_collection: null,
      pending_update: null,
      start_date: created,
      status: 'incomplete',
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    this.store.data.subscriptions[id] = subscription;
    this.store.save();
    this.emit('customer.subscription.created', subscription, meta);

    const invoice = this.invoicing.createInvoice(
      subscription,
      'subscription_create',
      items.map((item) => this.periodLine(item, created, end)),
      meta,
    );
    const before = clone(subscription);
    subscription.latest_invoice = invoice.id;
    const decline = this.invoicing.attemptPayment(invoice, subscription.default_payment_method, meta);
    subscription.status = decline ? 'incomplete' : 'active';
    this.store.save();
    this.emit('customer.subscription.updated', subscription, meta, previousAttributes(before, subscription));
    return { subscription, invoice, decline };
  }

  private periodLine(item: SubscriptionItem, start: number, end: number): LineInput {
    return {
      amount: item.price.unit_amount * item.quantity,
      description: `${item.quantity} × ${this.productName(item.price)} (at ${money(item.price.unit_amount)} / ${item.price.recurring?.interval ?? 'month'})`,
      price: item.price,
      quantity: item.quantity,
      proration: false,
      subscriptionItem: item.id,
      periodStart: start,
      periodEnd: end,
    };
  }

  productName(price: Price): string {
    return this.store.data.products[price.product]?.name ?? price.nickname ?? price.id;
  }

  /** Pays an open invoice (again) and brings its subscription back to active when it works. */
  payInvoice(invoice: Invoice, paymentMethod: string | null, meta: RequestMeta): Decline | undefined {
    const subscriptionId = invoice.parent?.subscription_details.subscription;
    const subscription = subscriptionId ? this.store.data.subscriptions[subscriptionId] : undefined;
    const method =
      paymentMethod ??
      subscription?.default_payment_method ??
      this.customer(invoice.customer).invoice_settings.default_payment_method;
    const decline = this.invoicing.attemptPayment(invoice, method, meta);
    if (!decline && subscription && ['past_due', 'incomplete', 'unpaid'].includes(subscription.status)) {
      const stillOpen = Object.values(this.store.data.invoices).some(
        (other) =>
          other.status === 'open' && other.parent?.subscription_details.subscription === subscription.id,
      );
      if (!stillOpen) {
        const before = clone(subscription);
        subscription.status = 'active';
        this.store.save();
        this.emit(
          'customer.subscription.updated',
          subscription,
          meta,
          previousAttributes(before, subscription),
        );
      }
    }
    return decline;
  }

  /**
   * Moves a subscription item to another price. Prorations as Stripe computes them: credit for the
   * unused time on the old price, charge for the same time on the new one; `create_prorations`
   * bills them with the next invoice, `always_invoice` at once, `none` not at all.
   */
  changePrice(
    subscription: Subscription,
    item: SubscriptionItem,
    price: Price,
    quantity: number,
    proration: 'create_prorations' | 'always_invoice' | 'none',
    at: number,
    meta: RequestMeta,
  ): { invoice?: Invoice; decline?: Decline } {
    const start = item.current_period_start;
    const end = item.current_period_end;
    const fraction = unusedFraction(start, end, at);
    const oldPrice = item.price;
    const oldQuantity = item.quantity;
    item.price = clone(price);
    item.quantity = quantity;
    if (proration === 'none' || fraction === 0) return {};
    const credit = -Math.round(oldPrice.unit_amount * oldQuantity * fraction);
    const charge = Math.round(price.unit_amount * quantity * fraction);
    const lines: LineInput[] = [
      {
        amount: credit,
        description: `Unused time on ${this.productName(oldPrice)} after ${new Date(at * 1000).toUTCString().slice(5, 16)}`,
        price: oldPrice,
        quantity: oldQuantity,
        proration: true,
        subscriptionItem: item.id,
        periodStart: at,
        periodEnd: end,
      },
      {
        amount: charge,
        description: `Remaining time on ${this.productName(price)} after ${new Date(at * 1000).toUTCString().slice(5, 16)}`,
        price,
        quantity,
        proration: true,
        subscriptionItem: item.id,
        periodStart: at,
        periodEnd: end,
      },
    ];
    if (proration === 'create_prorations') {
      const pending = (this.store.data.pendingProrations[subscription.id] ??= []);
      for (const line of lines) {
        pending.push({
          id: newId('ii_1'),
          amount: line.amount,
          description: line.description,
          price: line.price.id,
          product: line.price.product,
          periodStart: line.periodStart,
          periodEnd: line.periodEnd,
        });
      }
      return {};
    }
    const invoice = this.invoicing.createInvoice(subscription, 'subscription_update', lines, meta);
    subscription.latest_invoice = invoice.id;
    const decline = this.invoicing.attemptPayment(invoice, subscription.default_payment_method, meta);
    if (decline) subscription.status = 'past_due';
    return { invoice, decline };
  }

  /**
   * The invoice the next renewal will bring (Stripe's invoice preview): the next period of each
   * item plus any pending prorations, with the customer's credit applied. Changes nothing.
   */
  previewRenewal(subscription: Subscription): Invoice {
    if (subscription.status === 'canceled' || subscription.cancel_at_period_end) {
      throw new StripeError(404, {
        type: 'invalid_request_error',
        code: 'invoice_upcoming_none',
        message: `No upcoming invoices for customer: ${subscription.customer}`,
      });
    }
    const first = subscription.items.data[0];
    const boundary = first.current_period_end;
    const pending = this.store.data.pendingProrations[subscription.id] ?? [];
    const lines: LineInput[] = [
      ...pending.map((line) => ({
        amount: line.amount,
        description: line.description,
        price: this.store.data.prices[line.price] ?? first.price,
        quantity: 1,
        proration: true,
        subscriptionItem: first.id,
        periodStart: line.periodStart,
        periodEnd: line.periodEnd,
      })),
      ...subscription.items.data.map((item) =>
        this.periodLine(
          item,
          boundary,
          item.price.recurring
            ? periodEnd(subscription.billing_cycle_anchor, boundary, item.price.recurring)
            : boundary,
        ),
      ),
    ];
    const invoice = this.invoicing.draft(subscription, 'subscription_cycle', lines, newId('upcoming_in_1'));
    invoice.created = boundary;
    invoice.next_payment_attempt = subscription.pause_collection ? null : boundary;
    return invoice;
  }

  /**
   * The test hook: the subscription reaches the end of its period. Cancelled at period end: it
   * ends. Otherwise the next period starts and is invoiced (voided or left as a draft while
   * collection is paused) and charged; `outcome` forces the charge's result, else the card decides.
   */
  advancePeriod(subscription: Subscription, outcome: 'succeed' | 'fail' | undefined, meta: RequestMeta) {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw invalidRequest('This subscription has ended and has no next period.', 'subscription');
    }
    const before = clone(subscription);
    const first = subscription.items.data[0];
    const boundary = first.current_period_end;
    if (
      subscription.cancel_at_period_end ||
      (subscription.cancel_at !== null && subscription.cancel_at <= boundary)
    ) {
      this.endSubscription(subscription, boundary, meta);
      return { subscription, invoice: undefined };
    }
    for (const item of subscription.items.data) {
      const recurring = item.price.recurring;
      if (!recurring) continue;
      item.current_period_start = boundary;
      item.current_period_end = periodEnd(subscription.billing_cycle_anchor, boundary, recurring);
    }
    const pause = subscription.pause_collection;
    if (pause?.resumes_at && pause.resumes_at <= boundary) subscription.pause_collection = null;
    const pending = this.store.data.pendingProrations[subscription.id] ?? [];
    delete this.store.data.pendingProrations[subscription.id];
    const lines: LineInput[] = [
      ...pending.map((line) => ({
        amount: line.amount,
        description: line.description,
        price: this.store.data.prices[line.price] ?? first.price,
        quantity: 1,
        proration: true,
        subscriptionItem: first.id,
        periodStart: line.periodStart,
        periodEnd: line.periodEnd,
      })),
      ...subscription.items.data.map((item) =>
        this.periodLine(item, item.current_period_start, item.current_period_end),
      ),
    ];
    const invoice = this.invoicing.createInvoice(subscription, 'subscription_cycle', lines, meta);
    subscription.latest_invoice = invoice.id;
    if (subscription.pause_collection) {
      this.invoicing.settlePausedInvoice(invoice, subscription.pause_collection.behavior, meta);
    } else {
      const decline =
        outcome === 'fail'
          ? this.invoicing.failPayment(invoice, meta)
          : outcome === 'succeed'
            ? this.invoicing.forcePaid(invoice, meta)
            : this.invoicing.attemptPayment(invoice, subscription.default_payment_method, meta);
      if (decline) subscription.status = 'past_due';
      else if (
        subscription.status === 'past_due' &&
        !this.invoicing.hasOpenInvoice(subscription, invoice.id)
      ) {
        subscription.status = 'active';
      }
    }
    this.store.save();
    this.emit('customer.subscription.updated', subscription, meta, previousAttributes(before, subscription));
    return { subscription, invoice };
  }

  /** The subscription ends now (or at `at`): status canceled, `customer.subscription.deleted`. */
  endSubscription(
    subscription: Subscription,
    at: number,
    meta: RequestMeta,
    reason?: 'cancellation_requested',
  ) {
    subscription.status = 'canceled';
    subscription.ended_at = at;
    subscription.canceled_at ??= at;
    subscription.cancel_at ??= null;
    if (reason) subscription.cancellation_details.reason = reason;
    subscription.cancellation_details.reason ??= 'cancellation_requested';
    for (const invoice of Object.values(this.store.data.invoices)) {
      if (
        invoice.status === 'open' &&
        invoice.parent?.subscription_details.subscription === subscription.id
      ) {
        invoice.status = 'void';
        invoice.status_transitions.voided_at = at;
        invoice.amount_remaining = 0;
        invoice.next_payment_attempt = null;
      }
    }
    delete this.store.data.pendingProrations[subscription.id];
    this.store.save();
    this.emit('customer.subscription.deleted', subscription, meta);
  }
}
