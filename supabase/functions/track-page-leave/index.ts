import { serviceClient, check } from '../_shared/supabase.ts';
import { createHandler, type AnalyticsStore } from './handler.ts';

const store: AnalyticsStore = {
  async insertPageLeave(row) {
    check(await serviceClient().from('web_analytics').insert(row));
  },
};

Deno.serve(createHandler({ store }));
