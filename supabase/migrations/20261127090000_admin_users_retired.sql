-- The users screen and its tests read public.admin_accounts (20261127010200), which shows a child
-- login by its username. The older admin_users, which no screen calls, still answered a child
-- login's Auth address: it goes, so no path returns that address to a caller.
drop function if exists public.admin_users();
drop function if exists private.admin_users();
