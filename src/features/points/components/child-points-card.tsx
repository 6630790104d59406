import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { awardSchema, useAwardPoints } from '../api/award-points';
import type { ChildPoints } from '../api/get-family-points';
import { rewardSchema, useAddReward, useRemoveReward } from '../api/manage-rewards';
import { PARENT_AWARD_MAX, PARENT_DAILY_CAP, remainingToday, totalPoints } from '../lib/rules';

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

function failure(title: string) {
  return (error: unknown) =>
    toast({
      title,
      description: (error as { message?: string } | null)?.message || 'Please try again in a moment.',
      variant: 'destructive',
    });
}

/** One child's points: the total, the parent's award form, rewards, and the history. */
export function ChildPointsCard({ child, parentId }: { child: ChildPoints; parentId: string }) {
  const award = useAwardPoints();
  const addReward = useAddReward();
  const removeReward = useRemoveReward();
  const total = totalPoints(child.history);
  const left = remainingToday(child.history, parentId);
  const awardForm = useForm<z.input<typeof awardSchema>, unknown, z.output<typeof awardSchema>>({
    resolver: zodResolver(awardSchema),
    defaultValues: { points: 1, reason: 'Practised an at-home tool' },
  });
  const rewardForm = useForm<z.input<typeof rewardSchema>, unknown, z.output<typeof rewardSchema>>({
    resolver: zodResolver(rewardSchema),
    defaultValues: { title: '', pointsCost: 20 },
  });
  const headingId = `child-${child.id}-points`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-display text-2xl font-bold text-ink">
          {child.firstName}
        </h2>
        <p className="text-lg text-ink">
          <span className="font-display text-3xl font-extrabold text-brand-700">{total}</span> points
        </p>
      </div>

      <div className="mt-5 grid gap-6 md:grid-cols-2">
        <form
          noValidate
          aria-label={`Award points to ${child.firstName}`}
          className="flex flex-col gap-3"
          onSubmit={awardForm.handleSubmit((values) =>
            award.mutateAsync({ ...values, childId: child.id, parentId }).then(
              () =>
                toast({
                  title: `${values.points} point${values.points === 1 ? '' : 's'} for ${child.firstName}`,
                }),
              failure('Points not given'),
            ),
          )}
        >
          <h3 className="font-semibold text-ink">Points for practice at home</h3>
          <p className="text-sm text-ink-muted">
            Up to {PARENT_AWARD_MAX} at a time and {PARENT_DAILY_CAP} a day. You can give {left} more today.
          </p>
          <Field label="Points" error={awardForm.formState.errors.points?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={PARENT_AWARD_MAX}
              {...awardForm.register('points')}
            />
          </Field>
          <Field label="What for" error={awardForm.formState.errors.reason?.message}>
            <Input {...awardForm.register('reason')} />
          </Field>
          <Button type="submit" disabled={award.isPending || left === 0}>
            Give points
          </Button>
        </form>

        <div className="flex flex-col gap-3">
          <h3 className="font-semibold text-ink">Rewards you chose</h3>
          {child.rewards.length ? (
            <ul className="flex flex-col gap-2">
              {child.rewards.map((reward) => (
                <li
                  key={reward.id}
                  className="flex items-center justify-between gap-2 rounded-xl bg-cream px-3 py-2"
                >
                  <span>
                    <span data-free-text>{reward.title}</span> · <strong>{reward.pointsCost}</strong> points
                    {total >= reward.pointsCost ? (
                      <span className="ml-1 text-brand-800">(reached!)</span>
                    ) : null}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove the reward ${reward.title}`}
                    onClick={() => removeReward.mutateAsync(reward.id).catch(failure('Not removed'))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-ink-muted">No rewards yet. Choose one together.</p>
          )}
          <form
            noValidate
            aria-label={`Add a reward for ${child.firstName}`}
            className="grid grid-cols-[1fr_6rem] items-end gap-2"
            onSubmit={rewardForm.handleSubmit((values) =>
              addReward
                .mutateAsync({ ...values, childId: child.id })
                .then(
                  () => rewardForm.reset({ title: '', pointsCost: values.pointsCost }),
                  failure('Reward not added'),
                ),
            )}
          >
            <Field label="Reward" error={rewardForm.formState.errors.title?.message}>
              <Input placeholder="A trip to the park" {...rewardForm.register('title')} />
            </Field>
            <Field label="Points" error={rewardForm.formState.errors.pointsCost?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={1000}
                {...rewardForm.register('pointsCost')}
              />
            </Field>
            <Button type="submit" variant="secondary" className="col-span-2" disabled={addReward.isPending}>
              Add reward
            </Button>
          </form>
        </div>
      </div>

      <h3 className="mt-6 font-semibold text-ink">History</h3>
      {child.history.length ? (
        <ul className="mt-2 divide-y divide-brand-100">
          {child.history.map((entry) => (
            <li key={entry.id} className="flex justify-between gap-3 py-2 text-sm">
              <span>
                <span className="text-ink-muted">{dateFormat.format(new Date(entry.createdAt))}</span> ·{' '}
                <span data-free-text>{entry.reason}</span>
                {entry.awardedBy === parentId ? <span className="text-ink-muted"> (you)</span> : null}
              </span>
              <strong className={entry.points < 0 ? 'text-red-700' : 'text-brand-800'}>
                {entry.points > 0 ? `+${entry.points}` : entry.points}
              </strong>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">
          No points yet: they come with sessions and practice at home.
        </p>
      )}
    </section>
  );
}
