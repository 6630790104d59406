import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { demoAccounts } from '../scripts/demo-accounts.ts';
import { onThrowawayStack, percentile } from './lib/throwaway-stack.ts';

/**
 * Password guessing against the local Auth, as an attacker on one address would try it: wrong
 * passwords for a real account, CONCURRENCY at a time, for SECONDS. Reports how many attempts were
 * answered and how many refused (429 over_request_rate_limit, from `[auth.rate_limit]` in
 * supabase/config.toml), the latency of an answered attempt, and what an ordinary visitor meanwhile
 * sees: REST reads through the same gateway, and a correct sign-in. A fresh stack on its own ports
 * (offset 1950) in a temporary folder; loopback only; it stops itself. Prints a JSON line.
 *   tsx bench/auth-brute-force.ts        SECONDS=20 CONCURRENCY=10 by default
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1950';
const seconds = Math.min(Number(process.env.SECONDS ?? 20), 120);
const concurrency = Math.min(Number(process.env.CONCURRENCY ?? 10), 50);

const quantile = (values: number[], q: number) =>
  values.length === 0 ? null : Math.round(percentile(values, q) * 10) / 10;
const victim = demoAccounts.users.find((u) => u.role === 'parent')!.email;

await onThrowawayStack('auth', async (stack) => {
  const client = () =>
    createClient(stack.urls.api, stack.keys.anon, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  // A quiet baseline for REST first.
  const visitor = client();
  const restQuiet: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    await visitor.from('coaches').select('display_name').limit(5);
    restQuiet.push(performance.now() - started);
  }

  const deadline = Date.now() + seconds * 1000;
  const answered: number[] = [];
  let refused = 0;
  let other = 0;
  const attacker = async () => {
    const auth = client().auth;
    while (Date.now() < deadline) {
      const started = performance.now();
      const { error } = await auth.signInWithPassword({ email: victim, password: 'not-the-password' });
      const ms = performance.now() - started;
      if (error?.status === 429) refused += 1;
      else if (error?.status === 400) answered.push(ms);
      else other += 1;
      // An attacker who is refused tries again at once; keep the loop from spinning the CPU alone.
      if (error?.status === 429) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const restLoaded: number[] = [];
  const reader = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      await visitor.from('coaches').select('display_name').limit(5);
      restLoaded.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.all([...Array.from({ length: concurrency }, attacker), reader()]);

  const result = {
    bench: 'auth-brute-force',
    seconds,
    concurrency,
    attempts: answered.length + refused + other,
    answered: answered.length,
    refused429: refused,
    otherErrors: other,
    answeredLatencyMs: { p50: quantile(answered, 0.5), p95: quantile(answered, 0.95) },
    restQuietMs: { p50: quantile(restQuiet, 0.5), p95: quantile(restQuiet, 0.95) },
    restDuringAttackMs: { p50: quantile(restLoaded, 0.5), p95: quantile(restLoaded, 0.95) },
  };
  console.log(
    `${result.attempts} wrong-password attempts in ${seconds} s: ${result.answered} answered ` +
      `(p50 ${result.answeredLatencyMs.p50} ms), ${refused} refused with 429; REST p50 ` +
      `${result.restQuietMs.p50} ms quiet, ${result.restDuringAttackMs.p50} ms during the attack`,
  );
  console.log(JSON.stringify(result));
});
