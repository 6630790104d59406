import { Check } from 'lucide-react';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import type { Practice } from '../api/get-practice';
import { useSetPracticeDay } from '../api/set-practice-day';
import { dayLabels } from '../lib/days';

/**
 * The last seven days of each practice goal, in the family's zone. The parent ticks a day with one
 * tap (a toggle button: pressed = practised); the coach reads the same grid. Each day's button
 * names the goal and the date, so a screen reader says "Balloon breaths, Monday, November 23".
 */
export function PracticeWeek({
  childId,
  childName,
  practice,
  canTick,
}: {
  childId: string;
  childName: string;
  practice: Practice;
  canTick: boolean;
}) {
  const setDay = useSetPracticeDay();
  if (practice.goals.length === 0) {
    return (
      <p className="text-ink-muted">
        {canTick
          ? `${childName}'s coach sets one to three practice goals after a session; you tick off each day ${childName} practises.`
          : `No practice goal yet for ${childName}.`}
      </p>
    );
  }
  const today = practice.days[practice.days.length - 1]!;
  return (
    <ul className="grid gap-4" aria-label={`${childName}'s practice goals`}>
      {practice.goals.map((goal) => {
        const count = goal.done.length;
        return (
          <li key={goal.id} className="grid gap-2">
            <p className="font-semibold text-ink">
              <span data-free-text>{goal.title}</span>{' '}
              <span className="font-normal text-ink-muted">
                · {count} {count === 1 ? 'day' : 'days'} in the last 7
              </span>
            </p>
            <div
              className="grid grid-cols-7 gap-1"
              role="group"
              aria-label={`${goal.title}: the last 7 days`}
            >
              {practice.days.map((date) => {
                const done = goal.done.includes(date);
                const labels = dayLabels(date);
                const name = `${goal.title}, ${labels.long}${date === today ? ' (today)' : ''}`;
                const cell = cn(
                  'flex min-h-11 flex-col items-center justify-center rounded-xl border-2 text-xs font-semibold',
                  done ? 'border-brand-700 bg-brand-700 text-white' : 'border-brand-100 bg-white text-ink',
                );
                const content = (
                  <>
                    <span>{labels.short}</span>
                    {done ? (
                      <Check className="h-4 w-4" aria-hidden="true" />
                    ) : (
                      <span>{labels.dayOfMonth}</span>
                    )}
                  </>
                );
                return canTick ? (
                  <button
                    key={date}
                    type="button"
                    aria-pressed={done}
                    aria-label={name}
                    className={cn(
                      cell,
                      'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                    )}
                    onClick={() =>
                      setDay.mutate(
                        { childId, goalId: goal.id, date, done: !done },
                        {
                          onError: () =>
                            toast({
                              title: 'Not saved',
                              description: 'Please try again in a moment.',
                              variant: 'destructive',
                            }),
                        },
                      )
                    }
                  >
                    {content}
                  </button>
                ) : (
                  <span
                    key={date}
                    className={cell}
                    role="img"
                    aria-label={`${name}: ${done ? 'practised' : 'not ticked'}`}
                  >
                    {content}
                  </span>
                );
              })}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
