import ICAL from 'ical.js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, stackEnv } from '../support/stack.ts';
import { createPractice, type Practice } from './sessions-support.ts';

/**
 * The private calendar feeds: the token is made through supabase-js as the account screens make
 * it, the feed is fetched over HTTP as a calendar app does (no key, no session) and read with
 * ical.js. A new token makes the old URL a 404 at once; a family's feed never holds another
 * family's sessions; a team member's holds the sessions they coach and the intro calls they host.
 */

let db: pg.Client;
let practice: Practice;
const day = 24 * 3600_000;

/** A whole hour `days` from now (plus `hours`), as an ISO string. */
function at(days: number, hours = 0): string {
  const time = new Date(Date.now() + days * day + hours * 3600_000);
  time.setUTCMinutes(0, 0, 0);
  return time.toISOString();
}

const sessions: Record<string, string> = {};

async function addSession(
  label: string,
  childId: string,
  coachId: string,
  startsAt: string,
  status = 'scheduled',
) {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (child_id, coach_id, starts_at, status)
     values ($1, $2, $3, $4) returning id`,
    [childId, coachId, startsAt, status],
  );
  sessions[label] = rows[0].id;
}

beforeAll(async () => {
  db = await adminDb();
  practice = await createPractice(db);
  const { parent, otherParent, coach, otherCoach } = practice;
  await addSession('soon', parent.childId, coach.coachId, at(2));
  await addSession('in40days', parent.childId, coach.coachId, at(40, 1));
  await addSession('lastWeek', parent.childId, coach.coachId, at(-7, 2));
  await addSession('tooOld', parent.childId, coach.coachId, at(-45, 3));
  await addSession('tooFar', parent.childId, coach.coachId, at(200, 4));
  await addSession('cancelled', parent.childId, coach.coachId, at(3, 5), 'cancelled');
  await addSession('otherFamily', otherParent.childId, otherCoach.coachId, at(2, 6));
  const { rows } = await db.query<{ id: string }>(
    `insert into public.leads (source, name, email) values ('fit-call', 'Lena Lead', 'lena.lead@example.com') returning id`,
  );
  const call = await db.query<{ id: string }>(
    `insert into public.intro_calls (lead_id, host_id, starts_at) values ($1, $2, $3) returning id`,
    [rows[0].id, coach.userId, at(1, 7)],
  );
  sessions.introCall = call.rows[0].id;
});

afterAll(async () => {
  await practice?.destroy();
  await db?.end();
});

const feedUrl = (token: string) => `${stackEnv.url}/functions/v1/calendar-feed/${token}.ics`;

/** Fetches a feed as a calendar app does: no apikey, no Authorization. */
async function fetchFeed(token: string) {
  const response = await fetch(feedUrl(token));
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, text, events: [] };
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return {
    status: response.status,
    text,
    contentType: response.headers.get('content-type'),
    events: events.map((e) => ({
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      description: e.description,
    })),
  };
}

describe("a family's calendar feed", () => {
  it('is made by the parent, holds their child’s sessions in the window, and nothing of others', async () => {
    const made = await practice.parent.client.rpc('create_calendar_feed').single<{
      token: string;
      kind: string;
      created_at: string;
    }>();
    expect(made.error).toBeNull();
    expect(made.data!.kind).toBe('family');
    expect(made.data!.token).toMatch(/^[0-9a-f]{64}$/);

    const shown = await practice.parent.client
      .rpc('get_calendar_feed')
      .maybeSingle<{ kind: string; created_at: string }>();
    expect(shown.data).toEqual({ kind: 'family', created_at: made.data!.created_at });

    const feed = await fetchFeed(made.data!.token);
    expect(feed.status).toBe(200);
    expect(feed.contentType).toBe('text/calendar; charset=utf-8');
    const uid = (label: string) => `session-${sessions[label]}@ploom`;
    expect(feed.events.map((e) => e.uid).sort()).toEqual(
      [uid('soon'), uid('in40days'), uid('lastWeek')].sort(),
    );
    const soon = feed.events.find((e) => e.uid === uid('soon'))!;
    expect(soon.start).toBe(new Date(at(2)).toISOString());
    expect(soon.end).toBe(new Date(Date.parse(at(2)) + 30 * 60_000).toISOString());
    expect(soon.summary).toBe("Mia's Ploom session with Jordan Tester");
    // nothing of the other family, and no one's email or notes leaves the product
    expect(feed.text).not.toContain(sessions.otherFamily);
    expect(feed.text).not.toContain('Arjun');
    expect(feed.text).not.toContain(practice.parent.email);
  });

  it('a new link makes the old URL a 404 at once, like a token that never existed', async () => {
    const first = await practice.parent.client.rpc('create_calendar_feed').single<{ token: string }>();
    expect((await fetchFeed(first.data!.token)).status).toBe(200);
    const second = await practice.parent.client.rpc('create_calendar_feed').single<{ token: string }>();
    expect(second.data!.token).not.toBe(first.data!.token);
    const old = await fetchFeed(first.data!.token);
    const never = await fetchFeed('0'.repeat(64));
    expect(old.status).toBe(404);
    expect(never.status).toBe(404);
    expect(old.text).toBe(never.text);
    expect((await fetchFeed(second.data!.token)).status).toBe(200);
  });

  it('turned off, the URL is a 404 and the screen finds no feed', async () => {
    const made = await practice.parent.client.rpc('create_calendar_feed').single<{ token: string }>();
    expect((await fetchFeed(made.data!.token)).status).toBe(200);
    const off = await practice.parent.client.rpc('delete_calendar_feed');
    expect(off.error).toBeNull();
    expect((await fetchFeed(made.data!.token)).status).toBe(404);
    const shown = await practice.parent.client.rpc('get_calendar_feed').maybeSingle();
    expect(shown.data).toBeNull();
  });

  it('no one else can read or make it: anon is refused, the token is not stored', async () => {
    const anon = await fetch(`${stackEnv.url}/rest/v1/rpc/create_calendar_feed`, {
      method: 'POST',
      headers: { apikey: stackEnv.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(anon.status).toBeGreaterThanOrEqual(401);
    const made = await practice.otherParent.client.rpc('create_calendar_feed').single<{ token: string }>();
    const { rows } = await db.query<{ stored: string }>(
      `select encode(token_hash, 'hex') as stored from private.calendar_feeds where user_id = $1`,
      [practice.otherParent.userId],
    );
    expect(rows[0].stored).not.toContain(made.data!.token);
    const theirs = await fetchFeed(made.data!.token);
    expect(theirs.events.map((e) => e.uid)).toEqual([`session-${sessions.otherFamily}@ploom`]);
    // a signed-in parent cannot ask for the events of a feed through the API
    const direct = await practice.parent.client.rpc('calendar_feed_events', { feed_token: made.data!.token });
    expect(direct.error).not.toBeNull();
  });
});

describe("a team member's calendar feed", () => {
  it('holds the sessions they coach and the intro calls they host', async () => {
    const made = await practice.coach.client
      .rpc('create_calendar_feed')
      .single<{ token: string; kind: string }>();
    expect(made.error).toBeNull();
    expect(made.data!.kind).toBe('staff');
    const feed = await fetchFeed(made.data!.token);
    expect(feed.events.map((e) => e.uid).sort()).toEqual(
      [
        `session-${sessions.soon}@ploom`,
        `session-${sessions.in40days}@ploom`,
        `session-${sessions.lastWeek}@ploom`,
        `intro-call-${sessions.introCall}@ploom`,
      ].sort(),
    );
    const call = feed.events.find((e) => e.uid.startsWith('intro-call-'))!;
    expect(call.summary).toBe('Ploom intro call');
    expect(Date.parse(call.end) - Date.parse(call.start)).toBe(15 * 60_000);
    expect(feed.text).not.toContain('Lena');
  });

  it('stops when the member leaves the team', async () => {
    const made = await practice.otherCoach.client.rpc('create_calendar_feed').single<{ token: string }>();
    expect((await fetchFeed(made.data!.token)).status).toBe(200);
    await db.query(`update public.user_roles set role = 'parent' where user_id = $1`, [
      practice.otherCoach.userId,
    ]);
    expect((await fetchFeed(made.data!.token)).status).toBe(404);
  });
});
