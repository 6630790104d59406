import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/toast-store';
import type { ChildPoints } from '../api/get-family-points';
import { useSetLeaderboardOptIn } from '../api/leaderboard';

/** Per child: show their first name and points on the leaderboard, or not. */
export function LeaderboardOptIn({ children }: { children: ChildPoints[] }) {
  const setOptIn = useSetLeaderboardOptIn();
  return (
    <fieldset className="rounded-2xl border border-brand-100 bg-white p-5">
      <legend className="px-1 font-semibold text-ink">Show on the leaderboard</legend>
      <p className="text-sm text-ink-muted">
        Only a first name and points are shown, and only to families with a coach.
      </p>
      {children.map((child) => (
        <Checkbox
          key={child.id}
          label={child.enrolled ? child.firstName : `${child.firstName} (once matched with a coach)`}
          checked={child.leaderboardOptIn}
          disabled={setOptIn.isPending}
          onChange={(event) =>
            setOptIn.mutateAsync({ childId: child.id, optIn: event.target.checked }).catch(() =>
              toast({
                title: 'Not saved',
                description: 'Please try again in a moment.',
                variant: 'destructive',
              }),
            )
          }
        />
      ))}
    </fieldset>
  );
}
