import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { useChildFamilyPlan } from '../api/get-family-plan';
import { useReviewPlan } from '../api/write-family-plan';
import { PlanView } from './plan-view';

const when = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** The child's family plan as the parent reads it; on Intensive Momentum, reviewed with the coach. */
export function ParentFamilyPlan({ childId, childName }: { childId: string; childName: string }) {
  const plan = useChildFamilyPlan(childId);
  const review = useReviewPlan();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (plan.isPending) return <p role="status">Loading the family plan…</p>;
  if (plan.isError) return <p role="alert">The family plan could not be loaded. Please reload the page.</p>;
  const { kind, versions, ticks, reviews } = plan.data;
  const latest = versions[0];
  if (!kind && !latest) {
    return (
      <p className="text-ink-muted">
        A custom family plan comes with Focused Progress, and a deep one reviewed with you with Intensive
        Momentum.
      </p>
    );
  }
  if (!latest) {
    return (
      <p className="text-ink-muted">
        {childName}'s coach is preparing the family plan. We'll show it here once it is shared.
      </p>
    );
  }
  const mine = reviews.filter((r) => r.versionId === latest.id);
  const send = async (withComment: boolean) => {
    setProblem(null);
    if (withComment && !comment.trim()) {
      setProblem('Write your comment first.');
      return;
    }
    try {
      await review.mutateAsync({ versionId: latest.id, comment: withComment ? comment.trim() : undefined });
      setComment('');
      toast({
        title: withComment ? 'Comment sent' : 'Plan acknowledged',
        description: `${childName}'s coach will see it with the plan.`,
      });
    } catch (error) {
      setProblem((error as { message?: string }).message ?? 'That did not go through. Please try again.');
    }
  };
  return (
    <div className="grid gap-5">
      <PlanView plan={latest} childName={childName} ticks={ticks} level={3} />
      {versions.length > 1 ? (
        <p className="text-sm text-ink-muted">
          Earlier versions:{' '}
          {versions
            .slice(1)
            .map((v) => `version ${v.version}`)
            .join(', ')}
          . Your coach keeps each one.
        </p>
      ) : null}
      {kind === 'reviewed' ? (
        <section
          aria-labelledby={`review-${childId}`}
          className="grid gap-3 rounded-2xl border border-brand-100 bg-white p-4"
        >
          <h3 id={`review-${childId}`} className="font-display text-lg font-bold text-ink">
            Review the plan with your coach
          </h3>
          {mine.length ? (
            <ul className="grid gap-1 text-sm" aria-label="Your reviews of this version">
              {mine.map((r) => (
                <li key={r.id}>
                  {r.comment ? (
                    <>
                      You commented: “<span data-free-text>{r.comment}</span>”
                    </>
                  ) : (
                    'You acknowledged the plan'
                  )}{' '}
                  · {when.format(new Date(r.createdAt))}
                </li>
              ))}
            </ul>
          ) : null}
          <Button size="sm" className="w-fit" disabled={review.isPending} onClick={() => void send(false)}>
            I have read the plan and agree
          </Button>
          <Field label="A comment for your coach" optional>
            <Textarea
              rows={3}
              value={comment}
              maxLength={2000}
              onChange={(e) => setComment(e.target.value)}
            />
          </Field>
          <Button
            size="sm"
            variant="secondary"
            className="w-fit"
            disabled={review.isPending}
            onClick={() => void send(true)}
          >
            Send the comment
          </Button>
          {problem ? (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {problem}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
