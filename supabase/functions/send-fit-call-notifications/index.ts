import { mailerFromEnv } from '../_shared/mailer.ts';
import { check, exactIlike, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type LeadStore } from './handler.ts';

const store: LeadStore = {
  async claimNotification(email, since) {
    const rows = check(
      await serviceClient()
        .from('waitlist')
        .update({ notified_at: new Date().toISOString() })
        .ilike('email', exactIlike(email))
        .gte('created_at', since.toISOString())
        .is('notified_at', null)
        .select('id, email, name, phone, child_name, age_band, challenge, source, created_at'),
    );
    return (rows ?? [])
      .map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        phone: row.phone,
        childName: row.child_name,
        ageBand: row.age_band,
        challenge: row.challenge,
        source: row.source,
        createdAt: row.created_at,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  },
  async releaseNotification(ids) {
    check(await serviceClient().from('waitlist').update({ notified_at: null }).in('id', ids));
  },
};

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    teamEmail: Deno.env.get('TEAM_EMAIL'),
    siteUrl: Deno.env.get('SITE_URL'),
  }),
);
