import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/types/database.ts';
import { defaultLeadFilters, type LeadFilters } from '../../src/features/pipeline/lib/lead-filters.ts';
import { fetchAllLeads, fetchLeadsPage } from '../../src/features/pipeline/lib/lead-query.ts';
import { fetchOverview } from '../../src/features/pipeline/lib/overview-query.ts';
import { subscribersQuery } from '../../src/features/pipeline/lib/subscribers-query.ts';
import { demoAccounts, demoEmail } from '../../scripts/demo-accounts.ts';
import { adminDb, anonClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { waitForEmail } from '../support/inbox.ts';

type Client = SupabaseClient<Database>;

const COACH_ID = 'a0000000-0000-4000-8000-000000000002';

async function demo(role: 'admin' | 'coach'): Promise<Client> {
  const client = anonClient() as unknown as Client;
  const { error } = await client.auth.signInWithPassword({
    email: demoEmail(role),
    password: demoAccounts.password,
  });
  if (error) throw error;
  return client;
}

/** A lead as the intro-call form sends it (a visitor, no read-back). */
function fitCall(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    name: 'Robin Tester',
    email: uniqueEmail('lead'),
    phone: '(555) 010-7777',
    child_name: 'Kai',
    age_band: '9',
    challenge: 'focus',
    consent: true,
    source: 'fit-call',
    landing_path: '/coaching-v2?utm_source=google&utm_medium=cpc&utm_campaign=it_campaign',
    ...overrides,
  };
}

const filters = (overrides: Partial<LeadFilters> = {}): LeadFilters => ({
  ...defaultLeadFilters,
  ...overrides,
});

let admin: Client;
let coach: Client;
let db: Awaited<ReturnType<typeof adminDb>>;

beforeAll(async () => {
  [admin, coach] = await Promise.all([demo('admin'), demo('coach')]);
  db = await adminDb();
});
afterAll(async () => {
  await db.end();
});

async function leadIdFor(email: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('select id from public.leads where email = $1', [email]);
  return rows[0].id;
}

describe('every form becomes a lead', () => {
  it('intro-call requests, contact messages and quizzes with an email land in one pipeline', async () => {
    const visitor = anonClient();
    const fit = fitCall();
    expect((await visitor.from('waitlist').insert(fit)).error).toBeNull();

    const contactEmail = uniqueEmail('contact');
    expect(
      (
        await visitor.from('contact_messages').insert({
          id: randomUUID(),
          name: 'Casey Contact',
          email: contactEmail,
          topic: 'program',
          message: 'Is coaching right for a shy nine-year-old?',
        })
      ).error,
    ).toBeNull();

    const quizId = randomUUID();
    const quizEmail = uniqueEmail('quiz');
    expect(
      (
        await visitor.from('quiz_assessments').insert({
          id: quizId,
          answers: { q1: 3 },
          scores: { emotions: 50, confidence: 60, focus: 40, connection: 70 },
          recommended_plan: 'focused-progress',
          top_focus_area: 'focus',
          child_first_name: 'Quinn',
          child_age: 10,
          landing_path: '/coaching',
        })
      ).error,
    ).toBeNull();
    // No email yet: not a lead. Then "Email me my results".
    expect((await fetchAllLeads(admin, filters({ q: quizEmail }))).length).toBe(0);
    expect(
      (await visitor.rpc('email_me_quiz_results', { assessment_id: quizId, email: quizEmail })).error,
    ).toBeNull();

    const [fitLead] = await fetchAllLeads(admin, filters({ q: fit.email }));
    expect(fitLead).toMatchObject({
      source: 'fit-call',
      name: 'Robin Tester',
      child_name: 'Kai',
      child_age: '9',
      focus_area: 'focus',
      landing_variant: '/coaching-v2',
      utm_campaign: 'it_campaign',
      status: 'new',
      overdue: false,
    });
    expect((await fetchAllLeads(admin, filters({ q: contactEmail })))[0]).toMatchObject({
      source: 'contact',
      message: 'program: Is coaching right for a shy nine-year-old?',
    });
    expect((await fetchAllLeads(admin, filters({ q: quizEmail })))[0]).toMatchObject({
      source: 'quiz',
      child_name: 'Quinn',
      child_age: '10',
      landing_variant: '/coaching',
    });

    // Visitors and parents read none of it.
    expect((await visitor.from('lead_list').select('id')).data ?? []).toEqual([]);
    const parent = await signedInClient();
    expect((await parent.client.from('leads').select('id')).data).toEqual([]);
  });
});

describe('the list: search, filters, sort and pages on the server', () => {
  it('filters by status, source, variant, campaign, date and overdue, and counts every match', async () => {
    const all = await fetchLeadsPage(admin, filters(), 25);
    expect(all.count).toBeGreaterThanOrEqual(30);
    expect(all.rows).toHaveLength(25);
    const page2 = await fetchLeadsPage(admin, filters({ page: 2 }), 25);
    expect(page2.rows.map((r) => r.id)).not.toContain(all.rows[0].id);
    expect(new Date(all.rows[0].created_at!) >= new Date(all.rows[24].created_at!)).toBe(true);

    const overdue = await fetchAllLeads(admin, filters({ overdue: true }));
    expect(overdue.length).toBeGreaterThan(0);
    for (const lead of overdue) {
      expect(lead.status).toBe('new');
      expect(Date.now() - new Date(lead.created_at!).getTime()).toBeGreaterThan(24 * 3600_000);
    }

    const v2 = await fetchAllLeads(admin, filters({ variant: '/coaching-v2', source: 'contact-v2' }));
    expect(v2.length).toBeGreaterThan(0);
    expect(v2.every((l) => l.landing_variant === '/coaching-v2' && l.source === 'contact-v2')).toBe(true);

    const campaign = await fetchAllLeads(admin, filters({ campaign: 'focus_search', status: 'contacted' }));
    expect(campaign.map((l) => l.email)).toContain('kwame.mensah@example.com');

    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const sinceToday = await fetchAllLeads(admin, filters({ from: day }));
    expect(sinceToday.every((l) => new Date(l.created_at!) >= new Date(`${day}T00:00:00`))).toBe(true);

    const byName = await fetchAllLeads(admin, filters({ sort: 'name', dir: 'asc', q: 'example.com' }));
    const names = byName.map((l) => l.name).filter((n): n is string => n !== null);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  });

  it('search matches name or email in any letter case and takes % and _ literally', async () => {
    expect((await fetchAllLeads(admin, filters({ q: 'NORA quinn' }))).map((l) => l.email)).toEqual([
      'nora.quinn@example.com',
    ]);
    expect((await fetchAllLeads(admin, filters({ q: 'diego.ramos@' }))).length).toBe(1);
    expect((await fetchAllLeads(admin, filters({ q: '%' }))).length).toBe(0);
  });

  it('a coach’s search finds only the leads assigned to them; a parent’s search is refused', async () => {
    const fit = fitCall();
    await anonClient().from('waitlist').insert(fit);
    const id = await leadIdFor(fit.email);
    expect(await fetchAllLeads(coach, filters({ q: fit.email }))).toEqual([]);
    expect((await admin.from('leads').update({ assignee_id: COACH_ID }).eq('id', id)).error).toBeNull();
    expect((await fetchAllLeads(coach, filters({ q: fit.email }))).map((l) => l.id)).toEqual([id]);
    const parent = await signedInClient();
    const refused = await parent.client.rpc('lead_list_search', { q: fit.email });
    expect(refused.error?.code).toBe('42501');
  });

  it('the export walks every page of the filter', async () => {
    const everything = await fetchAllLeads(admin, filters(), 7);
    const { count } = await fetchLeadsPage(admin, filters(), 1);
    expect(everything).toHaveLength(count);
    expect(new Set(everything.map((l) => l.id)).size).toBe(count);
  });
});

describe('working a lead', () => {
  it('status changes, assignment and notes are kept with who and when; coaches see only their leads', async () => {
    const fit = fitCall();
    await anonClient().from('waitlist').insert(fit);
    const id = await leadIdFor(fit.email);

    expect((await coach.from('lead_list').select('id').eq('id', id)).data).toEqual([]);

    expect((await admin.from('leads').update({ status: 'contacted' }).eq('id', id)).error).toBeNull();
    expect((await admin.from('leads').update({ assignee_id: COACH_ID }).eq('id', id)).error).toBeNull();
    expect(
      (await admin.from('lead_events').insert({ lead_id: id, body: '  Called; call back Friday. ' })).error,
    ).toBeNull();

    // The coach now sees it, moves it on and adds a note, but cannot hand it to someone else.
    expect((await coach.from('lead_list').select('id, assignee_name').eq('id', id)).data).toEqual([
      { id, assignee_name: 'Jordan Ellis' },
    ]);
    expect((await coach.from('leads').update({ status: 'call_scheduled' }).eq('id', id)).error).toBeNull();
    expect(
      (await coach.from('lead_events').insert({ lead_id: id, body: 'Intro call Tuesday 4pm.' })).error,
    ).toBeNull();
    await coach.from('leads').update({ assignee_id: null }).eq('id', id);
    expect(
      (await db.query('select assignee_id from public.leads where id = $1', [id])).rows[0].assignee_id,
    ).toBe(COACH_ID);

    const { data: events } = await coach
      .from('lead_events')
      .select('kind, actor_name, from_value, to_value, body')
      .eq('lead_id', id)
      .order('created_at');
    expect(events).toEqual([
      { kind: 'created', actor_name: null, from_value: null, to_value: 'fit-call', body: null },
      { kind: 'status', actor_name: 'Alex Morgan', from_value: 'new', to_value: 'contacted', body: null },
      {
        kind: 'assignment',
        actor_name: 'Alex Morgan',
        from_value: null,
        to_value: 'Jordan Ellis',
        body: null,
      },
      {
        kind: 'note',
        actor_name: 'Alex Morgan',
        from_value: null,
        to_value: null,
        body: 'Called; call back Friday.',
      },
      {
        kind: 'status',
        actor_name: 'Jordan Ellis',
        from_value: 'contacted',
        to_value: 'call_scheduled',
        body: null,
      },
      {
        kind: 'note',
        actor_name: 'Jordan Ellis',
        from_value: null,
        to_value: null,
        body: 'Intro call Tuesday 4pm.',
      },
    ]);
    const lead = (await db.query('select first_response_at from public.leads where id = $1', [id])).rows[0];
    expect(lead.first_response_at).not.toBeNull();
    // The waitlist row agrees with the pipeline.
    expect(
      (await db.query('select status from public.waitlist where id = $1', [fit.id])).rows[0].status,
    ).toBe('call_scheduled');
  });

  it('nobody forges or rewrites history, and enrolled needs the family records', async () => {
    const fit = fitCall();
    await anonClient().from('waitlist').insert(fit);
    const id = await leadIdFor(fit.email);
    const forged = await admin
      .from('lead_events')
      .insert({ lead_id: id, body: 'x', kind: 'status', actor_id: COACH_ID } as never);
    expect(forged.error?.code).toBe('42501');
    const { data: edited } = await admin
      .from('lead_events')
      .update({ body: 'changed' })
      .eq('lead_id', id)
      .select();
    expect(edited ?? []).toEqual([]);
    expect((await admin.from('lead_events').delete().eq('lead_id', id).select()).data ?? []).toEqual([]);
    expect((await admin.from('leads').update({ status: 'enrolled' }).eq('id', id)).error?.code).toBe('23514');
    const parent = await signedInClient();
    expect(
      (await admin.from('leads').update({ assignee_id: parent.userId }).eq('id', id)).error?.message,
    ).toMatch(/admin or a coach/);
    expect((await coach.from('lead_events').insert({ lead_id: id, body: 'not mine' })).error?.code).toBe(
      '42501',
    );
  });
});

describe('enrol-lead', () => {
  it('invites the parent, gives the parent role, creates the child, marks the lead enrolled; twice is once', async () => {
    const fit = fitCall({ name: 'Maria Enrol', child_name: 'Lucia', age_band: '8', challenge: 'emotions' });
    await anonClient().from('waitlist').insert(fit);
    const leadId = await leadIdFor(fit.email);

    const first = await admin.functions.invoke('enrol-lead', { body: { leadId } });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ alreadyEnrolled: false, invited: true });

    const invitation = await waitForEmail(fit.email, /invit/i);
    // The welcome page (not the password reset), and the email says as what the parent is invited.
    expect(invitation.html).toContain(encodeURIComponent(`${stackEnv.siteUrl}/welcome`));
    expect(invitation.text.replace(/\s+/g, ' ')).toContain('invited you to Ploom as a parent.');

    const again = await admin.functions.invoke('enrol-lead', { body: { leadId } });
    expect(again.data).toMatchObject({ alreadyEnrolled: true, childId: first.data.childId });

    const { rows: children } = await db.query(
      `select c.first_name, c.age_band, c.focus_areas, u.email, p.first_name as parent_first_name,
              exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = 'parent') as is_parent
       from public.children c join auth.users u on u.id = c.parent_id join public.profiles p on p.id = u.id
       where lower(u.email) = lower($1)`,
      [fit.email],
    );
    expect(children).toEqual([
      {
        first_name: 'Lucia',
        age_band: '8',
        focus_areas: ['emotions'],
        email: fit.email.toLowerCase(),
        parent_first_name: 'Maria',
        is_parent: true,
      },
    ]);
    const { data: lead } = await admin
      .from('lead_list')
      .select('status, enrolled_child_id')
      .eq('id', leadId)
      .single();
    expect(lead).toEqual({ status: 'enrolled', enrolled_child_id: first.data.childId });
  });

  it('is for admins only, and says why a payload is refused', async () => {
    const fit = fitCall();
    await anonClient().from('waitlist').insert(fit);
    const leadId = await leadIdFor(fit.email);
    await admin.from('leads').update({ assignee_id: COACH_ID }).eq('id', leadId);

    const byCoach = await coach.functions.invoke('enrol-lead', { body: { leadId } });
    expect((byCoach.error as { context?: Response }).context?.status).toBe(403);
    const byVisitor = await anonClient().functions.invoke('enrol-lead', { body: { leadId } });
    expect((byVisitor.error as { context?: Response }).context?.status).toBe(401);
    const bad = await admin.functions.invoke('enrol-lead', { body: { leadId: 'nope' } });
    const response = (bad.error as { context?: Response }).context!;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'leadId: must be a lead id' });
    expect(
      (
        await db.query(
          'select count(*)::int as n from public.children c join auth.users u on u.id = c.parent_id where u.email = $1',
          [fit.email],
        )
      ).rows[0].n,
    ).toBe(0);
  });
});

describe('the overview', () => {
  it('counts leads, overdue ones, sessions and families for an admin; a coach gets their own part', async () => {
    const asAdmin = await fetchOverview(admin, { isAdmin: true });
    expect(asAdmin.leadsSinceYesterday).toBeGreaterThan(0);
    expect(asAdmin.overdueTotal).toBe((await fetchAllLeads(admin, filters({ overdue: true }))).length);
    expect(asAdmin.familiesEnrolled).toBeGreaterThanOrEqual(2);
    expect(asAdmin.conversions.length).toBeGreaterThan(0);
    expect(asAdmin.conversions.find((c) => c.path === '/coaching')?.visitors).toBeGreaterThan(0);

    const asCoach = await fetchOverview(coach, { isAdmin: false });
    expect(asCoach.familiesEnrolled).toBeNull();
    expect(asCoach.conversions).toEqual([]);
    const coachLeads = await fetchAllLeads(coach, filters({ overdue: true }));
    expect(asCoach.overdueTotal).toBe(coachLeads.length);
    expect(coachLeads.every((l) => l.assignee_id === COACH_ID)).toBe(true);
    const { count } = await coach.from('coaching_sessions').select('id', { count: 'exact', head: true });
    expect(asCoach.sessionsThisWeek).toBeLessThanOrEqual(count ?? 0);
  });
});

describe('newsletter subscribers', () => {
  it('admins list, search and unsubscribe; coaches cannot', async () => {
    const email = uniqueEmail('reader');
    await anonClient().from('newsletter_subscribers').insert({ email, first_name: 'Reese', source: 'home' });
    const { data: found } = await subscribersQuery(admin, { q: 'REESE' });
    expect(found?.map((s) => s.email)).toContain(email);
    // By a part of the address, in any letter case; the search's % and _ are letters.
    const byEmail = await subscribersQuery(admin, { q: email.slice(0, -4).toUpperCase() }).range(0, 49);
    expect(byEmail.count).toBe(1);
    expect(byEmail.data?.map((s) => s.email)).toEqual([email]);
    expect((await subscribersQuery(admin, { q: '%' })).data).toEqual([]);
    expect((await subscribersQuery(coach, {})).data).toEqual([]);
    expect((await subscribersQuery(coach, { q: 'REESE' })).error?.code).toBe('42501');
    const id = found!.find((s) => s.email === email)!.id;
    expect((await coach.from('newsletter_subscribers').delete().eq('id', id).select()).data).toEqual([]);
    expect((await admin.from('newsletter_subscribers').delete().eq('id', id).select('id')).data).toEqual([
      { id },
    ]);
    // Unsubscribed means gone: the address can sign up again.
    expect((await anonClient().from('newsletter_subscribers').insert({ email })).error).toBeNull();
  });
});
