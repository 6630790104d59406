import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { demoAccounts } from '../../scripts/demo-accounts.ts';
import { waitForEmail } from '../support/inbox.ts';
import { confirmationLink, followAuthLink, signedUpThroughEmail } from '../support/sign-up.ts';
import { adminDb, anonClient, serviceClient, uniqueEmail } from '../support/stack.ts';

/**
 * An email address proves nothing until it is confirmed (docs/decisions/121). A stranger who signs
 * up with a lead's address gets no session, and nothing matches the lead to that account: not the
 * family's data (export and deletion), not the enrolment, which invites the address instead. Once
 * the address's owner confirms it, the matching works as before.
 */

type Rows = Record<string, Record<string, unknown>[]>;
const MEI = 'mei.wong@example.com'; // a seeded lead (not a fit) with a waitlist row and the team's note
const MEI_NOTE = 'Looking for an in-person therapist; sent two local referrals.';

let db: pg.Client;
const accounts: string[] = [];

beforeAll(async () => {
  db = await adminDb();
});

afterAll(async () => {
  if (accounts.length) await db.query('delete from auth.users where id = any($1)', [accounts]);
  await db.end();
});

async function accountIdFor(email: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    'select id from auth.users where lower(email) = lower($1)',
    [email],
  );
  return rows[0]?.id ?? null;
}

/** A sign-up as a stranger makes it: Auth's sign-up with someone else's address, never confirmed. */
async function strangerSignsUp(email: string): Promise<string> {
  const { data, error } = await anonClient().auth.signUp({
    email,
    password: 'stranger-password-1',
    options: { data: { first_name: 'Stranger' } },
  });
  expect(error).toBeNull();
  expect(data.session).toBeNull();
  const id = await accountIdFor(email);
  expect(id).not.toBeNull();
  accounts.push(id!);
  return id!;
}

async function adminClient(): Promise<SupabaseClient> {
  const client = anonClient();
  const admin = demoAccounts.users.find((u) => u.role === 'admin')!;
  const { error } = await client.auth.signInWithPassword({
    email: admin.email,
    password: demoAccounts.password,
  });
  if (error) throw error;
  return client;
}

/** A new intro-call request from `email` (its trigger makes the lead); returns the lead's id. */
async function leadFrom(email: string, childName: string): Promise<string> {
  const inserted = await anonClient().from('waitlist').insert({
    id: randomUUID(),
    name: 'Lucy Example',
    email,
    child_name: childName,
    age_band: '8',
    challenge: 'confidence',
    consent: true,
    source: 'fit-call',
  });
  expect(inserted.error).toBeNull();
  const { rows } = await db.query<{ id: string }>('select id from public.leads where email = $1', [email]);
  return rows[0].id;
}

describe("a stranger who signs up with a lead's address", () => {
  it('gets no session, and neither the export nor the deletion reaches the lead; its owner confirms and exports it', async () => {
    const stranger = await strangerSignsUp(MEI);
    const signIn = await anonClient().auth.signInWithPassword({
      email: MEI,
      password: 'stranger-password-1',
    });
    expect(signIn.error?.code).toBe('email_not_confirmed');

    // What the export and the deletion use finds the account, and nothing sent from the address.
    const { rows } = await db.query<{ rows: Rows }>('select private.family_rows($1) as rows', [stranger]);
    expect(rows[0].rows['auth.users']).toEqual([{ id: stranger }]);
    for (const table of ['leads', 'lead_events', 'waitlist', 'newsletter_subscribers', 'contact_messages']) {
      expect(rows[0].rows, table).not.toHaveProperty(table);
    }

    // The deletion's database half (what the family-data function calls) leaves the lead alone.
    const deletion = await serviceClient().rpc('delete_family_data', { account: stranger });
    expect(deletion.error).toBeNull();
    const kept = await db.query<{ leads: number; waitlist: number; notes: number }>(
      `select (select count(*)::int from public.leads where email = $1) as leads,
              (select count(*)::int from public.waitlist where email = $1) as waitlist,
              (select count(*)::int from public.lead_events e join public.leads l on l.id = e.lead_id
                where l.email = $1 and e.body = $2) as notes`,
      [MEI, MEI_NOTE],
    );
    expect(kept.rows[0]).toEqual({ leads: 1, waitlist: 1, notes: 1 });

    // The address's owner follows the confirmation link: the account is theirs, and so is the lead.
    const { client } = await followAuthLink(await confirmationLink(MEI));
    const { data, error } = await client.rpc('export_family_data');
    expect(error).toBeNull();
    const exported = data as { tables: Rows };
    expect(exported.tables.waitlist).toEqual([expect.objectContaining({ email: MEI, child_name: 'Lily' })]);
    expect(exported.tables.leads).toEqual([expect.objectContaining({ email: MEI, child_name: 'Lily' })]);
    // the team's note and its verdict are the team's records, not in the family's export
    const text = JSON.stringify(exported);
    expect(text).not.toContain(MEI_NOTE);
    expect(text).not.toContain('not_a_fit');
  });

  it('is removed when the team enrols the lead: the address is invited and the child goes to its owner', async () => {
    const email = uniqueEmail('lucy');
    const leadId = await leadFrom(email, 'Theo');
    const stranger = await strangerSignsUp(email);

    const admin = await adminClient();
    const { data, error } = await admin.functions.invoke('enrol-lead', { body: { leadId } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ alreadyEnrolled: false, invited: true });
    expect(data.parentId).not.toBe(stranger);
    accounts.push(data.parentId as string);

    // The stranger's account is gone with its password; the child is the invited account's.
    expect((await db.query('select 1 from auth.users where id = $1', [stranger])).rowCount).toBe(0);
    const stolen = await anonClient().auth.signInWithPassword({ email, password: 'stranger-password-1' });
    expect(stolen.error?.code).toBe('invalid_credentials');
    const { rows: children } = await db.query(
      `select c.parent_id, c.first_name, c.focus_areas from public.children c where c.id = $1`,
      [data.childId],
    );
    expect(children).toEqual([{ parent_id: data.parentId, first_name: 'Theo', focus_areas: ['confidence'] }]);

    // The invitation reaches the address: only its owner can open the account.
    await waitForEmail(email, /invit/i);
  });

  it('is refused by the database half of the enrolment, called directly', async () => {
    const email = uniqueEmail('direct');
    const leadId = await leadFrom(email, 'Ada');
    const stranger = await strangerSignsUp(email);
    const admin = await adminClient();
    const { error, status } = await admin.rpc('enrol_lead', { lead_id: leadId, child_first_name: 'Ada' });
    expect(error?.code).toBe('PT409');
    expect(status).toBe(409);
    const { rows } = await db.query('select 1 from public.children where parent_id = $1', [stranger]);
    expect(rows).toEqual([]);
  });

  it('once the address is confirmed, the enrolment attaches the child to that account', async () => {
    const email = uniqueEmail('confirmed');
    const leadId = await leadFrom(email, 'Noor');
    const parent = await signedUpThroughEmail({ email, firstName: 'Lucy' });
    accounts.push(parent.userId);
    const admin = await adminClient();
    const { data, error } = await admin.functions.invoke('enrol-lead', { body: { leadId } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ alreadyEnrolled: false, invited: false, parentId: parent.userId });
    const mine = await parent.client.from('children').select('id, first_name');
    expect(mine.data).toEqual([{ id: data.childId, first_name: 'Noor' }]);
  });
});
