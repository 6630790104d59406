-- A parent (or an admin) unlocking a child's login is in the audit log, by who did it: the lock is
-- a safety measure, and lifting it is a decision someone answers for. A lock the password hook sets
-- (Auth's own writes) and one that ends by its timer are not actions of a person and are not logged.

create trigger child_login_locks_audit_unlock_new
  after insert on public.child_login_locks
  for each row when (new.unlocked_at is not null)
  execute function private.audit_change('CHILD_LOGIN_UNLOCKED', 'child', 'child_id', 'unlocked_at');

create trigger child_login_locks_audit_unlock
  after update on public.child_login_locks
  for each row when (new.unlocked_at is distinct from old.unlocked_at and new.unlocked_at is not null)
  execute function private.audit_change('CHILD_LOGIN_UNLOCKED', 'child', 'child_id', 'unlocked_at');
