import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { adminDb, anonClient, serviceClient, signedInClient, uniqueEmail } from '../support/stack.ts';

/**
 * The family's data (docs/decisions/092): the export (RPC export_family_data, as the parent) and
 * the deletion (the family-data function) cover the same rows: the accounts, everything tied to
 * them by a cascading key, and what the family sent before signing up (by email). Nothing is left
 * after a deletion, another family keeps everything, and one audit entry with ids only remains.
 */

type Rows = Record<string, Record<string, unknown>[]>;

const PASSWORD = 'correct-horse-battery-9';

/** A family with a child login, a coach, sessions, notes, points, rewards, leads and form rows. */
async function createFamily(db: pg.Client, label: string) {
  const parent = await signedInClient({ email: uniqueEmail(`family-${label}`), firstName: 'Sam' });
  const coach = await signedInClient({ email: uniqueEmail(`coach-${label}`), firstName: 'Jordan' });
  await db.query(`update public.user_roles set role = 'coach' where user_id = $1`, [coach.userId]);
  const coachId = (
    await db.query<{ id: string }>(
      `insert into public.coaches (user_id, display_name) values ($1, 'Jordan Tester')
       on conflict (user_id) do update set display_name = excluded.display_name, is_active = excluded.is_active, sort_order = excluded.sort_order returning id`,
      [coach.userId],
    )
  ).rows[0].id;
  // A child login as the child-accounts function makes one: a random address, the username apart.
  const loginUsername = `kid-${label}.${Date.now().toString(36)}`;
  const loginEmail = `c-${randomUUID().replaceAll('-', '')}@child.ploom.invalid`;
  const login = await serviceClient().auth.admin.createUser({
    email: loginEmail,
    password: PASSWORD,
    email_confirm: true,
    app_metadata: { initial_role: 'child' },
  });
  if (login.error) throw login.error;
  const childLoginId = login.data.user.id;
  const childId = (
    await db.query<{ id: string }>(
      `insert into public.children (parent_id, user_id, coach_id, first_name, age_band, leaderboard_opt_in)
       values ($1, $2, $3, 'Mia', '9', true) returning id`,
      [parent.userId, childLoginId, coachId],
    )
  ).rows[0].id;
  await db.query(
    `insert into public.child_logins (child_id, user_id, username, secret_kind) values ($1, $2, $3, 'password')`,
    [childId, childLoginId, loginUsername],
  );
  const sessionId = (
    await db.query<{ id: string }>(
      `insert into public.coaching_sessions (child_id, coach_id, starts_at, duration_minutes, status)
       values ($1, $2, now() + interval '3 days', 45, 'scheduled') returning id`,
      [childId, coachId],
    )
  ).rows[0].id;
  await db.query(
    `insert into public.session_notes (session_id, body) values ($1, 'Mia named three feelings.')`,
    [sessionId],
  );
  await db.query(
    `insert into public.session_attendance (session_id, user_id, role) values ($1, $2, 'parent')`,
    [sessionId, parent.userId],
  );
  await db.query(
    `insert into public.parent_updates (child_id, session_id, coach_id, body, shared_at)
     values ($1, $2, $3, 'A good week.', now())`,
    [childId, sessionId, coachId],
  );
  await db.query(
    `insert into public.ploom_points (child_id, points, reason, awarded_by) values ($1, 5, 'Session', $2)`,
    [childId, coach.userId],
  );
  await db.query(
    `insert into public.family_rewards (child_id, title, points_cost) values ($1, 'Park trip', 30)`,
    [childId],
  );
  await db.query(`insert into public.notification_preferences (user_id, marketing) values ($1, true)`, [
    parent.userId,
  ]);
  await db.query(`update public.profiles set phone = '+44 20 7946 0000' where id = $1`, [parent.userId]);
  // The family's conversation with its coach (docs/decisions/185), written as the screens write it.
  const wrote = await parent.client
    .from('family_messages')
    .insert({ family_id: parent.userId, body: 'Bedtime was hard on Tuesday.' });
  if (wrote.error) throw wrote.error;
  const answered = await coach.client
    .from('family_messages')
    .insert({ family_id: parent.userId, body: 'Try the balloon breaths before lights out.' });
  if (answered.error) throw answered.error;
  await coach.client
    .from('family_message_reads')
    .upsert({ family_id: parent.userId, user_id: coach.userId }, { onConflict: 'family_id,user_id' });
  // What the parent sent before the account existed, under the same address in another letter case.
  const formEmail = parent.email.toUpperCase();
  await db.query(
    `insert into public.waitlist (name, email, child_name, consent, source) values ('Sam Example', $1, 'Mia', true, 'fit-call')`,
    [formEmail],
  );
  await db.query(
    `insert into public.contact_messages (name, email, topic, message) values ('Sam Example', $1, 'privacy', 'Please tell me what you keep about my family.')`,
    [formEmail],
  );
  await db.query(`insert into public.newsletter_subscribers (email, first_name) values ($1, 'Sam')`, [
    formEmail,
  ]);
  // The team works the request: its status, notes and history are the team's records.
  await db.query(
    `update public.waitlist set status = 'not_a_fit', notes = 'Team only: wants weekend sessions.' where email = $1`,
    [formEmail],
  );
  await db.query(
    `insert into public.lead_events (lead_id, kind, body)
     select l.id, 'note', 'Team only: asked about in-person therapy.' from public.leads l where l.email = $1`,
    [formEmail],
  );
  return { parent, coach, coachId, childId, childLoginId, loginEmail, loginUsername, sessionId };
}

/** The family's rows as the database defines them (the same function the export and deletion use). */
async function familyRows(db: pg.Client, accountId: string): Promise<Rows> {
  const { rows } = await db.query<{ rows: Rows }>(`select private.family_rows($1) as rows`, [accountId]);
  return rows[0].rows;
}

async function rowStillThere(db: pg.Client, table: string, row: Record<string, unknown>): Promise<boolean> {
  if (table === 'auth.users') {
    return (await db.query(`select 1 from auth.users where id = $1`, [row.id])).rowCount === 1;
  }
  const { rows } = await db.query<{ present: boolean }>(
    `select exists (select 1 from public.${JSON.stringify(table).slice(1, -1)} t where to_jsonb(t) @> $1::jsonb) as present`,
    [JSON.stringify('id' in row ? { id: row.id } : row)],
  );
  return rows[0].present;
}

describe('the family’s data: export and deletion', () => {
  let db: pg.Client;
  let family: Awaited<ReturnType<typeof createFamily>>;
  let other: Awaited<ReturnType<typeof createFamily>>;

  beforeAll(async () => {
    db = await adminDb();
    family = await createFamily(db, 'a');
    other = await createFamily(db, 'b');
  });

  afterAll(async () => {
    const made = [family, other].filter(Boolean);
    await db.query('delete from public.coaches where id = any($1)', [made.map((f) => f.coachId)]);
    await db.query('delete from auth.users where id = any($1)', [
      made.flatMap((f) => [f.coach.userId, f.parent.userId, f.childLoginId]),
    ]);
    await db.end();
  });

  it('exports every table of the family’s data as JSON, and nothing of another family', async () => {
    const { data, error } = await family.parent.client.rpc('export_family_data');
    expect(error).toBeNull();
    const exported = data as {
      format: string;
      account: { id: string; email: string };
      child_logins: { id: string; login: string; child_id: string }[];
      tables: Rows;
    };
    expect(exported.format).toBe('ploom-family-data');
    expect(exported.account).toMatchObject({ id: family.parent.userId, email: family.parent.email });
    expect(exported.child_logins).toEqual([
      expect.objectContaining({
        id: family.childLoginId,
        // the username the parent gave, never the child's random Auth address
        login: family.loginUsername,
        child_id: family.childId,
      }),
    ]);
    const ids = (table: string) => (exported.tables[table] ?? []).map((row) => row.id);
    expect(ids('children')).toEqual([family.childId]);
    expect(ids('coaching_sessions')).toEqual([family.sessionId]);
    expect(exported.tables.session_notes).toEqual([
      expect.objectContaining({ session_id: family.sessionId }),
    ]);
    expect(exported.tables.parent_updates).toHaveLength(1);
    expect(exported.tables.ploom_points).toEqual([expect.objectContaining({ points: 5 })]);
    expect(exported.tables.family_rewards).toEqual([expect.objectContaining({ title: 'Park trip' })]);
    expect(exported.tables.notification_preferences).toEqual([expect.objectContaining({ marketing: true })]);
    // the conversation with the coach, both sides of it, and the coach's place in it
    expect(exported.tables.family_messages.map((row) => [row.sender_role, row.body])).toEqual(
      expect.arrayContaining([
        ['parent', 'Bedtime was hard on Tuesday.'],
        ['coach', 'Try the balloon breaths before lights out.'],
      ]),
    );
    expect(exported.tables.family_message_reads).toEqual([
      expect.objectContaining({ user_id: family.coach.userId }),
    ]);
    // the parent's profile and the child login's
    expect(exported.tables.profiles).toHaveLength(2);
    expect(exported.tables.profiles).toContainEqual(
      expect.objectContaining({ id: family.parent.userId, phone: '+44 20 7946 0000' }),
    );
    expect(exported.tables.session_attendance).toHaveLength(1);
    expect(exported.tables.waitlist).toHaveLength(1);
    expect(exported.tables.contact_messages).toHaveLength(1);
    expect(exported.tables.newsletter_subscribers).toHaveLength(1);
    // the waitlist and contact rows each made a lead (triggers); both are the family's
    expect(exported.tables.leads).toHaveLength(2);
    const text = JSON.stringify(exported);
    for (const foreign of [other.childId, other.sessionId, other.parent.userId, other.parent.email]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toMatch(/encrypted_password|\$2[aby]\$/);

    // The export matches the database's definition of the family's data, table for table, but for
    // the team's records of its own work (docs/decisions/120), which it names.
    const rows = await familyRows(db, family.parent.userId);
    expect(rows.lead_events?.length).toBeGreaterThan(0);
    expect(Object.keys(exported.tables).sort()).toEqual(
      Object.keys(rows)
        .filter((table) => table !== 'auth.users' && table !== 'lead_events')
        .sort(),
    );

    const audit = await db.query(
      `select metadata from public.audit_logs where action = 'FAMILY_DATA_EXPORTED' and actor_user_id = $1`,
      [family.parent.userId],
    );
    expect(audit.rows).toEqual([{ metadata: {} }]);
  });

  it("leaves the team's records out of the export (lead history, statuses, notes) and says so", async () => {
    const { data, error } = await family.parent.client.rpc('export_family_data');
    expect(error).toBeNull();
    const exported = data as {
      version: number;
      tables: Rows;
      not_included: { table: string; columns: string[] | null; what: string }[];
      more: string;
    };
    expect(exported.version).toBe(2);
    expect(exported.tables).not.toHaveProperty('lead_events');
    for (const lead of exported.tables.leads) {
      for (const column of ['status', 'assignee_id', 'first_response_at', 'search_text']) {
        expect(lead).not.toHaveProperty(column);
      }
      expect(lead).toMatchObject({ email: family.parent.email.toUpperCase() });
    }
    expect(exported.tables.waitlist[0]).not.toHaveProperty('status');
    expect(exported.tables.waitlist[0]).not.toHaveProperty('notes');
    expect(exported.tables.waitlist[0]).toMatchObject({ name: 'Sam Example', child_name: 'Mia' });
    expect(exported.tables.contact_messages[0]).not.toHaveProperty('status');
    const text = JSON.stringify(exported.tables);
    expect(text).not.toContain('Team only');
    expect(text).not.toContain('not_a_fit');
    // what was left out, and how to ask for it
    expect(exported.not_included.map((item) => item.table)).toEqual([
      'contact_messages',
      'lead_events',
      'leads',
      'waitlist',
    ]);
    expect(exported.more).toMatch(/Privacy or my data/);
    // the coach's session notes are the record of the child's coaching: in the export
    expect(exported.tables.session_notes).toEqual([
      expect.objectContaining({ body: 'Mia named three feelings.' }),
    ]);
  });

  it('refuses the export to a signed-out visitor and to a child login', async () => {
    const anon = await anonClient().rpc('export_family_data');
    expect(anon.error).not.toBeNull();
    const child = anonClient();
    const signIn = await child.auth.signInWithPassword({ email: other.loginEmail, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const refused = await child.rpc('export_family_data');
    expect(refused.error?.code).toBe('42501');
  });

  it('refuses the deletion without the typed confirmation, and to a child login', async () => {
    const wrong = await family.parent.client.functions.invoke('family-data', {
      body: { action: 'delete', confirmation: 'yes' },
    });
    expect(wrong.error).not.toBeNull();
    expect((wrong.error as { context: Response }).context.status).toBe(400);
    const child = anonClient();
    await child.auth.signInWithPassword({ email: family.loginEmail, password: PASSWORD });
    const refused = await child.functions.invoke('family-data', {
      body: { action: 'delete', confirmation: 'DELETE' },
    });
    expect((refused.error as { context: Response }).context.status).toBe(403);
    // the browser cannot call the database half itself
    const direct = await family.parent.client.rpc('delete_family_data', { account: family.parent.userId });
    expect(direct.error).not.toBeNull();
    expect(await rowStillThere(db, 'children', { id: family.childId })).toBe(true);
  });

  it('deletes the parent, the child login and every row of the family; another family keeps all', async () => {
    // The sessions' booking emails are sent after the fixtures commit, which changes their rows:
    // compare the other family's rows once nothing of either family is still queued.
    await expect
      .poll(
        async () =>
          (
            await db.query<{ n: number }>(
              `select count(*)::int as n from public.outbox where session_id = any($1) and outcome is null`,
              [[family.sessionId, other.sessionId]],
            )
          ).rows[0].n,
        { timeout: 15_000 },
      )
      .toBe(0);
    const before = await familyRows(db, family.parent.userId);
    const otherBefore = await familyRows(db, other.parent.userId);
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(15);
    // the conversation with the coach goes with the family (docs/decisions/187)
    expect(before.family_messages).toHaveLength(2);

    const { data, error } = await family.parent.client.functions.invoke('family-data', {
      body: { action: 'delete', confirmation: 'DELETE' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ deleted: true, child_logins: 1 });

    const left: string[] = [];
    for (const [table, rows] of Object.entries(before)) {
      for (const row of rows)
        if (await rowStillThere(db, table, row)) left.push(`${table} ${JSON.stringify(row)}`);
    }
    expect(left).toEqual([]);
    expect(await familyRows(db, family.parent.userId)).toEqual({});
    // set-null references to the family are gone with it too
    const leads = await db.query(`select 1 from public.leads where lower(email) = lower($1)`, [
      family.parent.email,
    ]);
    expect(leads.rowCount).toBe(0);

    // Neither the parent nor the child can sign in again.
    const parentSignIn = await anonClient().auth.signInWithPassword({
      email: family.parent.email,
      password: PASSWORD,
    });
    expect(parentSignIn.error?.code).toBe('invalid_credentials');
    const childSignIn = await anonClient().auth.signInWithPassword({
      email: family.loginEmail,
      password: PASSWORD,
    });
    expect(childSignIn.error?.code).toBe('invalid_credentials');

    // The coach stays; the other family keeps every row.
    expect(await rowStillThere(db, 'auth.users', { id: family.coach.userId })).toBe(true);
    expect(await familyRows(db, other.parent.userId)).toEqual(otherBefore);

    // One audit entry outlives the family: ids and counts, no email or name.
    const audit = await db.query<{ actor_user_id: string | null; metadata: Record<string, unknown> }>(
      `select actor_user_id, metadata from public.audit_logs where action = 'FAMILY_DELETED' and entity_id = $1`,
      [family.parent.userId],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].actor_user_id).toBeNull();
    expect(audit.rows[0].metadata).toMatchObject({
      requested_by: family.parent.userId,
      children: [family.childId],
      child_logins: [family.childLoginId],
    });
    expect((audit.rows[0].metadata.rows as Record<string, number>).coaching_sessions).toBe(1);
    const auditText = JSON.stringify(audit.rows[0]);
    expect(auditText).not.toContain('@');
    expect(auditText).not.toContain('Mia');
  });
});
