import { mailerFromEnv } from '../_shared/mailer.ts';
import { check, exactIlike, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type ContactStore } from './handler.ts';

const store: ContactStore = {
  async claimNotification(email, since) {
    const rows = check(
      await serviceClient()
        .from('contact_messages')
        .update({ notified_at: new Date().toISOString() })
        .ilike('email', exactIlike(email))
        .gte('created_at', since.toISOString())
        .is('notified_at', null)
        .select('id, name, email, topic, message, created_at'),
    );
    return (rows ?? [])
      .map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        topic: row.topic,
        message: row.message,
        createdAt: row.created_at,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  },
  async releaseNotification(ids) {
    check(await serviceClient().from('contact_messages').update({ notified_at: null }).in('id', ids));
  },
};

Deno.serve(createHandler({ store, mailer: mailerFromEnv(), teamEmail: Deno.env.get('TEAM_EMAIL') }));
