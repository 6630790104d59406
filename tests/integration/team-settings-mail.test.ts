import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForEmail } from '../support/inbox.ts';
import { anonClientFrom } from '../support/peer.ts';
import { adminDb, signedInClient, uniqueEmail } from '../support/stack.ts';

/**
 * The mailing functions read the team's settings (/admin/settings) from the database: an admin
 * changes the notification address and the reply-time promise, a family submits a form, and the
 * team's mail arrives at the new address while the family's email promises the new reply time.
 */

let db: pg.Client;
let admin: Awaited<ReturnType<typeof signedInClient>>;

beforeAll(async () => {
  db = await adminDb();
  admin = await signedInClient({ firstName: 'Team', lastName: 'Settings' });
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.userId]);
});

afterAll(async () => {
  await db.query(
    `update public.app_settings set team_notification_email = 'team@ploom.local', reply_within_hours = 24`,
  );
  await db.query(`delete from public.user_roles where user_id = $1`, [admin.userId]);
  await db.end();
});

/** Saves the team's settings as the admin does on /admin/settings. */
async function saveSettings(teamEmail: string, replyWithinHours: number): Promise<void> {
  const { error } = await admin.client
    .from('app_settings')
    .update({ team_notification_email: teamEmail, reply_within_hours: replyWithinHours })
    .eq('id', 'team');
  expect(error).toBeNull();
}

describe('the team settings reach the mailing functions', () => {
  it('an intro-call request notifies the address in the settings and promises its reply time', async () => {
    const teamEmail = uniqueEmail('intake');
    await saveSettings(teamEmail, 6);
    const client = anonClientFrom();
    const marker = Math.random().toString(36).slice(2, 8);
    const form = {
      name: `Ana ${marker}`,
      email: uniqueEmail('fitcall'),
      phone: '',
      childName: 'Leo',
      childAge: '8',
      challenge: 'focus',
    };
    const inserted = await client.from('waitlist').insert({
      name: form.name,
      email: form.email,
      child_name: form.childName,
      age_band: form.childAge,
      challenge: form.challenge,
      consent: true,
      source: 'fit-call',
    });
    expect(inserted.error).toBeNull();
    const { data, error } = await client.functions.invoke('send-fit-call-notifications', { body: form });
    expect(error).toBeNull();
    // an intro-call request's answer carries the link token to book the call (decision 170)
    expect(data).toEqual({
      sent: true,
      team: true,
      confirmation: true,
      bookingToken: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const team = await waitForEmail(teamEmail, new RegExp(`New Intro Call request from Ana ${marker}`));
    expect(team.text).toMatch(/We promised a reply within 6 hours\./);
    const parent = await waitForEmail(form.email, /Intro Call request/);
    expect(parent.text).toMatch(/We will reply within 6 hours to schedule/);
    expect(parent.text).not.toMatch(/24 hours/);
  });

  it('a contact message notifies the address in the settings; the receipt promises its reply time', async () => {
    const teamEmail = uniqueEmail('hello');
    await saveSettings(teamEmail, 48);
    const client = anonClientFrom();
    const marker = Math.random().toString(36).slice(2, 8);
    const message = {
      name: `Priya ${marker}`,
      email: uniqueEmail('contact'),
      topic: 'program',
      message: 'How long is each coaching session?',
    };
    const inserted = await client.from('contact_messages').insert({ id: crypto.randomUUID(), ...message });
    expect(inserted.error).toBeNull();
    const { data, error } = await client.functions.invoke('send-contact-notification', { body: message });
    expect(error).toBeNull();
    expect(data).toEqual({ sent: true });

    const team = await waitForEmail(teamEmail, new RegExp(`Contact form: .*Priya ${marker}`));
    expect(team.text).toMatch(/We promised a reply within 48 hours;/);
    const receipt = await waitForEmail(message.email, /We received your message/);
    expect(receipt.text).toMatch(/will reply within 48 hours\./);
  });
});
