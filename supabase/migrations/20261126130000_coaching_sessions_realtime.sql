-- The sessions screens follow coaching_sessions live (useLiveQuery in features/sessions), so the
-- table joins the supabase_realtime publication: without it a subscription is accepted and never
-- delivers anything. Realtime sends a change only to subscribers whose role may select the row, so
-- the table's select policies (admins all, a coach their own, a family its children's) decide who
-- hears of which session, as they decide who reads it.
alter publication supabase_realtime add table public.coaching_sessions;
