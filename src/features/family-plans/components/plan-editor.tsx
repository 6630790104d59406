import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { useChildFamilyPlan, type ChildFamilyPlan } from '../api/get-family-plan';
import { useSavePlanDraft, useSharePlan, useTickMilestone } from '../api/write-family-plan';
import {
  emptyPlan,
  LIMITS,
  newGoal,
  newMilestone,
  planProblem,
  tidyPlan,
  type PlanContent,
  type PlanGoal,
} from '../lib/content';
import { PlanView } from './plan-view';

const when = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A list of short texts, each in its own field, added and removed one at a time. */
function TextList({
  label,
  items,
  max,
  onChange,
  addLabel,
}: {
  label: string;
  items: string[];
  max: number;
  onChange: (items: string[]) => void;
  addLabel: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="font-semibold text-ink">{label}</legend>
      {items.map((item, i) => (
        <div key={i} className="flex items-end gap-2">
          <Field label={`${label}, item ${i + 1}`} hideLabel className="flex-1">
            <Input
              value={item}
              maxLength={LIMITS.item}
              onChange={(e) => onChange(items.map((x, j) => (j === i ? e.target.value : x)))}
            />
          </Field>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={`Remove ${label.toLowerCase()} item ${i + 1}`}
            onClick={() => onChange(items.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </div>
      ))}
      {items.length < max ? (
        <Button
          type="button"
          size="sm"
          variant="secondary"
          className="w-fit"
          onClick={() => onChange([...items, ''])}
        >
          {addLabel}
        </Button>
      ) : null}
    </fieldset>
  );
}

function GoalFields({
  goal,
  n,
  childName,
  onChange,
  onRemove,
}: {
  goal: PlanGoal;
  n: number;
  childName: string;
  onChange: (goal: PlanGoal) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="grid gap-3 rounded-2xl bg-cream p-4">
      <legend className="font-display text-lg font-bold text-ink">Goal {n}</legend>
      <Field label="Goal">
        <Input
          value={goal.title}
          maxLength={LIMITS.title}
          onChange={(e) => onChange({ ...goal, title: e.target.value })}
        />
      </Field>
      <Field
        label={`In ${childName}'s words`}
        hint={`What ${childName} reads on their own page: short and in the first person.`}
      >
        <Input
          value={goal.child_words}
          maxLength={LIMITS.childWords}
          onChange={(e) => onChange({ ...goal, child_words: e.target.value })}
        />
      </Field>
      <div className="grid gap-2">
        <p className="text-sm font-semibold text-ink">Milestones</p>
        {goal.milestones.map((m, i) => (
          <div key={m.id} className="flex items-end gap-2">
            <Field label={`Goal ${n}, milestone ${i + 1}`} hideLabel className="flex-1">
              <Input
                value={m.text}
                maxLength={LIMITS.milestone}
                onChange={(e) =>
                  onChange({
                    ...goal,
                    milestones: goal.milestones.map((x) =>
                      x.id === m.id ? { ...x, text: e.target.value } : x,
                    ),
                  })
                }
              />
            </Field>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label={`Remove milestone ${i + 1} of goal ${n}`}
              onClick={() => onChange({ ...goal, milestones: goal.milestones.filter((x) => x.id !== m.id) })}
            >
              Remove
            </Button>
          </div>
        ))}
        {goal.milestones.length < LIMITS.milestones ? (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            className="w-fit"
            onClick={() => onChange({ ...goal, milestones: [...goal.milestones, newMilestone()] })}
          >
            Add a milestone to goal {n}
          </Button>
        ) : null}
      </div>
      <Button type="button" size="sm" variant="ghost" className="w-fit" onClick={onRemove}>
        Remove goal {n}
      </Button>
    </fieldset>
  );
}

function Editor({ childId, childName, plan }: { childId: string; childName: string; plan: ChildFamilyPlan }) {
  const draft = plan.versions.find((v) => v.status === 'draft');
  const shared = plan.versions.find((v) => v.status === 'shared');
  const [content, setContent] = useState<PlanContent>(() => (draft ?? shared)?.content ?? emptyPlan());
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePlanDraft();
  const share = useSharePlan();
  const busy = save.isPending || share.isPending;

  const run = async (andShare: boolean) => {
    setProblem(null);
    const tidy = tidyPlan(content);
    const wrong =
      planProblem(tidy) ??
      (andShare && tidy.goals.length === 0 ? 'A family plan needs at least one goal.' : null);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    try {
      await save.mutateAsync({ childId, content: tidy });
      if (andShare) {
        const version = await share.mutateAsync(childId);
        toast({
          title: `Version ${version} shared`,
          description: `${childName}'s family can read the plan now.`,
        });
      } else {
        toast({ title: 'Draft saved', description: `${childName}'s family sees it once you share it.` });
      }
    } catch (error) {
      setProblem((error as { message?: string }).message ?? 'The plan could not be saved. Please try again.');
    }
  };

  return (
    <form
      aria-label={`${childName}'s family plan`}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void run(true);
      }}
    >
      <p className="text-sm text-ink-muted">
        {draft
          ? `Editing the draft of version ${draft.version}.`
          : shared
            ? `Changes make version ${shared.version + 1}; version ${shared.version} stays as the family read it.`
            : 'The first version: the family sees it once you share it.'}
      </p>
      {content.goals.map((goal, i) => (
        <GoalFields
          key={goal.id}
          goal={goal}
          n={i + 1}
          childName={childName}
          onChange={(next) =>
            setContent({ ...content, goals: content.goals.map((g) => (g.id === goal.id ? next : g)) })
          }
          onRemove={() => setContent({ ...content, goals: content.goals.filter((g) => g.id !== goal.id) })}
        />
      ))}
      {content.goals.length < LIMITS.goals ? (
        <Button
          type="button"
          size="sm"
          variant="secondary"
          className="w-fit"
          onClick={() => setContent({ ...content, goals: [...content.goals, newGoal()] })}
        >
          Add a goal
        </Button>
      ) : null}
      <TextList
        label="Strategies at home"
        items={content.strategies}
        max={LIMITS.items}
        addLabel="Add a strategy"
        onChange={(strategies) => setContent({ ...content, strategies })}
      />
      <TextList
        label="What to watch for"
        items={content.watch_for}
        max={LIMITS.items}
        addLabel="Add a sign to watch for"
        onChange={(watch_for) => setContent({ ...content, watch_for })}
      />
      {problem ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void run(false)}>
          Save draft
        </Button>
        <Button type="submit" disabled={busy}>
          Share with the family
        </Button>
      </div>
    </form>
  );
}

/** The coach's side of a child's family plan: the shared plan with its milestones to tick, the reviews, the editor. */
export function FamilyPlanEditor({ childId, childName }: { childId: string; childName: string }) {
  const plan = useChildFamilyPlan(childId);
  const tick = useTickMilestone();
  const [editing, setEditing] = useState(false);
  if (plan.isPending) return <p role="status">Loading the family plan…</p>;
  if (plan.isError) return <p role="alert">The family plan could not be loaded. Please reload the page.</p>;
  const { kind, versions, ticks, reviews } = plan.data;
  if (!kind) {
    return (
      <p className="text-ink-muted">
        {childName}'s family has no plan with a custom family plan (Focused Progress and Intensive Momentum
        include one).
      </p>
    );
  }
  const shared = versions.find((v) => v.status === 'shared');
  const hasDraft = versions.some((v) => v.status === 'draft');
  return (
    <div className="grid gap-4">
      {shared ? (
        <PlanView
          plan={shared}
          childName={childName}
          ticks={ticks}
          renderMilestone={(m, tickedAt) => (
            <label className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="h-5 w-5 accent-brand-700"
                // the tick being saved shows at once; the answer (and its refetch) confirms it
                checked={
                  tick.isPending && tick.variables?.milestoneId === m.id
                    ? tick.variables.done
                    : Boolean(tickedAt)
                }
                disabled={tick.isPending}
                onChange={(e) => tick.mutate({ childId, milestoneId: m.id, done: e.target.checked })}
              />
              <span>
                <span data-free-text>{m.text}</span>
                {tickedAt ? <span className="text-sm text-ink-muted"> (reached)</span> : null}
              </span>
            </label>
          )}
        />
      ) : (
        <p className="text-ink-muted">No version is shared with the family yet.</p>
      )}
      {kind === 'reviewed' ? (
        <section aria-label={`${childName}'s family's review`} className="grid gap-1 text-sm">
          <h4 className="font-display text-lg font-bold text-ink">The family's review</h4>
          {reviews.length ? (
            <ul className="grid gap-1">
              {reviews.map((r) => (
                <li key={r.id}>
                  Version {versions.find((v) => v.id === r.versionId)?.version ?? '?'}:{' '}
                  {r.comment ? (
                    <>
                      “<span data-free-text>{r.comment}</span>”
                    </>
                  ) : (
                    'acknowledged'
                  )}{' '}
                  · {when.format(new Date(r.createdAt))}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-ink-muted">No review yet.</p>
          )}
        </section>
      ) : null}
      {editing || !shared || hasDraft ? (
        <Editor childId={childId} childName={childName} plan={plan.data} />
      ) : (
        <Button size="sm" variant="secondary" className="w-fit" onClick={() => setEditing(true)}>
          Change the plan
        </Button>
      )}
    </div>
  );
}
