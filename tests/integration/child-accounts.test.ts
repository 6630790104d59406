import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childSignIn } from '../support/child-login.ts';
import { adminDb, anonClient, serviceClient, signedInClient } from '../support/stack.ts';

/**
 * Child logins end to end through supabase-js as the site uses them: the parent invokes the
 * child-accounts function; the child signs in with the username as /login sends it; the child
 * reads its dashboard (rpc child_dashboard) and nothing of the adults' records.
 */

let db: pg.Client;
let parent: Awaited<ReturnType<typeof signedInClient>>;
let otherParent: Awaited<ReturnType<typeof signedInClient>>;
let childId: string;
let siblingId: string;
let sessionId: string;
let siblingSessionId: string;
// Unique across files started in the same millisecond.
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const username = `kid.${run}`;

async function invoke(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke('child-accounts', { body });
  if (!error) return { status: 200, data: data as Record<string, unknown> };
  const response = (error as { context?: Response }).context;
  return { status: response?.status ?? 0, data: (await response?.json()) as Record<string, unknown> };
}

/** Signs in as /login does for a username: the child-sign-in function, then the session it answers. */
async function signInAsChild(login: string, password: string) {
  const client = anonClient();
  const answer = await childSignIn(login.trim().toLowerCase(), password, client);
  if (answer.status !== 200) {
    return { client, data: { user: null }, error: { message: String(answer.body.error) } };
  }
  const { data, error } = await client.auth.setSession({
    access_token: String(answer.body.access_token),
    refresh_token: String(answer.body.refresh_token),
  });
  return { client, data: { user: data.user }, error };
}

beforeAll(async () => {
  db = await adminDb();
  parent = await signedInClient({ firstName: 'Pat', lastName: 'Family' });
  otherParent = await signedInClient({ firstName: 'Other', lastName: 'Family' });
  const { rows } = await db.query<{ id: string }>(
    `insert into public.children (parent_id, first_name, age_band, notes)
     values ($1, 'Kiki', '8', 'Parent''s private note'), ($1, 'Bo', '10', null) returning id`,
    [parent.userId],
  );
  [childId, siblingId] = rows.map((r) => r.id);
  const coach = await db.query<{ id: string }>(
    `select id from public.coaches where display_name = 'Maya Chen'`,
  );
  const sessions = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at)
     values ($1, $3, $2, now() + interval '5 minutes'), ($4, null, $2, now() + interval '2 days')
     returning id`,
    [childId, parent.userId, coach.rows[0].id, siblingId],
  );
  [sessionId, siblingSessionId] = sessions.rows.map((r) => r.id);
  await db.query(
    `insert into public.ploom_points (child_id, points, reason, awarded_by) values ($1, 10, 'Came', $2), ($1, 5, 'Tried', $2)`,
    [childId, parent.userId],
  );
});

afterAll(async () => {
  await db?.query(`delete from public.children where parent_id = $1`, [parent?.userId]);
  await db?.end();
});

describe('child-accounts', () => {
  it('refuses a caller who is not signed in (401) and a bad payload (400 with the reason)', async () => {
    const anonymous = await invoke(anonClient(), { action: 'create', child_id: childId });
    expect(anonymous.status).toBe(401);
    const bad = await invoke(parent.client, {
      action: 'create',
      child_id: childId,
      username: 'Kiki Family',
      secret: 'sunny-day-42',
      secret_kind: 'password',
    });
    expect(bad).toEqual({
      status: 400,
      data: {
        error:
          'username: may use letters, digits, dots and dashes, starting and ending with a letter or digit',
      },
    });
    const shortPin = await invoke(parent.client, {
      action: 'create',
      child_id: childId,
      username,
      secret: '4027',
      secret_kind: 'pin',
    });
    expect(shortPin).toEqual({ status: 400, data: { error: 'secret: a PIN must be at least 8 digits' } });
  });

  it("another parent cannot give someone else's child a login (404)", async () => {
    const answer = await invoke(otherParent.client, {
      action: 'create',
      child_id: childId,
      username: `intruder.${run}`,
      secret: 'sunny-day-42',
      secret_kind: 'password',
    });
    expect(answer).toEqual({ status: 404, data: { error: 'No such child' } });
    const { rows } = await db.query(`select user_id from public.children where id = $1`, [childId]);
    expect(rows[0].user_id).toBeNull();
  });

  it('the parent gives a login; the child signs in with the username and is a child, confirmed', async () => {
    const created = await invoke(parent.client, {
      action: 'create',
      child_id: childId,
      username: username.toUpperCase(),
      secret: '40271958',
      secret_kind: 'pin',
    });
    expect(created).toEqual({ status: 200, data: { child_id: childId, username, secret_kind: 'pin' } });

    // The parent's screen reads the username under RLS.
    const { data: logins, error } = await parent.client
      .from('child_logins')
      .select('child_id, username, secret_kind');
    expect(error).toBeNull();
    expect(logins).toEqual([{ child_id: childId, username, secret_kind: 'pin' }]);

    const child = await signInAsChild(` ${username.toUpperCase()} `, '40271958');
    expect(child.error).toBeNull();
    const user = child.data.user!;
    // Its Auth address is random: nothing of the username, so Auth's sign-up cannot tell it is taken.
    expect(user.email).toMatch(/^c-[0-9a-f]{32}@child\.ploom\.invalid$/);
    expect(user.email).not.toContain(username);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata).toMatchObject({ first_name: 'Kiki' });
    expect(user.user_metadata.last_name).toBeUndefined();
    const roles = await child.client.from('user_roles').select('role');
    expect(roles.data).toEqual([{ role: 'child' }]);
    const linked = await db.query(`select user_id from public.children where id = $1`, [childId]);
    expect(linked.rows[0].user_id).toBe(user.id);

    // A wrong PIN is Auth's usual refusal.
    const wrong = await signInAsChild(username, '40271959');
    expect(wrong.error?.message).toBe('Invalid login credentials');
  });

  it('a second child cannot take the username (409)', async () => {
    const answer = await invoke(parent.client, {
      action: 'create',
      child_id: siblingId,
      username,
      secret: 'sunny-day-42',
      secret_kind: 'password',
    });
    expect(answer).toEqual({ status: 409, data: { error: 'That username is taken: try another one' } });
  });

  it('the child reads its dashboard and its own sessions, not the adults’ records', async () => {
    const { client } = await signInAsChild(username, '40271958');
    const { data, error } = await client.rpc('child_dashboard');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({
      child_id: childId,
      first_name: 'Kiki',
      points: 15,
      next_session_id: sessionId,
      coach_first_name: 'Maya',
    });
    // The room opens 10 minutes before the start: this one starts in 5, so it is open now.
    expect(Date.parse(data![0].next_opens_at!)).toBeLessThan(Date.now());

    const children = await client.from('children').select('id, notes');
    expect(children.data).toEqual([]);
    const sessions = await client.from('coaching_sessions').select('id');
    expect(sessions.data).toEqual([{ id: sessionId }]);
    const siblingRoom = await client.rpc('get_session_room', { session_id: siblingSessionId });
    expect(siblingRoom.data).toEqual([]);
    const ownRoom = await client.rpc('get_session_room', { session_id: sessionId });
    expect(ownRoom.data?.[0]?.viewer_role).toBe('child');
    const logins = await client.from('child_logins').select('username');
    expect(logins.data).toEqual([]);

    // A parent's own call of the dashboard returns nothing: it is the child's alone.
    const asParent = await parent.client.rpc('child_dashboard');
    expect(asParent.data).toEqual([]);
  });

  it('the parent changes the username and the secret; the old ones stop working', async () => {
    const renamed = `${username}-2`;
    const answer = await invoke(parent.client, {
      action: 'update',
      child_id: childId,
      username: renamed,
      secret: 'blue-kite-sky',
      secret_kind: 'password',
    });
    expect(answer).toEqual({
      status: 200,
      data: { child_id: childId, username: renamed, secret_kind: 'password' },
    });
    expect((await signInAsChild(username, '40271958')).error?.message).toBe('Invalid login credentials');
    expect((await signInAsChild(renamed, '40271958')).error?.message).toBe('Invalid login credentials');
    expect((await signInAsChild(renamed, 'blue-kite-sky')).error).toBeNull();
    const audit = await db.query(
      `select action, metadata from public.audit_logs where entity_type = 'child' and entity_id = $1 order by created_at, action`,
      [childId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['CHILD_LOGIN_CREATED', 'CHILD_LOGIN_UPDATED']);
    expect(JSON.stringify(audit.rows)).not.toContain('blue-kite-sky');
  });

  it('the parent removes the login: the Auth user is gone and the child unlinked', async () => {
    const { rows } = await db.query<{ user_id: string }>(
      `select user_id from public.children where id = $1`,
      [childId],
    );
    const answer = await invoke(parent.client, { action: 'remove', child_id: childId });
    expect(answer).toEqual({ status: 200, data: { child_id: childId, status: 'removed' } });
    const after = await db.query(`select user_id from public.children where id = $1`, [childId]);
    expect(after.rows[0].user_id).toBeNull();
    const { data } = await serviceClient().auth.admin.getUserById(rows[0].user_id);
    expect(data.user).toBeNull();
    expect((await signInAsChild(`${username}-2`, 'blue-kite-sky')).error?.message).toBe(
      'Invalid login credentials',
    );
  });

  it("deleting a child deletes the child's login too", async () => {
    const created = await invoke(parent.client, {
      action: 'create',
      child_id: siblingId,
      username: `bo.${run}`,
      secret: 'sunny-day-42',
      secret_kind: 'password',
    });
    expect(created.status).toBe(200);
    const { rows } = await db.query<{ user_id: string }>(
      `select user_id from public.children where id = $1`,
      [siblingId],
    );
    const { error } = await parent.client.from('children').delete().eq('id', siblingId);
    expect(error).toBeNull();
    const users = await db.query(`select id from auth.users where id = $1`, [rows[0].user_id]);
    expect(users.rows).toEqual([]);
  });
});
