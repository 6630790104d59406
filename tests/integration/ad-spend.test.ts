import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSpendCsv, type SpendRow } from '../../src/features/ad-spend/lib/spend-csv.ts';
import type { Database } from '../../src/types/database.ts';
import { adminDb, anonClient, signedInClient } from '../support/stack.ts';

/**
 * The marketing cockpit's database half through supabase-js, as /admin/report will call it (issue 37;
 * docs/decisions/232): an admin at two-factor sign-in imports the platforms' files as parseSpendCsv
 * reads them (import_ad_spend), again without effect, then reads the cockpit (cockpit_report); a bad
 * row comes back as a 400 with every problem by row in the details; a coach and a visitor are refused.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../src/features/ad-spend/__tests__/fixtures');
const run = randomUUID().slice(0, 8);

/** A fixture file as the screen reads it, its campaigns renamed for this run so the counts are its own. */
function fixture(file: string) {
  const parsed = parseSpendCsv(readFileSync(path.join(FIXTURES, file), 'utf8'));
  return { ...parsed, rows: parsed.rows.map((row) => ({ ...row, campaign: `${row.campaign}-${run}` })) };
}

const totals = (rows: SpendRow[]) => {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.campaign, (sums.get(row.campaign) ?? 0) + row.amountMinor);
  return sums;
};

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

let admin: SupabaseClient;
let coach: SupabaseClient;
const googleFile = fixture('google-ads-campaign-report.csv');
const metaFile = fixture('meta-ads-manager-export.csv');
const google: SpendRow[] = googleFile.rows;
const meta: SpendRow[] = metaFile.rows;

beforeAll(async () => {
  const [adminUser, coachUser] = await Promise.all([
    signedInClient({ firstName: 'Mara', lastName: 'Marketing' }),
    signedInClient({ firstName: 'Cole', lastName: 'Coach' }),
  ]);
  const db = await adminDb();
  try {
    await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin'), ($2, 'coach')`, [
      adminUser.userId,
      coachUser.userId,
    ]);
  } finally {
    await db.end();
  }
  // Staff reach this only at aal2: the admin enrols an authenticator app and enters its code.
  admin = adminUser.client;
  const enrolled = await admin.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error) throw enrolled.error;
  const verified = await admin.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: codeFor(enrolled.data.totp.secret),
  });
  if (verified.error) throw verified.error;
  coach = coachUser.client;
}, 30_000);

afterAll(async () => {
  const db = await adminDb();
  try {
    await db.query('delete from public.ad_spend where campaign like $1', [`%-${run}`]);
  } finally {
    await db.end();
  }
});

describe('ad spend through supabase-js', () => {
  it('an admin imports the Google Ads and Meta files; the same files again change nothing', async () => {
    expect([googleFile.format, googleFile.errors, metaFile.format, metaFile.errors]).toEqual([
      'google-ads',
      [],
      'meta',
      [],
    ]);
    expect(google).toHaveLength(42); // 3 campaigns × 14 days
    expect(meta).toHaveLength(28); // 2 campaigns × 14 days, the ad sets of a day added up

    const first = await admin.rpc('import_ad_spend', { rows: google, source: 'google-ads' });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ inserted: 42, updated: 0, unchanged: 0 });
    const metaFirst = await admin.rpc('import_ad_spend', { rows: meta, source: 'meta' });
    expect(metaFirst.data).toEqual({ inserted: 28, updated: 0, unchanged: 0 });

    const again = await admin.rpc('import_ad_spend', { rows: google, source: 'google-ads' });
    expect(again.data).toEqual({ inserted: 0, updated: 0, unchanged: 42 });
    const metaAgain = await admin.rpc('import_ad_spend', { rows: meta, source: 'meta' });
    expect(metaAgain.data).toEqual({ inserted: 0, updated: 0, unchanged: 28 });

    // One figure by hand, through the same function.
    const manual = await admin.rpc('import_ad_spend', {
      rows: [
        { day: '2025-03-10', campaign: `newsletter-sponsor-${run}`, amountMinor: 25000, currency: 'USD' },
      ],
      source: 'manual',
    });
    expect(manual.data).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
  });

  it('the cockpit shows each campaign’s spend over the fortnight, in the report currency', async () => {
    const report = await admin.rpc('cockpit_report', {
      since: '2025-03-03T00:00:00Z',
      until: '2025-03-17T00:00:00Z',
      time_zone: 'UTC',
    });
    expect(report.error).toBeNull();
    const rows = (report.data ?? []) as Database['public']['Functions']['cockpit_report']['Returns'];
    const expected = new Map([...totals(google), ...totals(meta), [`newsletter-sponsor-${run}`, 25000]]);
    // The files' own totals: Google's "Total: Account" row says 1,659.24, Meta's 566.80.
    expect([...totals(google).values()].reduce((a, b) => a + b)).toBe(165924);
    expect([...totals(meta).values()].reduce((a, b) => a + b)).toBe(56680);
    for (const [campaign, spend] of expected) {
      const row = rows.find((r) => r.dimension === 'campaign' && r.key === campaign);
      expect(row, campaign).toMatchObject({ spend_minor: spend, visitors: 0, leads: 0, currency: 'USD' });
      expect(row?.cost_per_lead_minor).toBeNull();
    }
    // These campaigns sent no visitor to a variant: their spend is on the variant row without a path.
    const unattributed = rows.find((r) => r.dimension === 'variant' && r.key === null);
    expect(unattributed?.spend_minor).toBeGreaterThanOrEqual(165924 + 56680 + 25000);
    for (const column of ['visitors', 'leads', 'enrolled'] as const) {
      expect(rows.filter((r) => r.dimension === 'variant').every((r) => Number.isInteger(r[column]))).toBe(
        true,
      );
    }
  });

  it('a bad row refuses the whole import with a 400, every problem by row in the details', async () => {
    const rows = [
      { ...google[0], amountMinor: 1 },
      { ...google[1], currency: 'EUR' },
    ];
    const refused = await admin.rpc('import_ad_spend', { rows, source: 'google-ads' });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: '22023' });
    expect(refused.error?.message).toMatch(/^1 of the 2 rows cannot be imported, so none was\. Row 1: /);
    expect(JSON.parse(refused.error?.details ?? '[]')).toEqual([
      {
        index: 1,
        reason:
          'The amount is in EUR, but the report counts in USD only: export the report in USD or convert the amounts first.',
      },
    ]);
    // The first row's new figure was not applied either.
    const again = await admin.rpc('import_ad_spend', { rows: google, source: 'google-ads' });
    expect(again.data).toEqual({ inserted: 0, updated: 0, unchanged: 42 });
  });

  it('a coach and a visitor are refused both', async () => {
    const range = { since: '2025-03-03T00:00:00Z', until: '2025-03-17T00:00:00Z' };
    const coachImport = await coach.rpc('import_ad_spend', { rows: google, source: 'google-ads' });
    expect(coachImport.status).toBe(403);
    expect(coachImport.error).toMatchObject({ code: '42501', message: 'Only admins may enter ad spend' });
    const coachReport = await coach.rpc('cockpit_report', range);
    expect(coachReport.error).toMatchObject({
      code: '42501',
      message: 'Only admins may read the marketing cockpit',
    });
    const coachTable = await coach.from('ad_spend').select('campaign').like('campaign', `%-${run}`);
    expect(coachTable).toMatchObject({ error: null, data: [] });

    const visitor = anonClient();
    expect(
      (await visitor.rpc('import_ad_spend', { rows: google, source: 'google-ads' })).error,
    ).toMatchObject({
      code: '42501',
    });
    expect((await visitor.rpc('cockpit_report', range)).error).toMatchObject({ code: '42501' });
    expect((await visitor.from('ad_spend').select('campaign')).error).toMatchObject({ code: '42501' });
  });
});
