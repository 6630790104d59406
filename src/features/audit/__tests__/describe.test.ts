import { describe, expect, it } from 'vitest';
import { actionLabel, describeDetails, entityLabel } from '../lib/describe';

const JORDAN = 'a0000000-0000-4000-8000-000000000002';
const MAYA = 'c0000000-0000-4000-8000-000000000002';
const utc = (at: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at);

describe('audit details in words', () => {
  it('names the ids and reads the instants, never a raw UUID or ISO timestamp', () => {
    const text = describeDetails(
      {
        changes: {
          assignee_id: { from: null, to: JORDAN },
          coach_id: { from: JORDAN, to: MAYA },
          starts_at: { from: '2026-11-30T21:30:00+00:00', to: '2026-12-01T21:30:00Z' },
        },
      },
      { [JORDAN]: 'Jordan Ellis', [MAYA]: 'Maya Chen' },
      utc,
    );
    expect(text).toBe(
      'assignee: none → Jordan Ellis; coach: Jordan Ellis → Maya Chen; starts: Nov 30, 2026, 9:30 PM → Dec 1, 2026, 9:30 PM',
    );
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('a note and a role read as they were written', () => {
    expect(describeDetails({ body: 'Called, left a message.' })).toBe('body: Called, left a message.');
    expect(describeDetails({ role: 'coach', via: 'service_role' })).toBe('role: coach');
  });

  it('an id the database could not name says so rather than showing it', () => {
    expect(describeDetails({ changes: { assignee_id: { from: JORDAN, to: null } } })).toBe(
      'assignee: an account no longer here → none',
    );
  });

  it('words for the lead actions and the entity types', () => {
    expect(actionLabel('LEAD_ASSIGNED')).toBe('Lead assigned');
    expect(actionLabel('LEAD_NOTE_ADDED')).toBe('Note added to a lead');
    expect(entityLabel('coaching_session')).toBe('Session');
  });
});
