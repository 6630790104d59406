import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import pg from 'pg';
import { demoAccounts, demoEmail } from './demo-accounts.ts';

/**
 * The demo family's plan for `npm start`: Focused Progress (two sessions a week), paid the way a
 * family pays. The demo parent signs in, the `billing` function opens a checkout on the Stripe
 * stand-in, the stand-in's checkout page is paid with the test card 4242 4242 4242 4242, and the
 * stand-in's signed webhook writes the subscription, as Stripe's does on a hosted project. So
 * billing, pause and resume, and everything a plan gives can be tried on the demo accounts.
 *
 * Once only: a family that has a plan (or had one, and ended it) keeps what it has. Only `npm start`
 * calls it, never the test stack, whose tests choose each family's plan themselves.
 */

const DEMO_PARENT = 'a0000000-0000-4000-8000-000000000003';
export const DEMO_PLAN = 'focused-progress';

export interface DemoPlan {
  plan: string;
  status: string;
  created: boolean;
}

async function currentPlan(dbUrl: string): Promise<{ plan: string; status: string } | null> {
  const db = new pg.Client({ connectionString: dbUrl });
  db.on('error', () => {});
  await db.connect();
  try {
    const { rows } = await db.query<{ plan: string; status: string }>(
      `select plan, status from public.subscriptions
        where parent_id = $1 and status not in ('incomplete', 'incomplete_expired')
        order by stripe_created desc limit 1`,
      [DEMO_PARENT],
    );
    return rows[0] ?? null;
  } finally {
    await db.end();
  }
}

export async function ensureDemoPlan(
  urls: { api: string; db: string },
  anonKey: string,
): Promise<DemoPlan | null> {
  const had = await currentPlan(urls.db);
  if (had) return { ...had, created: false };
  const supabase = createClient(urls.api, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  try {
    const signIn = await supabase.auth.signInWithPassword({
      email: demoEmail('parent'),
      password: demoAccounts.password,
    });
    if (signIn.error) throw signIn.error;
    const checkout = await supabase.functions.invoke<{ url: string }>('billing', {
      body: { action: 'checkout', plan: DEMO_PLAN },
    });
    if (checkout.error || !checkout.data?.url) throw checkout.error ?? new Error('no checkout page');
    // The checkout page's form, filled as the parent fills it.
    const paid = await fetch(checkout.data.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Sam Rivera',
        cardNumber: '4242 4242 4242 4242',
        cardExpiry: '12 / 34',
        cardCvc: '123',
      }),
    });
    if (paid.status !== 302 && paid.status !== 303 && paid.status !== 200) {
      throw new Error(`the checkout page answered ${paid.status}`);
    }
    await supabase.auth.signOut();
    // The page answers once the webhook has had its first delivery.
    const now = await currentPlan(urls.db);
    if (!now) throw new Error('the payment went through, but no subscription was recorded');
    return { ...now, created: true };
  } catch (error) {
    console.warn(`The demo family has no plan: ${(error as Error).message}`);
    return null;
  } finally {
    await supabase.removeAllChannels();
  }
}
