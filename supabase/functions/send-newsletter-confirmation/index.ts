import { mailerFromEnv } from '../_shared/mailer.ts';
import { claimRecentRows, releaseRows, serviceMailCaps } from '../_shared/supabase.ts';
import { createHandler, type SubscriberStore } from './handler.ts';

interface SubscriberRow {
  id: string;
  email: string;
  first_name: string | null;
  created_at: string;
}

const store: SubscriberStore = {
  async claimWelcome(email, since) {
    // One row at most: the email is unique in any letter case.
    const [row] = await claimRecentRows<SubscriberRow>({
      table: 'newsletter_subscribers',
      flag: 'confirmation_sent_at',
      email,
      since,
      columns: 'id, email, first_name, created_at',
    });
    return row ? { id: row.id, email: row.email, firstName: row.first_name } : null;
  },
  releaseWelcome: (id) => releaseRows('newsletter_subscribers', 'confirmation_sent_at', [id]),
};

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    caps: serviceMailCaps(),
    siteUrl: Deno.env.get('SITE_URL'),
  }),
);
