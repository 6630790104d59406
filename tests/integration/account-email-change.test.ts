import { describe, expect, it } from 'vitest';
import { anonClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { waitForEmail, type InboxEmail } from '../support/inbox.ts';

/**
 * Changing the sign-in email from the account page, with secure email change on
 * (config.toml: double_confirm_changes = true), as hosted Auth does it: a link goes to the current
 * address and one to the new; the address changes only once both are followed.
 */

const SUBJECT = /Confirm your new email address/;
const ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

function linkIn(mail: InboxEmail): string {
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no verify link in:\n${mail.text}`);
  return match[0];
}

const fragmentOf = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));

async function follow(link: string) {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return fragmentOf(response.headers.get('location')!);
}

async function requestChange() {
  const person = await signedInClient({ firstName: 'Sam' });
  const newEmail = uniqueEmail('moved');
  const { data, error } = await person.client.auth.updateUser(
    { email: newEmail },
    { emailRedirectTo: `${stackEnv.siteUrl}/app/account` },
  );
  expect(error).toBeNull();
  // Nothing changes yet; the pending address is reported as new_email.
  expect(data.user?.email).toBe(person.email);
  expect(data.user?.new_email).toBe(newEmail);
  const toCurrent = await waitForEmail(person.email, SUBJECT);
  const toNew = await waitForEmail(newEmail, SUBJECT);
  return { ...person, newEmail, toCurrent, toNew };
}

describe('changing the sign-in email (secure email change)', () => {
  it('mails both addresses, and moves the account only when both links are followed', async () => {
    const { email, newEmail, password, toCurrent, toNew } = await requestChange();
    expect(toCurrent.text).toContain(newEmail);

    const first = await follow(linkIn(toNew));
    expect(first.get('message')).toBe(ACCEPTED);
    expect(first.get('access_token')).toBeNull();
    const stillOld = await anonClient().auth.signInWithPassword({ email, password });
    expect(stillOld.error).toBeNull();

    const second = await follow(linkIn(toCurrent));
    expect(second.get('type')).toBe('email_change');
    expect(second.get('access_token')).toBeTruthy();

    const moved = await anonClient().auth.signInWithPassword({ email: newEmail, password });
    expect(moved.error).toBeNull();
    expect(moved.data.user?.email).toBe(newEmail);
    const old = await anonClient().auth.signInWithPassword({ email, password });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it('works in either order, and each link works once', async () => {
    const { newEmail, password, toCurrent, toNew } = await requestChange();
    const currentLink = linkIn(toCurrent);
    expect((await follow(currentLink)).get('message')).toBe(ACCEPTED);
    expect((await follow(currentLink)).get('error_code')).toBe('otp_expired');
    expect((await follow(linkIn(toNew))).get('access_token')).toBeTruthy();
    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password })).error).toBeNull();
  });
});
