-- Billing: Stripe customers, subscriptions, invoices, plans and allowances
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.family_plan_kind(parent uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case x.plan when 'focused-progress' then 'plan' when 'intensive-momentum' then 'reviewed' end
  from public.subscriptions x
  where x.parent_id = parent and x.status not in ('incomplete', 'incomplete_expired', 'canceled')
  order by x.stripe_created desc, x.id desc
  limit 1
$function$
;

revoke all on function private.family_plan_kind(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.my_family_plan_kind(child uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff_two_factor();
  return (
    select private.family_plan_kind(c.parent_id) from public.children c
    where c.id = child
      and (c.parent_id = auth.uid() or private.is_admin() or private.is_current_coach_of_child(c.id))
  );
end;
$function$
;

revoke all on function private.my_family_plan_kind(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.my_family_plan_kind(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.my_recommended_plan()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select q.recommended_plan
  from public.quiz_assessments q
  join auth.users u on u.id = auth.uid()
  where q.email is not null and lower(q.email) = private.confirmed_email(u.id)
  order by q.created_at desc
  limit 1
$function$
;

revoke all on function private.my_recommended_plan() from "anon", "authenticated", public, "service_role";
grant execute on function private.my_recommended_plan() to "authenticated";

CREATE OR REPLACE FUNCTION private.payment_grace_period()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '7 days' $function$
;

revoke all on function private.payment_grace_period() from "anon", "authenticated", public, "service_role";
grant execute on function private.payment_grace_period() to public;

CREATE OR REPLACE FUNCTION private.plan_weekly_sessions(plan text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case plan
    when 'steady-growth' then 1
    when 'focused-progress' then 2
    when 'intensive-momentum' then 3
  end
$function$
;

revoke all on function private.plan_weekly_sessions(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.plan_weekly_sessions(text) to public;

CREATE OR REPLACE FUNCTION public.get_family_plan_kind(child_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.my_family_plan_kind(get_family_plan_kind.child_id) $function$
;

revoke all on function public.get_family_plan_kind(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_family_plan_kind(uuid) to "authenticated";
grant execute on function public.get_family_plan_kind(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.my_recommended_plan()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.my_recommended_plan() $function$
;

revoke all on function public.my_recommended_plan() from "anon", "authenticated", public, "service_role";
grant execute on function public.my_recommended_plan() to "authenticated";
grant execute on function public.my_recommended_plan() to "service_role";

create table "public"."billing_customers" (
    "parent_id" uuid not null,
    "stripe_customer_id" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX billing_customers_pkey ON public.billing_customers USING btree (parent_id);

CREATE UNIQUE INDEX billing_customers_stripe_customer_id_key ON public.billing_customers USING btree (stripe_customer_id);

alter table "public"."billing_customers" add constraint "billing_customers_pkey" PRIMARY KEY using index "billing_customers_pkey";

alter table "public"."billing_customers" add constraint "billing_customers_stripe_customer_id_check" CHECK ((stripe_customer_id ~ '^cus_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."billing_customers" validate constraint "billing_customers_stripe_customer_id_check";

alter table "public"."billing_customers" add constraint "billing_customers_stripe_customer_id_key" UNIQUE using index "billing_customers_stripe_customer_id_key";

alter table "public"."billing_customers" enable row level security;

create policy "Parents read their own customer record, admins every family's"
  on "public"."billing_customers"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."billing_customers"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

revoke all on table public.billing_customers from "anon", "authenticated", public, "service_role";
grant select on table public.billing_customers to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.billing_customers to "service_role";

create table "public"."deleted_billing_customers" (
    "stripe_customer_id" text not null,
    "deleted_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX deleted_billing_customers_pkey ON public.deleted_billing_customers USING btree (stripe_customer_id);

alter table "public"."deleted_billing_customers" add constraint "deleted_billing_customers_pkey" PRIMARY KEY using index "deleted_billing_customers_pkey";

alter table "public"."deleted_billing_customers" add constraint "deleted_billing_customers_stripe_customer_id_check" CHECK ((stripe_customer_id ~ '^cus_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."deleted_billing_customers" validate constraint "deleted_billing_customers_stripe_customer_id_check";

alter table "public"."deleted_billing_customers" enable row level security;

revoke all on table public.deleted_billing_customers from "anon", "authenticated", public, "service_role";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.deleted_billing_customers to "service_role";

create table "public"."invoices" (
    "id" text not null,
    "parent_id" uuid not null,
    "subscription_id" text,
    "number" text,
    "status" text not null,
    "currency" text not null,
    "amount_due" integer not null,
    "amount_paid" integer not null,
    "hosted_invoice_url" text,
    "invoice_pdf" text,
    "period_start" timestamp with time zone,
    "period_end" timestamp with time zone,
    "payment_failed_at" timestamp with time zone,
    "stripe_created" timestamp with time zone not null,
    "last_event_at" timestamp with time zone not null,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX invoices_parent_idx ON public.invoices USING btree (parent_id, stripe_created DESC);

CREATE UNIQUE INDEX invoices_pkey ON public.invoices USING btree (id);

CREATE INDEX invoices_subscription_idx ON public.invoices USING btree (subscription_id);

alter table "public"."invoices" add constraint "invoices_pkey" PRIMARY KEY using index "invoices_pkey";

alter table "public"."invoices" add constraint "invoices_amount_due_check" CHECK ((amount_due >= 0)) not valid;

alter table "public"."invoices" validate constraint "invoices_amount_due_check";

alter table "public"."invoices" add constraint "invoices_amount_paid_check" CHECK ((amount_paid >= 0)) not valid;

alter table "public"."invoices" validate constraint "invoices_amount_paid_check";

alter table "public"."invoices" add constraint "invoices_currency_check" CHECK ((currency ~ '^[a-z]{3}$'::text)) not valid;

alter table "public"."invoices" validate constraint "invoices_currency_check";

alter table "public"."invoices" add constraint "invoices_id_check" CHECK ((id ~ '^in_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."invoices" validate constraint "invoices_id_check";

alter table "public"."invoices" add constraint "invoices_status_check" CHECK ((status = ANY (ARRAY['draft'::text, 'open'::text, 'paid'::text, 'uncollectible'::text, 'void'::text]))) not valid;

alter table "public"."invoices" validate constraint "invoices_status_check";

alter table "public"."invoices" enable row level security;

create policy "Parents read their own invoices, admins every family's"
  on "public"."invoices"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."invoices"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER invoices_set_updated_at BEFORE UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.invoices from "anon", "authenticated", public, "service_role";
grant select on table public.invoices to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.invoices to "service_role";

create table "public"."stripe_webhook_events" (
    "id" text not null,
    "type" text not null,
    "stripe_created" timestamp with time zone not null,
    "processed_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX stripe_webhook_events_pkey ON public.stripe_webhook_events USING btree (id);

alter table "public"."stripe_webhook_events" add constraint "stripe_webhook_events_pkey" PRIMARY KEY using index "stripe_webhook_events_pkey";

alter table "public"."stripe_webhook_events" add constraint "stripe_webhook_events_id_check" CHECK ((id ~ '^evt_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."stripe_webhook_events" validate constraint "stripe_webhook_events_id_check";

alter table "public"."stripe_webhook_events" enable row level security;

revoke all on table public.stripe_webhook_events from "anon", "authenticated", public, "service_role";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.stripe_webhook_events to "service_role";

create table "public"."subscriptions" (
    "id" text not null,
    "parent_id" uuid not null,
    "stripe_customer_id" text not null,
    "plan" text not null,
    "stripe_price_id" text not null,
    "status" text not null,
    "pause_behavior" text,
    "pause_resumes_at" timestamp with time zone,
    "cancel_at_period_end" boolean not null default false,
    "current_period_start" timestamp with time zone,
    "current_period_end" timestamp with time zone,
    "canceled_at" timestamp with time zone,
    "ended_at" timestamp with time zone,
    "stripe_created" timestamp with time zone not null,
    "last_event_at" timestamp with time zone not null,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX subscriptions_customer_idx ON public.subscriptions USING btree (stripe_customer_id);

CREATE INDEX subscriptions_parent_idx ON public.subscriptions USING btree (parent_id, stripe_created DESC);

CREATE UNIQUE INDEX subscriptions_pkey ON public.subscriptions USING btree (id);

alter table "public"."subscriptions" add constraint "subscriptions_pkey" PRIMARY KEY using index "subscriptions_pkey";

alter table "public"."subscriptions" add constraint "subscriptions_id_check" CHECK ((id ~ '^sub_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_id_check";

alter table "public"."subscriptions" add constraint "subscriptions_pause_behavior_check" CHECK ((pause_behavior = ANY (ARRAY['keep_as_draft'::text, 'mark_uncollectible'::text, 'void'::text]))) not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_pause_behavior_check";

alter table "public"."subscriptions" add constraint "subscriptions_plan_check" CHECK ((plan = ANY (ARRAY['steady-growth'::text, 'focused-progress'::text, 'intensive-momentum'::text]))) not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_plan_check";

alter table "public"."subscriptions" add constraint "subscriptions_status_check" CHECK ((status = ANY (ARRAY['incomplete'::text, 'incomplete_expired'::text, 'trialing'::text, 'active'::text, 'past_due'::text, 'canceled'::text, 'unpaid'::text, 'paused'::text]))) not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_status_check";

alter table "public"."subscriptions" enable row level security;

create policy "Parents read their own subscriptions, admins every family's"
  on "public"."subscriptions"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."subscriptions"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER subscriptions_set_updated_at BEFORE UPDATE ON public.subscriptions FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.subscriptions from "anon", "authenticated", public, "service_role";
grant select on table public.subscriptions to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.subscriptions to "service_role";

alter table "public"."billing_customers" add constraint "billing_customers_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."billing_customers" validate constraint "billing_customers_parent_id_fkey";

alter table "public"."invoices" add constraint "invoices_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."invoices" validate constraint "invoices_parent_id_fkey";

alter table "public"."subscriptions" add constraint "subscriptions_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_parent_id_fkey";
