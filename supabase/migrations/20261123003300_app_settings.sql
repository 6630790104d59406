-- The team's settings, as typed columns of one row so each is validated where it is stored:
-- the address the team's notifications go to, and the reply time the site and emails promise.
-- Admins read and change them (audited); the edge functions read them through
-- public.team_settings() with the service role.
create table public.app_settings (
  id text primary key default 'team' check (id = 'team'),
  team_notification_email text not null check (
    char_length(team_notification_email) <= 254
    and team_notification_email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
  ),
  reply_within_hours integer not null default 24 check (reply_within_hours between 1 and 168),
  updated_by uuid references auth.users (id) on delete set null,
  updated_at timestamptz not null default now()
);
alter table public.app_settings enable row level security;
create index app_settings_updated_by_idx on public.app_settings (updated_by);

-- Who changed them last, and when: set by the database, not sent by the client.
create or replace function private.app_settings_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.team_notification_email := btrim(new.team_notification_email);
  new.updated_by := auth.uid();
  new.updated_at := now();
  return new;
end;
$$;

create trigger app_settings_stamp
  before insert or update on public.app_settings
  for each row execute function private.app_settings_stamp();

create trigger app_settings_audit after update on public.app_settings
  for each row execute function private.audit_change(
    'SETTINGS_CHANGED', 'app_settings', 'id', 'team_notification_email', 'reply_within_hours'
  );

revoke all on public.app_settings from anon, authenticated;
grant select on public.app_settings to authenticated;
grant update (team_notification_email, reply_within_hours) on public.app_settings to authenticated;

create policy "Admins read the team settings"
  on public.app_settings for select to authenticated
  using ((select private.is_admin()));

create policy "Admins change the team settings"
  on public.app_settings for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

alter publication supabase_realtime add table public.app_settings;

-- The one row, so a hosted project has it after `supabase db push` (change the address in /admin/settings).
insert into public.app_settings (id, team_notification_email, reply_within_hours)
values ('team', 'team@ploom.local', 24)
on conflict (id) do nothing;

-- What the edge functions read (service role): the team's address and reply time.
create or replace function private.team_settings()
returns table (team_notification_email text, reply_within_hours integer)
language sql
stable
security definer
set search_path = ''
as $$
  select s.team_notification_email, s.reply_within_hours from public.app_settings s where s.id = 'team'
$$;
revoke execute on function private.team_settings() from public;
grant execute on function private.team_settings() to service_role;

create or replace function public.team_settings()
returns table (team_notification_email text, reply_within_hours integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.team_settings()
$$;
revoke execute on function public.team_settings() from public, anon, authenticated;
grant execute on function public.team_settings() to service_role;
