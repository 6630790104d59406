import ICAL from 'ical.js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentText, waitForEmail, type InboxEmail } from '../support/inbox.ts';
import { adminDb } from '../support/stack.ts';
import { createPractice, type Practice } from './sessions-support.ts';

/**
 * The .ics on each session email, read from the local inbox and parsed with ical.js: a move keeps
 * the UID and raises the SEQUENCE (the calendar updates the event it holds), a cancellation is a
 * METHOD:CANCEL for the same UID (the calendar removes it).
 */

let db: pg.Client;
let practice: Practice;

beforeAll(async () => {
  db = await adminDb();
  practice = await createPractice(db);
});

afterAll(async () => {
  await practice?.destroy();
  await db?.end();
});

/** The .ics is named for the session's day in the recipient's zone; a cancellation says so. */
const INVITE = /^ploom-session-\d{4}-\d{2}-\d{2}\.ics$/;
const CANCELLATION = /^ploom-session-\d{4}-\d{2}-\d{2}-cancelled\.ics$/;

async function calendarOf(mail: InboxEmail, fileName = INVITE) {
  const file = mail.attachments?.find((a) => fileName.test(a.fileName));
  expect(file?.contentType).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await attachmentText(mail, file!.fileName)));
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  const event = new ICAL.Event(vevents[0]);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: event.component.getFirstPropertyValue('status'),
  };
}

describe('session emails put the session in the calendar', () => {
  it('booked, moved and cancelled: one UID, a higher SEQUENCE each time, then a cancellation', async () => {
    const { data: session, error } = await practice.admin.client
      .from('coaching_sessions')
      .insert({
        child_id: practice.parent.childId,
        coach_id: practice.coach.coachId,
        starts_at: '2027-04-06T20:30:00Z',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const uid = `session-${session!.id}@ploom`;

    const booked = await calendarOf(await waitForEmail(practice.parent.email, /^Session booked/));
    expect(booked).toMatchObject({
      method: 'REQUEST',
      uid,
      start: '2027-04-06T20:30:00.000Z',
      end: '2027-04-06T21:00:00.000Z',
      status: 'CONFIRMED',
    });
    const coachBooked = await calendarOf(await waitForEmail(practice.coach.email, /^Session booked/));
    expect(coachBooked).toMatchObject({ uid, sequence: booked.sequence });

    // the coach moves it, as the session screen does
    const moved = await practice.coach.client
      .from('coaching_sessions')
      .update({ starts_at: '2027-04-07T20:30:00Z' })
      .eq('id', session!.id)
      .select('id');
    expect(moved.error).toBeNull();
    const afterMove = await calendarOf(await waitForEmail(practice.parent.email, /^Session moved/));
    expect(afterMove).toMatchObject({ method: 'REQUEST', uid, start: '2027-04-07T20:30:00.000Z' });
    expect(afterMove.sequence).toBeGreaterThan(booked.sequence);
    const coachMoved = await calendarOf(await waitForEmail(practice.coach.email, /^Session moved/));
    expect(coachMoved.sequence).toBeGreaterThan(coachBooked.sequence);

    // a second move goes higher again
    await practice.coach.client
      .from('coaching_sessions')
      .update({ starts_at: '2027-04-08T20:30:00Z' })
      .eq('id', session!.id)
      .select('id');
    const secondMoveMail = await waitForEmail(practice.parent.email, /^Session moved/, 10000, (mail) =>
      mail.text.includes('April 8'),
    );
    const afterSecondMove = await calendarOf(secondMoveMail);
    expect(afterSecondMove.uid).toBe(uid);
    expect(afterSecondMove.sequence).toBeGreaterThan(afterMove.sequence);

    const cancelled = await practice.admin.client
      .from('coaching_sessions')
      .update({ status: 'cancelled' })
      .eq('id', session!.id)
      .select('status')
      .single();
    expect(cancelled.error).toBeNull();
    const cancelMail = await waitForEmail(practice.parent.email, /^Session cancelled/);
    const cancellation = await calendarOf(cancelMail, CANCELLATION);
    expect(cancellation).toMatchObject({ method: 'CANCEL', uid, status: 'CANCELLED' });
    expect(cancellation.sequence).toBeGreaterThan(afterSecondMove.sequence);
  });

  it("a coach who takes the session over gets it new; the former coach's calendar loses it", async () => {
    const { data: session } = await practice.admin.client
      .from('coaching_sessions')
      .insert({
        child_id: practice.parent.childId,
        coach_id: practice.coach.coachId,
        starts_at: '2027-05-04T20:30:00Z',
      })
      .select('id')
      .single();
    const uid = `session-${session!.id}@ploom`;
    const first = await calendarOf(
      await waitForEmail(practice.coach.email, /^Session booked/, 10000, (m) => m.text.includes('May 4')),
    );
    expect(first.uid).toBe(uid);
    const { error } = await practice.admin.client
      .from('coaching_sessions')
      .update({ coach_id: practice.otherCoach.coachId })
      .eq('id', session!.id)
      .select('id');
    expect(error).toBeNull();
    const removed = await calendarOf(
      await waitForEmail(practice.coach.email, /^Session cancelled/, 10000, (m) => m.text.includes('May 4')),
      CANCELLATION,
    );
    expect(removed).toMatchObject({ method: 'CANCEL', uid });
    expect(removed.sequence).toBeGreaterThan(first.sequence);
    const taken = await calendarOf(
      await waitForEmail(practice.otherCoach.email, /^Session booked/, 10000, (m) =>
        m.text.includes('May 4'),
      ),
    );
    expect(taken).toMatchObject({ method: 'REQUEST', uid, start: '2027-05-04T20:30:00.000Z' });
  });
});
