import { mailerFromEnv } from '../_shared/mailer.ts';
import { check, exactIlike, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type SubscriberStore } from './handler.ts';

const store: SubscriberStore = {
  async claimWelcome(email, since) {
    const rows = check(
      await serviceClient()
        .from('newsletter_subscribers')
        .update({ confirmation_sent_at: new Date().toISOString() })
        .ilike('email', exactIlike(email))
        .gte('created_at', since.toISOString())
        .is('confirmation_sent_at', null)
        .select('id, email, first_name'),
    );
    const row = rows?.[0];
    return row ? { id: row.id, email: row.email, firstName: row.first_name } : null;
  },
  async releaseWelcome(id) {
    check(
      await serviceClient()
        .from('newsletter_subscribers')
        .update({ confirmation_sent_at: null })
        .eq('id', id),
    );
  },
};

Deno.serve(createHandler({ store, mailer: mailerFromEnv(), siteUrl: Deno.env.get('SITE_URL') }));
