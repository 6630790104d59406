import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type FeedRow, type FeedStore } from './handler.ts';

const store: FeedStore = {
  async events(token) {
    return (check(await serviceClient().rpc('calendar_feed_events', { feed_token: token })) ??
      []) as FeedRow[];
  },
};

Deno.serve(createHandler({ store, siteUrl: requireEnv('SITE_URL') }));
