import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useCoachMatchChoices } from '../api/get-coach-match-choices';
import { useMatchChildCoach } from '../api/match-child-coach';

function errorText(error: unknown): string {
  const e = error as { message?: string } | null;
  return e?.message || 'The match could not be saved. Please try again.';
}

/**
 * Matching a child with a coach (admins, docs/decisions/222): each active coach with their open
 * times in the next two weeks against the family's preferred times, and their caseload, best fit
 * first. The family is emailed the coach's name and a link that books.
 */
export function MatchCoach({
  childId,
  childName,
  hasCoach,
}: {
  childId: string;
  childName: string;
  hasCoach: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button
        size="sm"
        variant={hasCoach ? 'ghost' : 'primary'}
        className="mt-2"
        onClick={() => setOpen(true)}
      >
        {hasCoach ? `Change ${childName}'s coach` : `Match ${childName} with a coach`}
      </Button>
    );
  }
  return <MatchChoices childId={childId} childName={childName} onClose={() => setOpen(false)} />;
}

function MatchChoices({
  childId,
  childName,
  onClose,
}: {
  childId: string;
  childName: string;
  onClose: () => void;
}) {
  const choices = useCoachMatchChoices(childId);
  const match = useMatchChildCoach();
  const [picked, setPicked] = useState<string | null>(null);
  const name = useId();
  const chosen = choices.data?.find((c) => c.coachId === picked);
  const confirm = async () => {
    if (!chosen) return;
    try {
      await match.mutateAsync({ childId, coachId: chosen.coachId });
      toast({
        title: `${childName} is matched with ${chosen.coachName}`,
        description: 'We have emailed the family the coach’s name and a link to book.',
      });
      onClose();
    } catch {
      // the alert below says why; the choice stays as it was
    }
  };
  return (
    <div className="mt-2 grid gap-3 rounded-xl bg-cream p-3">
      {choices.isPending ? (
        <p role="status">Loading the coaches…</p>
      ) : choices.isError ? (
        <p role="alert" className="text-red-800">
          {errorText(choices.error)}
        </p>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="font-semibold text-ink">Choose {childName}’s coach</legend>
          <p className="text-ink-muted">
            Open times are the coach’s times free for a session in the next two weeks; the preferred ones fall
            on the days and parts of the day the family chose, in the family’s time zone.
          </p>
          {choices.data.map((coach) => (
            <label
              key={coach.coachId}
              className="flex cursor-pointer items-start gap-2 rounded-lg bg-white p-2 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
            >
              <input
                type="radio"
                name={name}
                value={coach.coachId}
                checked={picked === coach.coachId}
                disabled={coach.isCurrent}
                onChange={() => setPicked(coach.coachId)}
                className="mt-1 h-5 w-5 accent-brand-700"
              />
              <span>
                <span className="font-semibold text-ink">{coach.coachName}</span>
                {coach.isCurrent ? <span className="text-ink-muted"> (current coach)</span> : null}
                <span className="block text-ink">
                  {coach.preferredOpenTimes} of {coach.openTimes} open time{coach.openTimes === 1 ? '' : 's'}{' '}
                  in the family’s preferred times
                </span>
                <span className="block text-ink-muted">
                  Coaches {coach.caseload} {coach.caseload === 1 ? 'child' : 'children'} ·{' '}
                  {coach.timeZone.replace(/_/g, ' ')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {match.isError ? (
        <p role="alert" className="font-semibold text-red-800">
          {errorText(match.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={!chosen || match.isPending} onClick={() => void confirm()}>
          {chosen ? `Match ${childName} with ${chosen.coachName}` : 'Match with this coach'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
