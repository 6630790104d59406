import { useState, type ReactNode } from 'react';
import { Link } from '@/lib/navigation';
import { challengeLabel } from '@/content/challenges';
import { useFamily, type FamilyDetail } from '../api/get-family';
import { BILLING_STATUS_LABELS, useFamilyBilling, type FamilyBilling } from '../api/get-family-billing';
import { MatchCoach } from './match-coach';
import { PaymentFailedBadge } from './payment-failed-badge';

const when = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const SESSION_STATUS: Record<string, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-brand-100 bg-white p-4">
      <h2 id={id} className="font-display text-xl font-bold text-ink">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

function Plan({
  billing,
  isAdmin,
  pending,
}: {
  billing: FamilyBilling | undefined;
  isAdmin: boolean;
  pending: boolean;
}) {
  if (!isAdmin) return <p className="text-ink-muted">Plans and payments are for admins.</p>;
  if (pending) return <p>Loading the plan…</p>;
  if (!billing) return <p className="text-ink-muted">No plan yet.</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="font-semibold">Plan</dt>
      <dd>{billing.plan}</dd>
      <dt className="font-semibold">Status</dt>
      <dd>{BILLING_STATUS_LABELS[billing.status] ?? billing.status}</dd>
      <dt className="font-semibold">Payments</dt>
      <dd>{billing.paymentFailed ? <PaymentFailedBadge /> : 'Up to date'}</dd>
    </dl>
  );
}

function Body({ family, isAdmin }: { family: FamilyDetail; isAdmin: boolean }) {
  const billing = useFamilyBilling([family.parentId], isAdmin);
  const childName = (id: string) => family.children.find((c) => c.id === id)?.firstName ?? 'A child';
  const [now] = useState(() => Date.now());
  const upcoming = family.sessions
    .filter((s) => new Date(s.startsAt).getTime() >= now)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const past = family.sessions.filter((s) => new Date(s.startsAt).getTime() < now);
  const sessionList = (label: string, rows: FamilyDetail['sessions']) => (
    <div>
      <h3 className="font-semibold text-ink">{label}</h3>
      {rows.length === 0 ? (
        <p className="text-ink-muted">None.</p>
      ) : (
        <ul className="mt-1 space-y-1" aria-label={label}>
          {rows.map((s) => (
            <li key={s.id}>
              {when.format(new Date(s.startsAt))} · {s.childFirstName ?? 'A child'} with{' '}
              {s.coachName ?? 'no coach yet'} · {s.durationMinutes} minutes ·{' '}
              <span className={s.status === 'cancelled' ? 'text-ink-muted' : 'font-semibold'}>
                {SESSION_STATUS[s.status] ?? s.status}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section id="family-children" title="Children">
        <ul className="space-y-2" aria-label="Children">
          {family.children.map((child) => (
            <li key={child.id}>
              <span className="font-semibold text-ink">{child.firstName}</span>
              {child.age ? <span className="text-ink-muted">, {child.age}</span> : null}
              {child.focusAreas.length > 0 ? (
                <span className="text-ink-muted">
                  {' '}
                  · Focus: {child.focusAreas.map((f) => challengeLabel(f) || f).join(', ')}
                </span>
              ) : null}
              <span className="block text-ink-muted">Coach: {child.coachName ?? 'not assigned'}</span>
              {isAdmin ? (
                <MatchCoach
                  childId={child.id}
                  childName={child.firstName}
                  hasCoach={child.coachName !== null}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="family-plan" title="Plan and payments">
        <Plan
          billing={billing.data?.[family.parentId]}
          isAdmin={isAdmin}
          pending={billing.isPending && isAdmin}
        />
      </Section>
      <Section id="family-sessions" title="Sessions">
        <div className="space-y-4">
          {sessionList('Upcoming sessions', upcoming)}
          {sessionList('Past sessions', past)}
        </div>
      </Section>
      <Section id="family-consents" title="Parental consent">
        {!isAdmin ? (
          <p className="text-ink-muted">Consent records are for admins.</p>
        ) : (
          <ul className="space-y-2" aria-label="Consents">
            {family.children.map((child) => {
              const consent = family.consents.find((c) => c.childId === child.id);
              return (
                <li key={child.id}>
                  <span className="font-semibold text-ink">{childName(child.id)}:</span>{' '}
                  {consent ? (
                    <>
                      signed by {consent.signedName} on {day.format(new Date(consent.givenAt))} (terms{' '}
                      {consent.termsVersion}, privacy {consent.privacyVersion})
                    </>
                  ) : (
                    <span className="font-semibold text-red-800">no consent on record</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </div>
  );
}

/** One family: its children and coaches, sessions, consents, plan and payment status. */
export function FamilyDetails({
  parentId,
  isAdmin,
  backHref,
  renderChildProgress,
}: {
  parentId: string;
  isAdmin: boolean;
  backHref: string;
  /** each child's check-ins and practice, from the app layer (another feature's screens) */
  renderChildProgress?: (child: { id: string; firstName: string; coachId: string | null }) => ReactNode;
}) {
  const family = useFamily(parentId);
  return (
    <div className="space-y-4">
      <Link to={backHref} className="font-semibold text-brand-800 underline underline-offset-4">
        ← All families
      </Link>
      {family.isError ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800">
          The family could not be loaded. Please reload the page.
        </p>
      ) : family.isPending ? (
        <p>Loading the family…</p>
      ) : family.data === null ? (
        <p className="rounded-2xl border border-brand-100 bg-white p-4 text-ink-muted">
          {isAdmin ? 'There is no such family.' : 'This family is not one you coach.'}
        </p>
      ) : (
        <>
          <Body family={family.data} isAdmin={isAdmin} />
          {renderChildProgress
            ? family.data.children.map((child) => (
                <Section
                  key={child.id}
                  id={`family-progress-${child.id}`}
                  title={`${child.firstName}'s progress`}
                >
                  {renderChildProgress(child)}
                </Section>
              ))
            : null}
        </>
      )}
    </div>
  );
}
