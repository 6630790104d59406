import type { ReactNode } from 'react';
import type { PlanVersion } from '../api/get-family-plan';

const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** A shared plan as the family reads it: goals with their milestones, strategies, what to watch for. */
export function PlanView({
  plan,
  childName,
  ticks,
  renderMilestone,
  level = 4,
}: {
  /** the level of the plan's part headings, under the page's own */
  level?: 3 | 4;
  plan: PlanVersion;
  childName: string;
  ticks: Record<string, string>;
  /** replaces a milestone's line (the coach's screen ticks it off there) */
  renderMilestone?: (milestone: { id: string; text: string }, tickedAt: string | undefined) => ReactNode;
}) {
  const { content } = plan;
  const H = level === 3 ? 'h3' : 'h4';
  return (
    <div className="grid gap-5">
      <p className="text-sm text-ink-muted">
        Version {plan.version}
        {plan.sharedAt ? `, shared ${day.format(new Date(plan.sharedAt))}` : ' (draft)'}
      </p>
      <div className="grid gap-3">
        <H className="font-display text-lg font-bold text-ink">Goals</H>
        <ol className="grid gap-3">
          {content.goals.map((goal) => (
            <li key={goal.id} className="rounded-2xl bg-cream p-4">
              <p className="font-semibold text-ink" data-free-text>
                {goal.title}
              </p>
              <p className="text-sm text-ink-muted">
                For {childName}: “<span data-free-text>{goal.child_words}</span>”
              </p>
              {goal.milestones.length ? (
                <ul className="mt-2 grid gap-1" aria-label={`Milestones of ${goal.title}`}>
                  {goal.milestones.map((m) => (
                    <li key={m.id} className="text-ink">
                      {renderMilestone ? (
                        renderMilestone(m, ticks[m.id])
                      ) : ticks[m.id] ? (
                        <>
                          <span aria-hidden="true">✓ </span>
                          <span data-free-text>{m.text}</span>{' '}
                          <span className="text-sm text-ink-muted">
                            (reached {day.format(new Date(ticks[m.id]!))})
                          </span>
                        </>
                      ) : (
                        <>
                          <span aria-hidden="true">○ </span>
                          <span data-free-text>{m.text}</span>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      {content.strategies.length ? (
        <div className="grid gap-2">
          <H className="font-display text-lg font-bold text-ink">Strategies at home</H>
          <ul className="list-disc pl-5 text-ink">
            {content.strategies.map((s, i) => (
              <li key={i} data-free-text>
                {s}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {content.watch_for.length ? (
        <div className="grid gap-2">
          <H className="font-display text-lg font-bold text-ink">What to watch for</H>
          <ul className="list-disc pl-5 text-ink">
            {content.watch_for.map((s, i) => (
              <li key={i} data-free-text>
                {s}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
