import { describe, expect, it } from 'vitest';
import { renderFamilyDataSummary, type FamilyExport } from '../lib/family-data-summary';

const MIA = '0a1b2c3d-0000-4000-8000-000000000001';
const SESSION = '0a1b2c3d-0000-4000-8000-0000000000a1';
const PARENT = '0a1b2c3d-0000-4000-8000-0000000000f1';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** An export as export_family_data shapes it, with overrides per table. */
function exportFactory(tables: FamilyExport['tables'] = {}): FamilyExport {
  return {
    exported_at: '2026-11-26T15:00:00Z',
    account: { email: 'sam@example.com', created_at: '2026-10-01T09:00:00Z', last_sign_in_at: null },
    child_logins: [{ child_id: MIA, login: 'mia' }],
    tables: {
      children: [
        {
          id: MIA,
          parent_id: PARENT,
          user_id: '0a1b2c3d-0000-4000-8000-0000000000c1',
          coach_id: '0a1b2c3d-0000-4000-8000-0000000000d1',
          first_name: 'Mia',
          age: 9,
          focus_areas: ['emotions', 'focus'],
          hopes: 'Calmer bedtimes <script>alert(1)</script>',
        },
      ],
      parental_consents: [
        {
          id: '0a1b2c3d-0000-4000-8000-0000000000e1',
          child_id: MIA,
          parent_id: PARENT,
          notice_id: '0a1b2c3d-0000-4000-8000-0000000000e2',
          signed_name: 'Sam Rivera',
          method: 'in_app_signature',
          given_at: '2026-11-06T10:00:00Z',
        },
      ],
      coaching_sessions: [
        {
          id: SESSION,
          child_id: MIA,
          parent_id: PARENT,
          starts_at: '2026-11-20T22:00:00Z',
          status: 'completed',
        },
      ],
      session_notes: [
        { id: '0a1b2c3d-0000-4000-8000-0000000000b1', session_id: SESSION, body: 'Great focus.' },
      ],
      profiles: [{ id: PARENT, first_name: 'Sam', last_name: 'Rivera', phone: null }],
      ...tables,
    },
  };
}

describe('renderFamilyDataSummary', () => {
  const html = renderFamilyDataSummary(
    exportFactory({
      // A table this page knows nothing about still shows, under the child it names.
      brand_new_table: [
        { id: '0a1b2c3d-0000-4000-8000-0000000000aa', child_id: MIA, favourite_colour: 'green' },
      ],
    }),
    { locale: 'en-US', timeZone: 'America/New_York' },
  );

  it('is a page for a person: a section per child with the profile, consent and sessions in words', () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<h2>Mia</h2>');
    expect(html).toContain('Child login: <strong>mia</strong>');
    expect(html).toContain('<dt>Focus areas</dt><dd>emotions, focus</dd>');
    expect(html).toContain('Parental consent');
    expect(html).toContain('<dt>Signed by</dt><dd>Sam Rivera</dd>');
    // Times in the reader's zone: 22:00 UTC is 5:00 PM in New York.
    expect(html).toContain('<dt>Starts</dt><dd>November 20, 2026 at 5:00 PM</dd>');
    // A note names its session by its date, not its id.
    expect(html).toContain('<dt>Session</dt><dd>November 20, 2026 at 5:00 PM</dd>');
    expect(html).toContain('<h2>Your account</h2>');
    expect(html).toContain('<dt>Email</dt><dd>sam@example.com</dd>');
  });

  it('shows any table the export holds, titled from its name', () => {
    const mia = html.slice(html.indexOf('<h2>Mia</h2>'), html.indexOf('<h2>Your account</h2>'));
    expect(mia).toContain('Brand new table');
    expect(mia).toContain('<dt>Favourite colour</dt><dd>green</dd>');
  });

  it('leaves out every identifier and escapes what the family typed', () => {
    expect(html).not.toMatch(UUID);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('Calmer bedtimes &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('an export without children or tables still reads', () => {
    const empty = renderFamilyDataSummary({ tables: {} });
    expect(empty).toContain('No children are on your account.');
    expect(empty).toContain('<h2>Your account</h2>');
  });
});
