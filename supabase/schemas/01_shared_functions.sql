-- Functions used by objects in earlier files than their own domain
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.audit_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  action text := tg_argv[0];
  entity text := tg_argv[1];
  id_column text := coalesce(nullif(tg_argv[2], ''), 'id');
  tracked text[] := coalesce(tg_argv[3:tg_nargs - 1], '{}'::text[]);
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  subject jsonb := coalesce(new_row, old_row);
  details jsonb := '{}'::jsonb;
  changes jsonb := '{}'::jsonb;
  actor uuid := private.audit_actor();
  col text;
begin
  if right(action, 2) = '_*' then
    action := left(action, -1)
      || case tg_op when 'INSERT' then 'CREATED' when 'UPDATE' then 'UPDATED' else 'DELETED' end;
  end if;

  if tg_op = 'UPDATE' then
    for col in select key from jsonb_each(new_row) order by key loop
      continue when col in ('created_at', 'updated_at');
      continue when cardinality(tracked) > 0 and not col = any(tracked);
      if new_row -> col is distinct from old_row -> col then
        changes := changes || jsonb_build_object(
          col, jsonb_build_object('from', private.audit_value(old_row -> col), 'to', private.audit_value(new_row -> col))
        );
      end if;
    end loop;
    if changes = '{}'::jsonb then
      return null;
    end if;
    details := jsonb_build_object('changes', changes);
  else
    foreach col in array tracked loop
      if subject ? col then
        details := details || jsonb_build_object(col, private.audit_value(subject -> col));
      end if;
    end loop;
  end if;

  if actor is null then
    details := details || jsonb_build_object('via', coalesce(nullif(auth.role(), ''), 'database'));
  end if;
  if octet_length(details::text) > 8000 then
    details := jsonb_build_object(
      'changed', (select jsonb_agg(k) from jsonb_object_keys(changes) as k), 'truncated', true
    );
  end if;

  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (actor, action, entity, left(subject ->> id_column, 128), details);
  return null;
end;
$function$
;

revoke all on function private.audit_change() from "anon", "authenticated", public, "service_role";
grant execute on function private.audit_change() to public;

CREATE OR REPLACE FUNCTION private.check_time_zone()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.check_time_zone() from "anon", "authenticated", public, "service_role";
grant execute on function private.check_time_zone() to public;

CREATE OR REPLACE FUNCTION private.coached_child_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(distinct t.id), '{}')
  from (
    select c.id
      from public.coaches me
      join public.children c on c.coach_id = me.id
     where me.user_id = auth.uid()
    union all
    select s.child_id
      from public.coaches me
      join public.coaching_sessions s on s.coach_id = me.id
     where me.user_id = auth.uid() and s.status <> 'cancelled'
  ) t
$function$
;

revoke all on function private.coached_child_ids() from "anon", "authenticated", public, "service_role";
grant execute on function private.coached_child_ids() to "authenticated";
grant execute on function private.coached_child_ids() to "service_role";

CREATE OR REPLACE FUNCTION private.coached_family_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(distinct t.id), '{}')
  from public.children c
  cross join lateral (values (c.parent_id), (c.user_id)) as t (id)
  where c.id = any ((select private.coached_child_ids())::uuid[]) and t.id is not null
$function$
;

revoke all on function private.coached_family_ids() from "anon", "authenticated", public, "service_role";
grant execute on function private.coached_family_ids() to "authenticated";
grant execute on function private.coached_family_ids() to "service_role";

CREATE OR REPLACE FUNCTION private.current_coach_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id from public.coaches c where c.user_id = auth.uid()
$function$
;

revoke all on function private.current_coach_id() from "anon", "authenticated", public, "service_role";
grant execute on function private.current_coach_id() to "authenticated";
grant execute on function private.current_coach_id() to public;
grant execute on function private.current_coach_id() to "service_role";

CREATE OR REPLACE FUNCTION private.is_parent_of_child(child uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.children c where c.id = child and c.parent_id = auth.uid())
$function$
;

revoke all on function private.is_parent_of_child(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_parent_of_child(uuid) to "authenticated";
grant execute on function private.is_parent_of_child(uuid) to public;
grant execute on function private.is_parent_of_child(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.session_period(starts_at timestamp with time zone, minutes integer)
 RETURNS tstzrange
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select pg_catalog.tstzrange(starts_at, starts_at + pg_catalog.make_interval(mins => minutes), '[)')
$function$
;

revoke all on function private.session_period(timestamp with time zone,integer) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_period(timestamp with time zone,integer) to "authenticated";
grant execute on function private.session_period(timestamp with time zone,integer) to public;
grant execute on function private.session_period(timestamp with time zone,integer) to "service_role";

CREATE OR REPLACE FUNCTION private.set_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_at := now();
  return new;
end;
$function$
;

revoke all on function private.set_updated_at() from "anon", "authenticated", public, "service_role";
grant execute on function private.set_updated_at() to public;
