import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useCheckIns } from '../api/get-check-ins';
import { usePractice, type Practice } from '../api/get-practice';
import {
  MAX_PRACTICE_GOALS,
  practiceGoalErrorMessage,
  practiceGoalSchema,
  useAddPracticeGoal,
  useRetirePracticeGoal,
} from '../api/save-practice-goal';
import { PracticeWeek } from './practice-week';
import { ProgressChart } from './progress-chart';

/**
 * What the coach reads before a session: the practice goals with the last seven days ticked by the
 * family, a form to set a goal (one to three at a time, from the session's follow-up) or retire
 * one, and, unless `practiceOnly`, the skills over the check-ins. The database decides who may set
 * goals (the child's current coach and admins); anyone else is told so when they try.
 */
export function CoachChildProgress({
  childId,
  childName,
  sessionId = null,
  practiceOnly = false,
  headingLevel = 4,
}: {
  childId: string;
  childName: string;
  sessionId?: string | null;
  practiceOnly?: boolean;
  /** the level of this panel's headings, one below the section it sits in */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const practice = usePractice(childId);
  const checkIns = useCheckIns(childId);
  const id = `coach-progress-${childId}`;
  return (
    <div className="grid gap-5">
      <div role="group" aria-labelledby={`${id}-practice`} className="grid gap-3">
        <Heading id={`${id}-practice`} className="font-semibold text-ink">
          {childName}&apos;s practice this week
        </Heading>
        {practice.isError ? (
          <p role="alert">The practice goals could not be loaded. Please reload the page.</p>
        ) : practice.data ? (
          <>
            <PracticeWeek childId={childId} childName={childName} practice={practice.data} canTick={false} />
            <GoalEditor childId={childId} sessionId={sessionId} practice={practice.data} />
          </>
        ) : (
          <p role="status">Loading…</p>
        )}
      </div>
      {practiceOnly ? null : (
        <div role="group" aria-labelledby={`${id}-check-ins`} className="grid gap-3">
          <Heading id={`${id}-check-ins`} className="font-semibold text-ink">
            {childName}&apos;s check-ins
          </Heading>
          {checkIns.isError ? (
            <p role="alert">The check-ins could not be loaded. Please reload the page.</p>
          ) : checkIns.data ? (
            <ProgressChart checkIns={checkIns.data} childName={childName} idPrefix={id} />
          ) : (
            <p role="status">Loading…</p>
          )}
        </div>
      )}
    </div>
  );
}

function GoalEditor({
  childId,
  sessionId,
  practice,
}: {
  childId: string;
  sessionId: string | null;
  practice: Practice;
}) {
  const add = useAddPracticeGoal(childId);
  const retire = useRetirePracticeGoal(childId);
  const form = useForm<z.input<typeof practiceGoalSchema>>({
    resolver: zodResolver(practiceGoalSchema),
    defaultValues: { title: '' },
  });
  const full = practice.goals.length >= MAX_PRACTICE_GOALS;
  return (
    <div className="grid gap-3">
      {practice.goals.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Retire a goal">
          {practice.goals.map((goal) => (
            <li key={goal.id}>
              <Button
                size="sm"
                variant="ghost"
                data-free-text
                disabled={retire.isPending}
                onClick={() =>
                  retire.mutate(goal.id, {
                    onSuccess: () => toast({ title: 'Goal retired' }),
                    onError: (error) =>
                      toast({
                        title: 'Not retired',
                        description: practiceGoalErrorMessage(error),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                Retire “{goal.title}”
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="text-sm text-ink-muted">Three goals at a time: retire one to set another.</p>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={form.handleSubmit(async ({ title }) => {
            await add.mutateAsync({ childId, sessionId, title }).then(
              () => {
                form.reset({ title: '' });
                toast({ title: 'Practice goal set' });
              },
              (error: unknown) =>
                toast({
                  title: 'Goal not set',
                  description: practiceGoalErrorMessage(error),
                  variant: 'destructive',
                }),
            );
          })}
        >
          <Field
            label="New practice goal"
            hint="From the session's follow-up, e.g. “Balloon breaths before homework”. The family ticks each day."
            error={form.formState.errors.title?.message}
            className="flex-1"
          >
            <Input {...form.register('title')} maxLength={120} />
          </Field>
          <Button type="submit" size="sm" disabled={add.isPending}>
            Set goal
          </Button>
        </form>
      )}
    </div>
  );
}
