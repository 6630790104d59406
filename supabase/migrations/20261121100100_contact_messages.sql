-- Messages from the /contact form. Visitors (anon) and signed-in users may send one; nobody but
-- admins reads them. The browser sends its own id so a retried submit cannot store two rows.
-- The send-contact-notification function (service role) sets notified_at once it has emailed.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  topic text not null,
  message text not null,
  analytics_session_id text null,
  status text not null default 'new',
  notified_at timestamptz null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  constraint contact_messages_name_length check (char_length(btrim(name)) between 1 and 100),
  constraint contact_messages_email_format
    check (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint contact_messages_topic_known
    check (topic in ('general', 'program', 'enrollment', 'billing', 'privacy', 'partnership', 'other')),
  constraint contact_messages_message_length check (char_length(btrim(message)) between 10 and 5000),
  constraint contact_messages_session_id_length
    check (analytics_session_id is null or char_length(analytics_session_id) <= 100),
  constraint contact_messages_status_known check (status in ('new', 'replied', 'closed'))
);

comment on table public.contact_messages is 'Messages sent through the contact form. Anon insert-only; admins read and update.';

create index contact_messages_created_at_idx on public.contact_messages (created_at desc);
create index contact_messages_email_idx on public.contact_messages (lower(email), created_at desc);

alter table public.contact_messages enable row level security;

revoke all on table public.contact_messages from anon, authenticated;
grant insert (id, name, email, topic, message, analytics_session_id)
  on table public.contact_messages to anon, authenticated;
grant select, delete on table public.contact_messages to authenticated;
grant update (status) on table public.contact_messages to authenticated;
grant all on table public.contact_messages to service_role;

create policy "Visitors can send a message"
  on public.contact_messages for insert to anon
  with check (status = 'new' and notified_at is null);

create policy "Signed-in users can send a message"
  on public.contact_messages for insert to authenticated
  with check (status = 'new' and notified_at is null);

create policy "Admins can read messages"
  on public.contact_messages for select to authenticated
  using ((select private.is_admin()));

create policy "Admins can update a message's status"
  on public.contact_messages for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete messages"
  on public.contact_messages for delete to authenticated
  using ((select private.is_admin()));

create trigger contact_messages_set_updated_at
  before update on public.contact_messages
  for each row execute function private.set_updated_at();
