import bcrypt from 'bcryptjs';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { ANON_KEY } from '../local-supabase/config.ts';
import type { RunningStack } from '../local-supabase/stack.ts';
import { onThrowawayStack, percentile } from './lib/throwaway-stack.ts';
import type { Database } from '../src/types/database.ts';
import { demoAccounts } from '../scripts/demo-accounts.ts';
import { seedScale, SCALE_EMAIL_DOMAIN } from '../scripts/lib/scale-seed.ts';

/**
 * The staff inbox as the business grows (issue 36, decision 211): at the scale seed (10,000
 * families at SCALE=1), an admin who may read every family's conversation follows them all on one
 * private channel (`staff-messages:<their id>`), whatever the number of families. Families' parents
 * write one after the other; for each message this times, through supabase-js as the screens do it:
 *   - send → broadcast: from the parent's insert to the admin's channel hearing of it;
 *   - send → inbox row: to the admin's inbox (family_conversations, first page, as the inbox reads it
 *     on that broadcast) showing that family first with the new message.
 * And it counts the channels the admin's client holds. Prints a JSON line.
 *
 *   tsx bench/staff-inbox.ts      a throwaway stack (offset 1970) seeded at SCALE (1 by default)
 *   MESSAGES=30 by default
 */
const scale = Number(process.env.SCALE ?? 1);
const messages = Math.min(Number(process.env.MESSAGES ?? 30), 500);
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1970';

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

const pct = (times: number[], p: number) => Math.round(percentile(times, p) * 10) / 10;

async function signIn(stack: RunningStack, email: string, password: string) {
  const client: SupabaseClient<Database> = createClient<Database>(stack.urls.api, ANON_KEY, clientOptions);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, userId: data.user.id };
}

await onThrowawayStack('inbox', async (stack) => {
  const db = new pg.Client({ connectionString: stack.urls.db });
  db.on('error', () => undefined);
  await db.connect();
  await seedScale(db, { scale, passwordHash: bcrypt.hashSync('ploom-scale-2026', 10) });
  // Families whose child has a coach: they write to the team; one message each, as many as measured.
  const { rows: writers } = await db.query<{ email: string }>(
    `select u.email from auth.users u
      where u.email like 'parent.%@' || $1
        and exists (select 1 from public.children c where c.parent_id = u.id and c.coach_id is not null)
      order by random() limit $2`,
    [SCALE_EMAIL_DOMAIN, messages],
  );
  const { rows: counted } = await db.query<{ families: number }>(
    `select count(distinct c.parent_id)::int as families from public.children c`,
  );
  await db.end();

  const admin = await signIn(
    stack,
    demoAccounts.users.find((u) => u.role === 'admin')!.email,
    demoAccounts.password,
  );
  // The inbox's one channel, as useFollowStaffMessages joins it.
  let heard: ((familyId: string) => void) | undefined;
  const channel: RealtimeChannel = admin.client
    .channel(`staff-messages:${admin.userId}`, { config: { private: true } })
    .on('broadcast', { event: 'message' }, ({ payload }) => heard?.(String(payload?.family_id ?? '')));
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
    });
  });

  const toBroadcast: number[] = [];
  const toInboxRow: number[] = [];
  for (const { email } of writers) {
    const parent = await signIn(stack, email, 'ploom-scale-2026');
    const body = `A question from the bench, ${Math.random().toString(36).slice(2, 10)}`;
    const broadcast = new Promise<number>((resolve) => {
      heard = (familyId) => {
        if (familyId === parent.userId) resolve(performance.now());
      };
    });
    const sent = performance.now();
    const { error } = await parent.client.from('family_messages').insert({ family_id: parent.userId, body });
    if (error) throw error;
    const heardAt = await Promise.race([
      broadcast,
      new Promise<number>((_, reject) =>
        setTimeout(() => reject(new Error('no broadcast within 10 s')), 10_000),
      ),
    ]);
    toBroadcast.push(heardAt - sent);
    // The inbox reads its first page again on the broadcast; the family is first, with the message.
    for (;;) {
      const { data, error: readError } = await admin.client
        .rpc('family_conversations', undefined, { count: 'exact' })
        .range(0, 19);
      if (readError) throw readError;
      const first = (data ?? [])[0] as { family_id?: string; last_body?: string } | undefined;
      if (first?.family_id === parent.userId) break;
      if (performance.now() - sent > 10_000)
        throw new Error('the inbox did not show the message within 10 s');
    }
    toInboxRow.push(performance.now() - sent);
    await parent.client.auth.signOut();
  }

  console.log(
    JSON.stringify({
      bench: 'staff-inbox',
      scale,
      families: counted[0]!.families,
      messages: writers.length,
      channelsHeldByTheAdmin: admin.client.getChannels().length,
      sendToBroadcast: { p50Ms: pct(toBroadcast, 0.5), p95Ms: pct(toBroadcast, 0.95) },
      sendToInboxRow: { p50Ms: pct(toInboxRow, 0.5), p95Ms: pct(toInboxRow, 0.95) },
    }),
  );
  await admin.client.removeAllChannels();
});
