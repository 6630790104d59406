import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useChildLoginAttempts, type AttemptOutcome } from '../api/get-child-login-attempts';
import type { ChildLogin } from '../api/get-child-logins';
import { useUnlockChildLogin } from '../api/unlock-child-login';

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** When a lock ends: its time today, or its date and time (a lock of a day ends tomorrow). */
const untilText = (at: Date, now = new Date()) =>
  day.format(at) === day.format(now) ? clock.format(at) : time.format(at);

const OUTCOME: Record<AttemptOutcome, string> = {
  succeeded: 'Signed in',
  failed: 'Wrong password or PIN',
  refused_locked: 'Refused: the login was locked',
};

export const isLocked = (child: Pick<ChildLogin, 'lockedUntil'>, now = Date.now()) =>
  child.lockedUntil !== null && Date.parse(child.lockedUntil) > now;

/**
 * A child's login as its parent watches it: locked after too many wrong tries (with Unlock), and
 * the latest sign-in attempts, so a parent sees someone guessing.
 */
export function ChildLoginActivity({ child }: { child: ChildLogin }) {
  const attempts = useChildLoginAttempts(child.childId);
  const unlock = useUnlockChildLogin();
  const locked = isLocked(child);
  const headingId = `child-login-${child.childId}-attempts`;

  const onUnlock = async () => {
    try {
      await unlock.mutateAsync(child.childId);
      toast({
        title: `${child.firstName}'s login is unlocked`,
        description: `${child.firstName} can sign in again.`,
      });
    } catch (error) {
      toast({ title: 'That did not work', description: (error as Error).message, variant: 'destructive' });
    }
  };

  return (
    <div className="mt-4 grid gap-3">
      {locked ? (
        <div
          role="status"
          className="grid gap-3 rounded-xl border border-sun-500 bg-sun-100 p-4 text-sm text-ink"
        >
          <p>
            <strong>{child.firstName}&apos;s login is locked</strong> after too many wrong tries, until{' '}
            {untilText(new Date(child.lockedUntil!))}. If it was not {child.firstName}, someone may be
            guessing: you can also change the {child.secretKind === 'pin' ? 'PIN' : 'password'}.
          </p>
          <div>
            <Button size="sm" onClick={onUnlock} disabled={unlock.isPending}>
              {unlock.isPending ? 'Unlocking...' : `Unlock ${child.firstName}'s login`}
            </Button>
          </div>
        </div>
      ) : null}
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          Recent sign-in attempts
        </h3>
        {attempts.isPending ? (
          <p className="text-sm text-ink-muted">Loading...</p>
        ) : attempts.isError ? (
          <p className="text-sm text-ink-muted">We could not load the sign-in attempts.</p>
        ) : attempts.data.length === 0 ? (
          <p className="text-sm text-ink-muted">No sign-in attempts yet.</p>
        ) : (
          <ul aria-labelledby={headingId} className="mt-1 grid gap-1 text-sm">
            {attempts.data.map((attempt) => (
              <li key={attempt.id} className="flex flex-wrap justify-between gap-x-3">
                <time dateTime={attempt.attemptedAt} className="text-ink-muted">
                  {time.format(new Date(attempt.attemptedAt))}
                </time>
                <span className={attempt.outcome === 'succeeded' ? 'text-ink' : 'font-semibold text-ink'}>
                  {OUTCOME[attempt.outcome]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
