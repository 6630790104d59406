import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  BillingPortalSession,
  CheckoutSession,
  CheckoutSessionPrivate,
  Customer,
  Invoice,
  PaymentMethod,
  Price,
  Product,
  StripeEvent,
  Subscription,
  WebhookEndpoint,
} from './types.ts';

/** A proration waiting for the subscription's next invoice (Stripe's pending invoice items). */
export interface PendingProration {
  id: string;
  amount: number;
  description: string;
  price: string;
  product: string;
  periodStart: number;
  periodEnd: number;
}

export interface IdempotentResult {
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
  /** Unix seconds after which the key may be used again */
  expires: number;
}

interface StoreData {
  products: Record<string, Product>;
  prices: Record<string, Price>;
  customers: Record<string, Customer>;
  /** ids of deleted customers: retrieving one answers `{deleted: true}` as Stripe does */
  deletedCustomers: Record<string, true>;
  paymentMethods: Record<string, PaymentMethod>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  checkoutSessions: Record<string, CheckoutSession>;
  portalSessions: Record<string, BillingPortalSession>;
  webhookEndpoints: Record<string, WebhookEndpoint>;
  events: Record<string, StripeEvent>;
  /** the full test card number behind each payment method: it decides how charges go */
  cardNumbers: Record<string, string>;
  checkoutPrivate: Record<string, CheckoutSessionPrivate>;
  pendingProrations: Record<string, PendingProration[]>;
  idempotency: Record<string, IdempotentResult>;
  invoiceCounter: number;
}

const empty = (): StoreData => ({
  products: {},
  prices: {},
  customers: {},
  deletedCustomers: {},
  paymentMethods: {},
  subscriptions: {},
  invoices: {},
  checkoutSessions: {},
  portalSessions: {},
  webhookEndpoints: {},
  events: {},
  cardNumbers: {},
  checkoutPrivate: {},
  pendingProrations: {},
  idempotency: {},
  invoiceCounter: 0,
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id with Stripe's prefix, e.g. `cus_`, `sub_1`, `cs_test_`: random, unguessable. */
export function newId(prefix: string, length = 24): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const now = () => Math.floor(Date.now() / 1000);

/**
 * Every object of the stand-in, in memory and written to one JSON file after each change, so a
 * restarted stack still knows the customers and subscriptions its database refers to.
 */
export class Store {
  data: StoreData;
  constructor(private file?: string) {
    this.data = empty();
    if (file && fs.existsSync(file)) {
      try {
        this.data = { ...empty(), ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoreData>) };
      } catch {
        this.data = empty();
      }
    }
  }

  save() {
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(this.data));
    fs.renameSync(temporary, this.file);
  }

  nextInvoiceNumber(customer: Customer): string {
    customer.next_invoice_sequence += 1;
    this.data.invoiceCounter += 1;
    return `${customer.invoice_prefix}-${String(customer.next_invoice_sequence - 1).padStart(4, '0')}`;
  }

  /** Any object by its id, whatever its kind (for `expand`). */
  findById(id: string): object | undefined {
    const d = this.data;
    for (const map of [
      d.products,
      d.prices,
      d.customers,
      d.paymentMethods,
      d.subscriptions,
      d.invoices,
      d.checkoutSessions,
      d.portalSessions,
      d.webhookEndpoints,
      d.events,
    ] as Record<string, object>[]) {
      if (map[id]) return map[id];
    }
    return undefined;
  }
}
