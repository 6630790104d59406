import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminDb, anonClient, signedInClient, uniqueEmail } from '../support/stack.ts';
import { demoAccounts, demoEmail } from '../../scripts/demo-accounts.ts';

/** A message as the /contact form sends it. */
function contactMessage(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    name: 'Jordan Rivera',
    email: uniqueEmail('contact'),
    topic: 'program',
    message: 'Could sessions be at 5 pm on weekdays?',
    analytics_session_id: `session_${Date.now()}_xyz789`,
    ...overrides,
  };
}

let admin: SupabaseClient;
let db: Awaited<ReturnType<typeof adminDb>>;

beforeAll(async () => {
  admin = anonClient();
  const { error } = await admin.auth.signInWithPassword({
    email: demoEmail('admin'),
    password: demoAccounts.password,
  });
  if (error) throw error;
  db = await adminDb();
});
afterAll(async () => {
  await db.end();
});

describe('contact_messages', () => {
  it('a visitor sends a message that only admins can read', async () => {
    const row = contactMessage();
    const visitor = anonClient();
    expect((await visitor.from('contact_messages').insert(row)).error).toBeNull();
    const read = await visitor.from('contact_messages').select('*');
    expect(read.data ?? []).toEqual([]);
    expect(read.error?.code).toBe('42501');

    const { client: parent } = await signedInClient();
    expect((await parent.from('contact_messages').select('id').eq('id', row.id)).data).toEqual([]);

    const { data, error } = await admin
      .from('contact_messages')
      .select('id, email, topic, status')
      .eq('id', row.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: row.id, email: row.email, topic: 'program', status: 'new' }]);
  });

  it('a retried send collides on the client id instead of storing the message twice', async () => {
    const row = contactMessage();
    const visitor = anonClient();
    await visitor.from('contact_messages').insert(row);
    expect((await visitor.from('contact_messages').insert(row)).error?.code).toBe('23505');
    const { rows } = await db.query('select count(*)::int as n from public.contact_messages where id = $1', [
      row.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('a visitor cannot set the status or the notified time, nor send an invalid message', async () => {
    const visitor = anonClient();
    expect(
      (await visitor.from('contact_messages').insert(contactMessage({ status: 'closed' }))).error,
    ).not.toBeNull();
    expect(
      (
        await visitor
          .from('contact_messages')
          .insert(contactMessage({ notified_at: new Date().toISOString() }))
      ).error,
    ).not.toBeNull();
    expect(
      (await visitor.from('contact_messages').insert(contactMessage({ message: 'hi' }))).error?.code,
    ).toBe('23514');
    expect(
      (await visitor.from('contact_messages').insert(contactMessage({ topic: 'spam' }))).error?.code,
    ).toBe('23514');
    expect(
      (await visitor.from('contact_messages').insert(contactMessage({ email: 'nope' }))).error?.code,
    ).toBe('23514');
  });

  it('an admin marks a message replied; a parent cannot', async () => {
    const row = contactMessage();
    await anonClient().from('contact_messages').insert(row);
    const { client: parent } = await signedInClient();
    await parent.from('contact_messages').update({ status: 'closed' }).eq('id', row.id);
    const afterParent = await db.query('select status from public.contact_messages where id = $1', [row.id]);
    expect(afterParent.rows[0].status).toBe('new');

    const { error } = await admin.from('contact_messages').update({ status: 'replied' }).eq('id', row.id);
    expect(error).toBeNull();
    const { rows } = await db.query(
      'select status, updated_at > created_at as touched from public.contact_messages where id = $1',
      [row.id],
    );
    expect(rows[0]).toEqual({ status: 'replied', touched: true });
  });
});
