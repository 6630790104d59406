import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminDb, anonClient, signedInClient, uniqueEmail } from '../support/stack.ts';
import { demoAccounts } from '../../scripts/demo-accounts.ts';

/** A completed assessment as the quiz sends it; override what a test is about. */
function assessment(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    answers: { 'emo-calm': 3, 'conf-try': 1, 'focus-start': 0, 'conn-share': 4 },
    scores: { emotions: 75, confidence: 25, focus: 0, connection: 100 },
    recommended_plan: 'focused-progress',
    top_focus_area: 'focus',
    child_first_name: 'Ava',
    child_age: 9,
    analytics_session_id: `session_${Date.now()}_abc123`,
    landing_path: '/?utm_source=facebook&utm_campaign=spring',
    utm_source: 'facebook',
    utm_medium: null,
    utm_campaign: 'spring',
    utm_term: null,
    utm_content: null,
    ...overrides,
  };
}

let admin: SupabaseClient;
let db: Awaited<ReturnType<typeof adminDb>>;

beforeAll(async () => {
  admin = anonClient();
  const adminAccount = demoAccounts.users.find((u) => u.role === 'admin')!;
  const { error } = await admin.auth.signInWithPassword({
    email: adminAccount.email,
    password: demoAccounts.password,
  });
  if (error) throw error;
  db = await adminDb();
});
afterAll(async () => {
  await db.end();
});

async function storedRow(id: string) {
  const { rows } = await db.query('select * from public.quiz_assessments where id = $1', [id]);
  return rows[0] as Record<string, unknown> | undefined;
}

describe('quiz_assessments as a visitor (anon)', () => {
  it('saves a completed assessment without reading it back', async () => {
    const row = assessment();
    const { error, status } = await anonClient().from('quiz_assessments').insert(row);
    expect(error).toBeNull();
    expect(status).toBe(201);
    const stored = await storedRow(row.id);
    expect(stored).toMatchObject({
      recommended_plan: 'focused-progress',
      top_focus_area: 'focus',
      child_first_name: 'Ava',
      child_age: 9,
      scores: row.scores,
      answers: row.answers,
      utm_source: 'facebook',
      email: null,
      email_consent_at: null,
    });
  });

  it('a repeated save of the same assessment collides on its id instead of storing it twice', async () => {
    const row = assessment();
    const client = anonClient();
    expect((await client.from('quiz_assessments').insert(row)).error).toBeNull();
    const again = await client.from('quiz_assessments').insert(row);
    expect(again.error?.code).toBe('23505');
    const { rows } = await db.query('select count(*)::int as n from public.quiz_assessments where id = $1', [
      row.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('cannot read any assessment back', async () => {
    const row = assessment();
    await anonClient().from('quiz_assessments').insert(row);
    const { data, error } = await anonClient().from('quiz_assessments').select('*');
    expect(data ?? []).toEqual([]);
    expect(error?.code).toBe('42501');
    // Nor through insert ... select (the RETURNING needs read access).
    const returning = await anonClient().from('quiz_assessments').insert(assessment()).select();
    expect(returning.data ?? []).toEqual([]);
    expect(returning.error).not.toBeNull();
  });

  it('cannot put an email on an assessment directly, only through the consent path', async () => {
    const { error } = await anonClient()
      .from('quiz_assessments')
      .insert(assessment({ email: 'someone@example.com', email_consent_at: new Date().toISOString() }));
    expect(error).not.toBeNull();
  });

  it('rejects values outside the rules: child age 7-12, known plans, answers as an object', async () => {
    const client = anonClient();
    expect((await client.from('quiz_assessments').insert(assessment({ child_age: 13 }))).error?.code).toBe(
      '23514',
    );
    expect(
      (await client.from('quiz_assessments').insert(assessment({ recommended_plan: 'platinum' }))).error
        ?.code,
    ).toBe('23514');
    expect(
      (await client.from('quiz_assessments').insert(assessment({ answers: [1, 2, 3] }))).error?.code,
    ).toBe('23514');
    expect(
      (await client.from('quiz_assessments').insert(assessment({ child_first_name: 'x'.repeat(51) }))).error
        ?.code,
    ).toBe('23514');
  });
});

describe('"Email me my results" (rpc email_me_quiz_results)', () => {
  it('stores the email, lower-cased, with the time of consent', async () => {
    const row = assessment();
    const client = anonClient();
    await client.from('quiz_assessments').insert(row);
    const email = uniqueEmail('Quiz.Parent');
    const { error } = await client.rpc('email_me_quiz_results', { assessment_id: row.id, email });
    expect(error).toBeNull();
    const stored = await storedRow(row.id);
    expect(stored?.email).toBe(email.toLowerCase());
    expect(stored?.email_consent_at).toBeInstanceOf(Date);
  });

  it('never overwrites an email already given', async () => {
    const row = assessment();
    const client = anonClient();
    await client.from('quiz_assessments').insert(row);
    const first = uniqueEmail('first');
    await client.rpc('email_me_quiz_results', { assessment_id: row.id, email: first });
    const second = await client.rpc('email_me_quiz_results', {
      assessment_id: row.id,
      email: uniqueEmail('second'),
    });
    expect(second.status).toBe(404);
    expect(second.error?.code).toBe('PT404');
    expect((await storedRow(row.id))?.email).toBe(first.toLowerCase());
  });

  it('refuses an unknown assessment, an old one, and an invalid email', async () => {
    const client = anonClient();
    const unknown = await client.rpc('email_me_quiz_results', {
      assessment_id: randomUUID(),
      email: uniqueEmail(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      code: 'PT404',
      message: 'These results can no longer be emailed.',
      hint: 'Results can be emailed once, within an hour of taking the assessment. Please take the quiz again.',
    });

    const old = assessment();
    await client.from('quiz_assessments').insert(old);
    await db.query(
      `update public.quiz_assessments set created_at = now() - interval '2 hours' where id = $1`,
      [old.id],
    );
    const late = await client.rpc('email_me_quiz_results', { assessment_id: old.id, email: uniqueEmail() });
    expect(late.status).toBe(404);
    expect(late.error?.code).toBe('PT404');
    expect((await storedRow(old.id))?.email).toBeNull();

    const fresh = assessment();
    await client.from('quiz_assessments').insert(fresh);
    const invalid = await client.rpc('email_me_quiz_results', {
      assessment_id: fresh.id,
      email: 'not-an-email',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.error).toMatchObject({ code: '22023', message: 'Please enter a valid email address.' });
    expect((await storedRow(fresh.id))?.email).toBeNull();
  });
});

describe('quiz_assessments for signed-in users', () => {
  it('an admin reads assessments', async () => {
    const row = assessment();
    await anonClient().from('quiz_assessments').insert(row);
    const { data, error } = await admin
      .from('quiz_assessments')
      .select('id, recommended_plan, scores')
      .eq('id', row.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: row.id, recommended_plan: 'focused-progress', scores: row.scores }]);
  });

  it('a parent may save an assessment but reads none, not even their own', async () => {
    const { client } = await signedInClient();
    const row = assessment();
    expect((await client.from('quiz_assessments').insert(row)).error).toBeNull();
    const { data, error } = await client.from('quiz_assessments').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
