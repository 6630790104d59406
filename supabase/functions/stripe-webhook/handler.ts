import { consoleLogger, HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { parsePayload, readText, z } from '../_shared/validation.ts';
import { planOfLookupKey } from '../_shared/plans.ts';
import { verifySignature } from './signature.ts';

/**
 * Stripe calls this with every billing event (checkout completed, subscription created, updated
 * and deleted, invoices paid or failed). It is the only writer of a family's subscription state:
 * it checks Stripe's signature (and its age), applies each event once (by event id), and never lets
 * an older event overwrite what a newer one wrote (each row remembers the creation time of the
 * event it came from; a cancelled subscription stays cancelled).
 */

export interface SubscriptionState {
  id: string;
  parent_id: string;
  stripe_customer_id: string;
  plan: string;
  stripe_price_id: string;
  status: string;
  pause_behavior: string | null;
  pause_resumes_at: string | null;
  cancel_at_period_end: boolean;
  current_period_start: string | null;
  current_period_end: string | null;
  canceled_at: string | null;
  ended_at: string | null;
  stripe_created: string;
  last_event_at: string;
}

export interface InvoiceState {
  id: string;
  parent_id: string;
  subscription_id: string | null;
  number: string | null;
  status: string;
  currency: string;
  amount_due: number;
  amount_paid: number;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  period_start: string | null;
  period_end: string | null;
  stripe_created: string;
  last_event_at: string;
}

export type Applied = 'applied' | 'stale';

/**
 * An event about a customer whose family was deleted (docs/decisions/131): there is nothing of
 * theirs left to update, so it is acknowledged (200) and recorded, never retried by Stripe.
 */
class ForgottenCustomer extends Error {}

/** What the handler needs from the database; index.ts gives the real one, tests one in memory. */
export interface BillingStore {
  isProcessed(eventId: string): Promise<boolean>;
  markProcessed(event: { id: string; type: string; created: string }): Promise<void>;
  /** The parent whose Stripe customer this is, if we know it. */
  parentOfCustomer(customerId: string): Promise<string | null>;
  /**
   * Links the customer to the parent (a parent keeps the customer it has). 'conflict' when the
   * customer is already another parent's: nothing is changed.
   */
  linkCustomer(parentId: string, customerId: string): Promise<'linked' | 'conflict'>;
  /** Whether this customer belonged to a family that has since been deleted. */
  isForgottenCustomer(customerId: string): Promise<boolean>;
  /** Whether an account with this id exists (a deleted family's parent no longer does). */
  accountExists(accountId: string): Promise<boolean>;
  /** Writes the subscription unless the row was written from a newer event, or is cancelled. */
  applySubscription(state: SubscriptionState): Promise<Applied>;
  /** Writes the invoice unless the row was written from a newer event. */
  applyInvoice(state: InvoiceState): Promise<Applied>;
  /** Records the time an invoice's charge first failed (kept if already set). */
  markInvoicePaymentFailed(invoiceId: string, at: string): Promise<void>;
}

export interface WebhookDeps {
  store: BillingStore;
  /** The endpoint's signing secret (`whsec_...`), read when a request comes. */
  webhookSecret: () => string;
  now?: () => Date;
  toleranceSeconds?: number;
  logger?: Logger;
}

const MAX_BODY_BYTES = 512 * 1024;

const id = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), `must be a Stripe id starting with ${prefix}_`);
const unixTime = z.number().int().nonnegative();
const metadata = z.record(z.string()).nullish();
/** An id, or the expanded object carrying it. */
const ref = (prefix: string) =>
  z
    .union([id(prefix), z.object({ id: id(prefix) }).passthrough()])
    .transform((v) => (typeof v === 'string' ? v : v.id));

const eventSchema = z.object({
  id: id('evt'),
  object: z.literal('event').optional(),
  type: z.string().min(1).max(100),
  created: unixTime,
  data: z.object({ object: z.record(z.unknown()) }),
});

const priceSchema = z.object({ id: id('price'), lookup_key: z.string().nullish(), metadata }).passthrough();

const subscriptionSchema = z
  .object({
    id: id('sub'),
    customer: ref('cus'),
    status: z.enum([
      'incomplete',
      'incomplete_expired',
      'trialing',
      'active',
      'past_due',
      'canceled',
      'unpaid',
      'paused',
    ]),
    created: unixTime,
    metadata,
    cancel_at_period_end: z.boolean().default(false),
    canceled_at: unixTime.nullish(),
    ended_at: unixTime.nullish(),
    pause_collection: z
      .object({
        behavior: z.enum(['keep_as_draft', 'mark_uncollectible', 'void']),
        resumes_at: unixTime.nullish(),
      })
      .nullish(),
    // before API version 2025-03-31 the period was on the subscription; since, on each item
    current_period_start: unixTime.nullish(),
    current_period_end: unixTime.nullish(),
    items: z.object({
      data: z
        .array(
          z
            .object({
              price: priceSchema,
              current_period_start: unixTime.nullish(),
              current_period_end: unixTime.nullish(),
            })
            .passthrough(),
        )
        .min(1, 'must have an item'),
    }),
  })
  .passthrough();

const invoiceSchema = z
  .object({
    id: id('in'),
    customer: ref('cus'),
    status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
    created: unixTime,
    number: z.string().nullish(),
    currency: z.string().regex(/^[a-z]{3}$/),
    amount_due: z.number().int().nonnegative(),
    amount_paid: z.number().int().nonnegative(),
    hosted_invoice_url: z.string().url().nullish(),
    invoice_pdf: z.string().url().nullish(),
    period_start: unixTime.nullish(),
    period_end: unixTime.nullish(),
    // before API version 2025-03-31: `subscription`; since: `parent.subscription_details.subscription`
    subscription: ref('sub').nullish(),
    parent: z
      .object({
        subscription_details: z
          .object({ subscription: ref('sub') })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .nullish(),
    lines: z
      .object({
        data: z.array(z.object({ period: z.object({ start: unixTime, end: unixTime }) }).passthrough()),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

const checkoutSessionSchema = z
  .object({
    id: id('cs'),
    mode: z.string(),
    customer: ref('cus').nullish(),
    client_reference_id: z.string().uuid().nullish(),
    metadata,
  })
  .passthrough();

const iso = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000).toISOString();

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

export function createHandler(deps: WebhookDeps): Handler {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  async function parentOf(
    customerId: string,
    meta: Record<string, string> | null | undefined,
  ): Promise<string> {
    const linked = await store.parentOfCustomer(customerId);
    if (linked) return linked;
    if (await store.isForgottenCustomer(customerId)) throw new ForgottenCustomer();
    const parent = meta?.parent_id ?? null;
    // Not ours yet (its checkout's event may still be on its way): refuse, so Stripe delivers it again.
    if (!parent || !z.string().uuid().safeParse(parent).success) {
      throw new HttpError(422, `Unknown customer ${customerId}: no family is linked to it yet`);
    }
    // The parent the subscription was made for has deleted their family.
    if (!(await store.accountExists(parent))) throw new ForgottenCustomer();
    return parent;
  }

  async function applySubscription(object: unknown, eventAt: string): Promise<Applied> {
    const sub = parsePayload(subscriptionSchema, object);
    const item = sub.items.data[0];
    const plan = planOfLookupKey(item.price.lookup_key ?? item.price.metadata?.lookup_key ?? null);
    if (!plan) throw new HttpError(400, `Price ${item.price.id} is not one of the plans`);
    return store.applySubscription({
      id: sub.id,
      parent_id: await parentOf(sub.customer, sub.metadata),
      stripe_customer_id: sub.customer,
      plan,
      stripe_price_id: item.price.id,
      status: sub.status,
      pause_behavior: sub.pause_collection?.behavior ?? null,
      pause_resumes_at: iso(sub.pause_collection?.resumes_at),
      cancel_at_period_end: sub.cancel_at_period_end,
      current_period_start: iso(item.current_period_start ?? sub.current_period_start),
      current_period_end: iso(item.current_period_end ?? sub.current_period_end),
      canceled_at: iso(sub.canceled_at),
      ended_at: iso(sub.ended_at),
      stripe_created: iso(sub.created)!,
      last_event_at: eventAt,
    });
  }

  async function applyInvoice(object: unknown, eventAt: string, failed: boolean): Promise<Applied> {
    const invoice = parsePayload(invoiceSchema, object);
    const line = invoice.lines?.data[0];
    const applied = await store.applyInvoice({
      id: invoice.id,
      parent_id: await parentOf(invoice.customer, null),
      subscription_id: invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null,
      number: invoice.number ?? null,
      status: invoice.status,
      currency: invoice.currency,
      amount_due: invoice.amount_due,
      amount_paid: invoice.amount_paid,
      hosted_invoice_url: invoice.hosted_invoice_url ?? null,
      invoice_pdf: invoice.invoice_pdf ?? null,
      // the lines carry the service period (a subscription invoice's own period is the previous one)
      period_start: iso(line?.period.start ?? invoice.period_start),
      period_end: iso(line?.period.end ?? invoice.period_end),
      stripe_created: iso(invoice.created)!,
      last_event_at: eventAt,
    });
    if (failed) await store.markInvoicePaymentFailed(invoice.id, eventAt);
    return applied;
  }

  return withHttp(
    ['POST'],
    async (req) => {
      const payload = await readText(req, MAX_BODY_BYTES);
      const check = await verifySignature(
        payload,
        req.headers.get('stripe-signature'),
        deps.webhookSecret(),
        Math.floor(now().getTime() / 1000),
        deps.toleranceSeconds,
      );
      if (!check.ok) throw new HttpError(400, check.reason);
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        throw new HttpError(400, 'Body is not valid JSON');
      }
      const event = parsePayload(eventSchema, body);
      if (await store.isProcessed(event.id)) return json(200, { received: true, duplicate: true });

      const eventAt = iso(event.created)!;
      const object = event.data.object;
      let result: Applied | 'ignored' = 'ignored';
      try {
        if (SUBSCRIPTION_EVENTS.has(event.type)) {
          result = await applySubscription(object, eventAt);
        } else if (
          event.type.startsWith('invoice.') &&
          // an upcoming invoice is a preview with no id, not an invoice of ours
          event.type !== 'invoice.upcoming' &&
          object.object === 'invoice'
        ) {
          result = await applyInvoice(object, eventAt, event.type === 'invoice.payment_failed');
        } else if (event.type === 'checkout.session.completed') {
          const session = parsePayload(checkoutSessionSchema, object);
          const parent = session.client_reference_id ?? session.metadata?.parent_id;
          if (session.customer && parent && z.string().uuid().safeParse(parent).success) {
            // A customer already linked to another parent stays theirs: the event is acknowledged
            // and recorded, and nothing is relinked.
            const owner = await store.parentOfCustomer(session.customer);
            const linked =
              owner === null || owner === parent
                ? await store.linkCustomer(parent, session.customer)
                : 'conflict';
            if (linked === 'conflict') {
              (deps.logger ?? consoleLogger).error(
                `checkout ${session.id}: customer ${session.customer} is linked to another family; not relinked`,
              );
            } else {
              result = 'applied';
            }
          }
        }
      } catch (error) {
        if (!(error instanceof ForgottenCustomer)) throw error;
        result = 'ignored';
      }
      await store.markProcessed({ id: event.id, type: event.type, created: eventAt });
      return json(200, { received: true, result });
    },
    deps.logger,
  );
}
