import { CheckCircle2, Circle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { challengeLabel } from '@/content/challenges';
import { useOnboarding } from '../api/get-onboarding';
import type { OnboardingChild } from '../api/get-onboarding';
import { preferredTimeLabel } from '../lib/options';
import { AddChildForm } from './add-child-form';
import { ConsentForm, PreferredTimesForm } from './child-setup-forms';

function Step({ done, children }: { done: boolean; children: ReactNode }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex items-start gap-2">
      <Icon
        className={done ? 'mt-0.5 h-5 w-5 text-brand-700' : 'mt-0.5 h-5 w-5 text-ink-muted'}
        aria-hidden="true"
      />
      <span>
        {children}
        <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
      </span>
    </li>
  );
}

function ChildSetup({
  child,
  notice,
}: {
  child: OnboardingChild;
  notice: Parameters<typeof ConsentForm>[0]['notice'] | null;
}) {
  const [editTimes, setEditTimes] = useState(false);
  return (
    <li className="grid gap-4 rounded-3xl border border-brand-100 bg-white p-5 shadow-sm">
      <div>
        <h3 className="font-display text-xl font-extrabold text-ink">
          {child.firstName}
          {child.age ? <span className="font-normal text-ink-muted">, {child.age}</span> : null}
        </h3>
        {child.focusAreas.length ? (
          <p className="text-sm text-ink-muted">{child.focusAreas.map(challengeLabel).join(' · ')}</p>
        ) : null}
      </div>
      {child.matched ? (
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-semibold text-ink">Coach</dt>
          <dd>{child.coachName ?? 'Matched with a coach'}</dd>
          <dt className="font-semibold text-ink">Parental consent</dt>
          <dd>{child.consented ? 'Given' : 'Needed for the current terms'}</dd>
          <dt className="font-semibold text-ink">Preferred times</dt>
          <dd>{child.times.length ? child.times.map(preferredTimeLabel).join(', ') : 'None yet'}</dd>
        </dl>
      ) : (
        <ul className="grid gap-1 text-sm">
          <Step done={child.consented}>Parental consent</Step>
          <Step done={child.times.length > 0}>
            Preferred times{child.times.length ? `: ${child.times.map(preferredTimeLabel).join(', ')}` : ''}
          </Step>
        </ul>
      )}
      {!child.consented && notice ? <ConsentForm child={child} notice={notice} /> : null}
      {child.times.length === 0 || editTimes ? (
        <PreferredTimesForm child={child} onSaved={() => setEditTimes(false)} />
      ) : (
        <Button variant="ghost" size="sm" className="w-fit" onClick={() => setEditTimes(true)}>
          Change {child.firstName}&apos;s preferred times
        </Button>
      )}
    </li>
  );
}

/** /app/onboarding: add each child, give consent, pick preferred times; then on to the dashboard. */
export function OnboardingScreen() {
  const { data, isPending, isError, refetch } = useOnboarding();
  const [adding, setAdding] = useState(false);
  if (isPending) return <p role="status">Loading...</p>;
  if (isError || !data) {
    return (
      <div role="alert" className="grid gap-3">
        <p>We could not load your family&apos;s details.</p>
        <Button variant="secondary" className="w-fit" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { notice, children, done } = data;
  const showForm = notice !== null && (children.length === 0 || adding);
  return (
    <div className="grid gap-8">
      {data.matched ? null : done ? (
        <section aria-labelledby="onboarding-done" className="rounded-3xl bg-brand-50 p-5">
          <h2 id="onboarding-done" className="font-display text-2xl font-extrabold text-ink">
            You&apos;re all set
          </h2>
          <p className="mt-1 text-ink">
            Thank you. We&apos;ll match{' '}
            {children
              .filter((c) => !c.matched)
              .map((c) => c.firstName)
              .join(' and ')}{' '}
            with a coach and book the first session at one of your preferred times.
          </p>
          <ButtonLink to={paths.app} className="mt-4">
            Go to My Dashboard
          </ButtonLink>
        </section>
      ) : (
        <ol className="grid list-decimal gap-1 pl-5 text-ink">
          <li>Tell us about your child (first name and age only).</li>
          <li>Give your consent as their parent or guardian.</li>
          <li>Pick the times that suit your family.</li>
        </ol>
      )}

      {children.length ? (
        <section aria-labelledby="your-children" className="grid gap-4">
          <h2 id="your-children" className="font-display text-2xl font-extrabold text-ink">
            Your children
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {children.map((child) => (
              <ChildSetup key={child.id} child={child} notice={notice} />
            ))}
          </ul>
        </section>
      ) : null}

      {notice === null ? (
        <p role="alert">Our terms are being updated. Please come back in a little while.</p>
      ) : showForm ? (
        <section
          aria-labelledby="add-child"
          className="grid gap-4 rounded-3xl border border-brand-100 bg-white p-5 shadow-sm"
        >
          <h2 id="add-child" className="font-display text-2xl font-extrabold text-ink">
            {children.length ? 'Add another child' : 'Tell us about your child'}
          </h2>
          <AddChildForm notice={notice} onAdded={() => setAdding(false)} />
        </section>
      ) : (
        <Button variant="secondary" className="w-fit" onClick={() => setAdding(true)}>
          Add another child
        </Button>
      )}
    </div>
  );
}
