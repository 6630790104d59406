import { consoleLogger, HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { lookupKeyOf, PLAN_KEYS, type PlanKey } from '../_shared/plans.ts';
import { parsePayload, readJsonObject, z } from '../_shared/validation.ts';

/**
 * A parent's billing actions on /app/billing: start a Stripe Checkout for a plan, change plan,
 * pause, resume, cancel (at the end of the paid month), update the card (Stripe's customer portal),
 * a fresh download link for an invoice, and a summary of what only Stripe knows (the next charge with
 * a plan change's prorations, the card on file). It asks Stripe to make each change and answers at once;
 * the family's subscription rows change when Stripe's webhook event arrives (`stripe-webhook`, the
 * only writer of subscription state), which the page waits for.
 */

const plan = z.enum(PLAN_KEYS, {
  errorMap: () => ({ message: "must be 'steady-growth', 'focused-progress' or 'intensive-momentum'" }),
});

export const billingSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('checkout'), plan }).strict(),
    z.object({ action: z.literal('change_plan'), plan }).strict(),
    z.object({ action: z.literal('pause') }).strict(),
    z.object({ action: z.literal('resume') }).strict(),
    z.object({ action: z.literal('cancel') }).strict(),
    z.object({ action: z.literal('keep') }).strict(),
    z.object({ action: z.literal('update_card') }).strict(),
    z.object({ action: z.literal('summary') }).strict(),
    z
      .object({
        action: z.literal('invoice_link'),
        invoice_id: z
          .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
          .regex(/^in_[A-Za-z0-9_]{1,250}$/, 'must be an invoice id'),
      })
      .strict(),
  ],
  {
    errorMap: (issue, ctx) =>
      issue.code === 'invalid_union_discriminator'
        ? {
            message:
              "must be 'checkout', 'change_plan', 'pause', 'resume', 'cancel', 'keep', 'update_card', 'summary' or 'invoice_link'",
          }
        : { message: ctx.defaultError },
  },
);
export type BillingPayload = z.output<typeof billingSchema>;

export interface Parent {
  id: string;
  email: string;
  /** The parent's name (profile), for the Stripe customer: invoices are billed to it. */
  name: string | null;
}

/** The next charge as Stripe previews it: the renewal plus any prorations of a plan change. */
export interface NextCharge {
  /** in the currency's smallest unit (cents) */
  amount_due: number;
  currency: string;
  /** when Stripe will charge it (ISO), null while collection is paused */
  date: string | null;
  /** the part of amount_due that settles a change of plan (credit for unused time, charge for the new) */
  proration: number;
}

/** The card Stripe charges, as the parent may see it. */
export interface CardOnFile {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** The family's current subscription as our tables hold it (written by the webhook). */
export interface CurrentSubscription {
  id: string;
  plan: PlanKey;
  status: string;
  pause_behavior: string | null;
  cancel_at_period_end: boolean;
}

/** Our tables, through the service role; index.ts gives the real one, tests one in memory. */
export interface BillingData {
  /** The signed-in parent behind an access token; null when it is no session or not a parent. */
  parentOf(token: string): Promise<Parent | null | 'not-a-parent'>;
  customerOf(parentId: string): Promise<string | null>;
  saveCustomer(parentId: string, customerId: string): Promise<void>;
  /** The family's latest subscription that has not ended (nor was never paid), if any. */
  currentSubscriptionOf(parentId: string): Promise<CurrentSubscription | null>;
  hasInvoice(parentId: string, invoiceId: string): Promise<boolean>;
}

/** The Stripe calls billing makes; index.ts gives them through the `stripe` SDK. */
export interface StripePort {
  createCustomer(parent: Parent): Promise<string>;
  priceIdOf(lookupKey: string): Promise<string>;
  createCheckout(input: {
    customerId: string;
    priceId: string;
    parentId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string>;
  changePrice(subscriptionId: string, priceId: string): Promise<void>;
  setPaused(subscriptionId: string, paused: boolean): Promise<void>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  invoicePdf(invoiceId: string): Promise<string | null>;
  /** The subscription's next invoice (Stripe's invoice preview); null when none is coming. */
  nextCharge(customerId: string, subscriptionId: string): Promise<NextCharge | null>;
  /** The customer's default card; null when none is saved. */
  cardOf(customerId: string): Promise<CardOnFile | null>;
}

export interface BillingDeps {
  data: BillingData;
  stripe: StripePort;
  /**
   * The site's address (SITE_URL), for Stripe's return links. Never the request's Origin, which the
   * calling page chooses: without SITE_URL a link cannot be made and the action fails (503).
   */
  siteUrl: string | undefined;
  logger?: Logger;
}

export const BILLING_PATH = '/app/billing';

/** The answer when SITE_URL is unset: the project is misconfigured, said plainly (and logged). */
export function siteUrlMissing(logger: Logger = consoleLogger): HttpError {
  logger.error('SITE_URL is not set: the function cannot make links back to the site');
  return new HttpError(503, 'The site address (SITE_URL) is not configured');
}

function bearerToken(req: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) throw new HttpError(401, 'Sign in as a parent to manage billing');
  return match[1];
}

export function createHandler(deps: BillingDeps): Handler {
  const { data, stripe } = deps;
  return withHttp(
    ['POST'],
    async (req) => {
      const parent = await data.parentOf(bearerToken(req));
      if (parent === null) throw new HttpError(401, 'Sign in as a parent to manage billing');
      if (parent === 'not-a-parent') throw new HttpError(403, 'Only parents have a plan to manage');
      const payload = parsePayload(billingSchema, await readJsonObject(req));
      const billingPage = (query = '') => {
        if (!deps.siteUrl) throw siteUrlMissing(deps.logger);
        return new URL(`${BILLING_PATH}${query}`, deps.siteUrl).toString();
      };

      const current = await data.currentSubscriptionOf(parent.id);
      const requireCurrent = () => {
        if (!current) throw new HttpError(409, 'You have no plan yet: choose one first');
        return current;
      };

      switch (payload.action) {
        case 'checkout': {
          if (current) throw new HttpError(409, 'You already have a plan: change it instead');
          let customerId = await data.customerOf(parent.id);
          if (!customerId) {
            customerId = await stripe.createCustomer(parent);
            await data.saveCustomer(parent.id, customerId);
          }
          const url = await stripe.createCheckout({
            customerId,
            priceId: await stripe.priceIdOf(lookupKeyOf(payload.plan)),
            parentId: parent.id,
            successUrl: billingPage('?checkout=success&session_id={CHECKOUT_SESSION_ID}'),
            cancelUrl: billingPage('?checkout=cancelled'),
          });
          return json(200, { url });
        }
        case 'change_plan': {
          const sub = requireCurrent();
          if (sub.plan === payload.plan) throw new HttpError(409, 'That is already your plan');
          await stripe.changePrice(sub.id, await stripe.priceIdOf(lookupKeyOf(payload.plan)));
          return json(202, { subscription_id: sub.id, requested: 'change_plan', plan: payload.plan });
        }
        case 'pause': {
          const sub = requireCurrent();
          if (sub.pause_behavior) throw new HttpError(409, 'Your plan is already paused');
          if (sub.cancel_at_period_end) throw new HttpError(409, 'Your plan is cancelled: keep it first');
          await stripe.setPaused(sub.id, true);
          return json(202, { subscription_id: sub.id, requested: 'pause' });
        }
        case 'resume': {
          const sub = requireCurrent();
          if (!sub.pause_behavior) throw new HttpError(409, 'Your plan is not paused');
          await stripe.setPaused(sub.id, false);
          return json(202, { subscription_id: sub.id, requested: 'resume' });
        }
        case 'cancel': {
          const sub = requireCurrent();
          if (sub.cancel_at_period_end) throw new HttpError(409, 'Your plan is already cancelled');
          await stripe.setCancelAtPeriodEnd(sub.id, true);
          return json(202, { subscription_id: sub.id, requested: 'cancel' });
        }
        case 'keep': {
          const sub = requireCurrent();
          if (!sub.cancel_at_period_end) throw new HttpError(409, 'Your plan is not cancelled');
          await stripe.setCancelAtPeriodEnd(sub.id, false);
          return json(202, { subscription_id: sub.id, requested: 'keep' });
        }
        case 'update_card': {
          const customerId = await data.customerOf(parent.id);
          if (!customerId) throw new HttpError(409, 'You have no card on file yet: choose a plan first');
          return json(200, { url: await stripe.portalUrl(customerId, billingPage()) });
        }
        case 'summary': {
          // What only Stripe knows: the next charge with its prorations, and the card it goes on.
          const customerId = await data.customerOf(parent.id);
          if (!customerId) return json(200, { next_charge: null, card: null });
          const upcoming = current && !current.pause_behavior && !current.cancel_at_period_end;
          const [nextCharge, card] = await Promise.all([
            upcoming ? stripe.nextCharge(customerId, current.id) : null,
            stripe.cardOf(customerId),
          ]);
          return json(200, { next_charge: nextCharge, card });
        }
        case 'invoice_link': {
          if (!(await data.hasInvoice(parent.id, payload.invoice_id)))
            throw new HttpError(404, 'No such invoice');
          const url = await stripe.invoicePdf(payload.invoice_id);
          if (!url) throw new HttpError(409, 'This invoice has no PDF yet');
          return json(200, { url });
        }
      }
    },
    deps.logger,
  );
}
