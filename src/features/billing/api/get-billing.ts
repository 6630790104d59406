import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanId } from '@/content/plans';
import { useLiveQuery } from '@/lib/live-query';
import { getRest } from '@/lib/rest';

export interface Subscription {
  id: string;
  plan: PlanId;
  status: string;
  pauseBehavior: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  endedAt: string | null;
}

export interface Invoice {
  id: string;
  number: string | null;
  status: string;
  currency: string;
  amountDue: number;
  amountPaid: number;
  invoicePdf: string | null;
  hostedInvoiceUrl: string | null;
  paymentFailedAt: string | null;
  createdAt: string;
}

export interface Billing {
  /** The family's latest subscription (a checkout never paid is not one), if any. */
  subscription: Subscription | null;
  invoices: Invoice[];
  /** The plan the parent's quiz result recommends, if they took the quiz with this email. */
  recommendedPlan: PlanId | null;
}

/** Reads the family's billing as the webhook left it (RLS: the parent's own rows only). */
export async function getBilling(): Promise<Billing> {
  const supabase = getRest();
  const [subscriptions, invoices, recommended] = await Promise.all([
    supabase
      .from('subscriptions')
      .select('id, plan, status, pause_behavior, cancel_at_period_end, current_period_end, ended_at')
      .not('status', 'in', '(incomplete,incomplete_expired)')
      .order('stripe_created', { ascending: false })
      .limit(1),
    supabase
      .from('invoices')
      .select(
        'id, number, status, currency, amount_due, amount_paid, invoice_pdf, hosted_invoice_url, payment_failed_at, stripe_created',
      )
      .neq('status', 'draft')
      .order('stripe_created', { ascending: false })
      .limit(24),
    supabase.rpc('my_recommended_plan'),
  ]);
  if (subscriptions.error) throw subscriptions.error;
  if (invoices.error) throw invoices.error;
  if (recommended.error) throw recommended.error;
  const sub = subscriptions.data[0];
  return {
    subscription: sub
      ? {
          id: sub.id,
          plan: sub.plan as PlanId,
          status: sub.status,
          pauseBehavior: sub.pause_behavior,
          cancelAtPeriodEnd: sub.cancel_at_period_end,
          currentPeriodEnd: sub.current_period_end,
          endedAt: sub.ended_at,
        }
      : null,
    invoices: invoices.data.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      currency: i.currency,
      amountDue: i.amount_due,
      amountPaid: i.amount_paid,
      invoicePdf: i.invoice_pdf,
      hostedInvoiceUrl: i.hosted_invoice_url,
      paymentFailedAt: i.payment_failed_at,
      createdAt: i.stripe_created,
    })),
    recommendedPlan: (recommended.data as PlanId | null) ?? null,
  };
}

export const billingKey = ['billing'] as const;

export const billingQueryOptions = () => queryOptions({ queryKey: billingKey, queryFn: getBilling });

/**
 * The family's billing, kept fresh: the webhook's writes arrive through Realtime; while a change
 * asked of Stripe is on its way (`waiting`), the page also reads again every two seconds.
 */
export function useBilling({ waiting = false }: { waiting?: boolean } = {}) {
  useLiveQuery(billingKey, { table: 'subscriptions' });
  useLiveQuery(billingKey, { table: 'invoices' });
  return useQuery({ ...billingQueryOptions(), refetchInterval: waiting ? 2000 : false });
}
