import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChild, type ChildValues } from '../../src/features/parent-app/api/add-child.ts';
import { cancelSession } from '../../src/features/parent-app/api/cancel-session.ts';
import { fetchAtHomeTools } from '../../src/features/parent-app/api/get-at-home-tools.ts';
import { fetchChildSchedule } from '../../src/features/parent-app/api/get-child-schedule.ts';
import { fetchDashboard } from '../../src/features/parent-app/api/get-dashboard.ts';
import { fetchFamilySession } from '../../src/features/parent-app/api/get-family-session.ts';
import { fetchFamilyStanding } from '../../src/features/parent-app/api/get-family-standing.ts';
import { fetchOnboarding } from '../../src/features/parent-app/api/get-onboarding.ts';
import { giveConsent } from '../../src/features/parent-app/api/give-consent.ts';
import { requestReschedule } from '../../src/features/parent-app/api/request-reschedule.ts';
import { savePreferredTimes } from '../../src/features/parent-app/api/save-preferred-times.ts';
import type { FamilySupabase as Supabase } from '../../src/features/parent-app/api/client.ts';
import { waitForEmail } from '../support/inbox.ts';
import { adminDb, signedInClient } from '../support/stack.ts';
import { createPractice, futureTime, type Practice } from './sessions-support.ts';

/**
 * The parent app's queries and mutations, as the app calls them (its own fetchers), through
 * supabase-js against the local stack: onboarding, consent, preferred times, dashboard, schedule,
 * cancel and reschedule (with the coach's email), and the session page's guard.
 */

let db: pg.Client;
let practice: Practice;
const typed = (client: SupabaseClient) => client as unknown as Supabase;

/** A child as the onboarding form sends it; override any field. */
function childFactory(overrides: Partial<ChildValues> = {}): ChildValues {
  return {
    firstName: 'Robin',
    age: 8,
    focusAreas: ['emotions', 'focus'],
    hopes: 'Calmer mornings.',
    times: [
      { weekday: 2, dayPart: 'afternoon' },
      { weekday: 4, dayPart: 'evening' },
    ],
    signedName: 'Jamie Parent',
    agreed: true,
    ...overrides,
  };
}

async function currentNoticeId(): Promise<string> {
  return String(
    (await db.query<{ id: string }>('select private.current_consent_notice_id() as id')).rows[0].id,
  );
}

async function book(hoursAhead: number, minutes = 0): Promise<string> {
  const { data, error } = await practice.admin.client
    .from('coaching_sessions')
    .insert({
      child_id: practice.parent.childId,
      coach_id: practice.coach.coachId,
      starts_at: futureTime(hoursAhead, minutes),
    })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as string;
}

beforeAll(async () => {
  db = await adminDb();
  practice = await createPractice(db);
  // The practice's children predate onboarding: give Mia hers, as the app would.
  await giveConsent(typed(practice.parent.client), {
    childId: practice.parent.childId,
    noticeId: await currentNoticeId(),
    signedName: 'Sam Tester',
  });
});

afterAll(async () => {
  await practice?.destroy();
  await db?.end();
});

describe('onboarding', () => {
  it('a new parent adds a child with consent and preferred times, and onboarding is done', async () => {
    const { client, userId } = await signedInClient({ firstName: 'Jamie' });
    try {
      const before = await fetchOnboarding(typed(client));
      expect(before.done).toBe(false);
      expect(before.children).toEqual([]);
      expect(before.notice).not.toBeNull();

      const childId = await addChild(typed(client), { ...childFactory(), noticeId: before.notice!.id });
      const after = await fetchOnboarding(typed(client));
      expect(after.done).toBe(true);
      expect(after.children).toEqual([
        {
          id: childId,
          firstName: 'Robin',
          age: 8,
          focusAreas: ['emotions', 'focus'],
          hopes: 'Calmer mornings.',
          consented: true,
          times: [
            { weekday: 2, dayPart: 'afternoon' },
            { weekday: 4, dayPart: 'evening' },
          ],
          matched: false,
          coachName: null,
        },
      ]);
      expect(after.matched).toBe(false);
      // who, when, how and which versions: the server's record, not the client's word
      const { data: consents } = await client
        .from('parental_consents')
        .select('parent_id, signed_name, method, terms_version, privacy_version, given_at');
      expect(consents).toHaveLength(1);
      expect(consents![0]).toMatchObject({
        parent_id: userId,
        signed_name: 'Jamie Parent',
        method: 'in_app_signature',
        terms_version: before.notice!.termsVersion,
        privacy_version: before.notice!.privacyVersion,
      });
      expect(Math.abs(Date.parse(consents![0].given_at as string) - Date.now())).toBeLessThan(60_000);

      await savePreferredTimes(typed(client), { childId, times: [{ weekday: 6, dayPart: 'morning' }] });
      expect((await fetchOnboarding(typed(client))).children[0].times).toEqual([
        { weekday: 6, dayPart: 'morning' },
      ]);
    } finally {
      await db.query('delete from auth.users where id = $1', [userId]);
    }
  });

  it('a child outside 7-12 is refused by the database, whatever the form', async () => {
    const { client, userId } = await signedInClient();
    try {
      const notice = (await fetchOnboarding(typed(client))).notice!;
      await expect(
        addChild(typed(client), { ...childFactory({ age: 13 }), noticeId: notice.id }),
      ).rejects.toMatchObject({ code: '23514' });
    } finally {
      await db.query('delete from auth.users where id = $1', [userId]);
    }
  });

  it('a new notice asks the parent again; consent to the former one is refused', async () => {
    const { client, userId } = await signedInClient();
    const former = await currentNoticeId();
    let notice: string | undefined;
    try {
      const childId = await addChild(typed(client), { ...childFactory(), noticeId: former });
      notice = (
        await db.query<{ id: string }>(
          `insert into public.consent_notices (terms_version, privacy_version, effective_at)
           values ($1, $1, now() - interval '1 second') returning id`,
          [`test-${Date.now()}`],
        )
      ).rows[0].id;
      const asked = await fetchOnboarding(typed(client));
      expect(asked.notice!.id).toBe(notice);
      expect(asked.done).toBe(false);
      expect(asked.children[0].consented).toBe(false);

      await expect(
        giveConsent(typed(client), { childId, noticeId: former, signedName: 'Jamie Parent' }),
      ).rejects.toMatchObject({ code: '22023' });
      await giveConsent(typed(client), { childId, noticeId: notice, signedName: 'Jamie Parent' });
      expect((await fetchOnboarding(typed(client))).done).toBe(true);
    } finally {
      await db.query('delete from auth.users where id = $1', [userId]);
      if (notice) {
        await db.query('delete from public.parental_consents where notice_id = $1', [notice]);
        await db.query('delete from public.consent_notices where id = $1', [notice]);
      }
    }
  });

  it("another parent sees nothing of the family's children or schedule", async () => {
    const other = typed(practice.otherParent.client);
    const onboarding = await fetchOnboarding(other);
    expect(onboarding.children.map((c) => c.id)).not.toContain(practice.parent.childId);
    expect(await fetchChildSchedule(other, practice.parent.childId)).toEqual({ child: null, sessions: [] });
    expect((await fetchDashboard(other)).map((c) => c.id)).not.toContain(practice.parent.childId);
  });
});

describe('dashboard', () => {
  it('shows each child’s next session with its room hours, the latest update, the tools and the points', async () => {
    const sessionId = await book(80);
    const coach = practice.coach.client;
    expect(
      (
        await coach.from('at_home_tools').insert({
          child_id: practice.parent.childId,
          coach_id: practice.coach.coachId,
          title: 'Balloon breaths',
          instructions: 'Three slow breaths at bedtime.',
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await coach.from('parent_updates').insert({
          child_id: practice.parent.childId,
          coach_id: practice.coach.coachId,
          body: 'Mia named three feelings.',
          shared_at: new Date().toISOString(),
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await coach.from('ploom_points').insert({
          child_id: practice.parent.childId,
          points: 10,
          reason: 'Attended',
          awarded_by: practice.coach.userId,
        })
      ).error,
    ).toBeNull();

    const [mia] = await fetchDashboard(typed(practice.parent.client));
    expect(mia).toMatchObject({
      id: practice.parent.childId,
      firstName: 'Mia',
      coachName: 'Jordan Tester',
      latestUpdate: { body: 'Mia named three feelings.' },
      points: 10,
    });
    expect(mia.nextSession?.id).toBe(sessionId);
    expect(mia.nextSession!.startsAt - mia.nextSession!.opensAt).toBe(10 * 60_000);
    const tools = await fetchAtHomeTools(typed(practice.parent.client));
    expect(tools.map((t) => [t.childId, t.title])).toEqual([[practice.parent.childId, 'Balloon breaths']]);
    expect(await fetchAtHomeTools(typed(practice.otherParent.client))).toEqual([]);
  });

  it('a family without a coach learns where it stands', async () => {
    const { client, userId } = await signedInClient();
    try {
      const standing = await fetchFamilyStanding(typed(client));
      expect(standing).toMatchObject({ leadStatus: null, betaPlacesTotal: 25, holdsBetaPlace: false });
      expect(standing.betaPlacesTaken).toBeGreaterThanOrEqual(1);
      const placed = await fetchFamilyStanding(typed(practice.parent.client));
      expect(placed.holdsBetaPlace).toBe(true);
    } finally {
      await db.query('delete from auth.users where id = $1', [userId]);
    }
  });
});

describe('schedule: cancel and reschedule within the notice period', () => {
  it('the schedule shows the deadline; cancelling cancels and emails the coach', async () => {
    const sessionId = await book(90);
    const schedule = await fetchChildSchedule(typed(practice.parent.client), practice.parent.childId);
    const session = schedule.sessions.find((s) => s.id === sessionId)!;
    expect(session).toMatchObject({ status: 'scheduled', noticeHours: 24, openRequest: null });
    expect(session.startsAt - session.changeDeadline).toBe(24 * 3600_000);

    await cancelSession(typed(practice.parent.client), { sessionId, reason: 'Family trip' });
    const after = await fetchChildSchedule(typed(practice.parent.client), practice.parent.childId);
    expect(after.sessions.find((s) => s.id === sessionId)?.status).toBe('cancelled');
    const mail = await waitForEmail(practice.coach.email, /^Session cancelled: Mia's session/);
    expect(mail.html).toContain(`/admin/session-room/${sessionId}`);
  });

  it('asking to reschedule emails the coach the family’s message, once per session', async () => {
    const sessionId = await book(100);
    await requestReschedule(typed(practice.parent.client), {
      sessionId,
      message: 'Could we do Friday after school?',
    });
    const mail = await waitForEmail(practice.coach.email, /^Reschedule requested: Mia's session/);
    expect(mail.text).toContain('They wrote: "Could we do Friday after school?"');
    const schedule = await fetchChildSchedule(typed(practice.parent.client), practice.parent.childId);
    expect(schedule.sessions.find((s) => s.id === sessionId)?.openRequest).toBe('reschedule');
    await expect(
      requestReschedule(typed(practice.parent.client), { sessionId, message: 'Again' }),
    ).rejects.toMatchObject({ code: '23505' });

    // the coach moves it: the request is settled
    await practice.coach.client
      .from('coaching_sessions')
      .update({ starts_at: futureTime(104) })
      .eq('id', sessionId);
    const moved = await fetchChildSchedule(typed(practice.parent.client), practice.parent.childId);
    expect(moved.sessions.find((s) => s.id === sessionId)?.openRequest).toBeNull();
  });

  it('inside the notice period the server refuses both, with a reason', async () => {
    const sessionId = await book(3);
    await expect(
      cancelSession(typed(practice.parent.client), { sessionId, reason: '' }),
    ).rejects.toMatchObject({
      code: '22023',
      message: expect.stringMatching(/up to 24 hours before/),
    });
    await expect(
      requestReschedule(typed(practice.parent.client), { sessionId, message: 'Later?' }),
    ).rejects.toMatchObject({ code: '22023' });
  });

  it('another family may not cancel the session', async () => {
    const sessionId = await book(110);
    await expect(
      cancelSession(typed(practice.otherParent.client), { sessionId, reason: '' }),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });
});

describe('session page', () => {
  it('shows the family its session with what to prepare, and nobody else', async () => {
    const sessionId = await book(120);
    await practice.coach.client.from('at_home_tools').insert({
      child_id: practice.parent.childId,
      coach_id: practice.coach.coachId,
      title: 'Feelings check-in',
    });
    const info = await fetchFamilySession(typed(practice.parent.client), sessionId);
    expect(info).toMatchObject({
      id: sessionId,
      childFirstName: 'Mia',
      coachName: 'Jordan Tester',
      durationMinutes: 30,
      status: 'scheduled',
    });
    expect(info!.tools.map((t) => t.title)).toContain('Feelings check-in');
    expect(await fetchFamilySession(typed(practice.otherParent.client), sessionId)).toBeNull();
    expect(await fetchFamilySession(typed(practice.parent.client), 'not-a-uuid')).toBeNull();
  });
});
