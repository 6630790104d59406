import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@/lib/navigation';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useChildSchedule } from '../api/get-child-schedule';
import { useFamilyPlan, type FamilyPlan } from '../api/get-family-plan';
import { firstSessionText, matchingText } from '../lib/journey';
import { browserZone, zoneNote } from '../lib/zone';
import { WeeklyBookings } from './weekly-bookings';
import type { ScheduledSession } from '../api/get-child-schedule';
import { useNow } from '@/lib/use-now';
import { formatSessionTime } from '../lib/format';
import { JoinButton } from './join-button';
import { BookingPicker } from './booking-picker';
import { CancelSessionDialog, SessionChangeForm } from './session-change-forms';

const statusLabel: Record<ScheduledSession['status'], string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'Missed',
};

function UpcomingSession({
  session,
  childName,
  coachId,
  zone,
  now,
  focused,
  onChanged,
}: {
  session: ScheduledSession;
  childName: string;
  /** the child's current coach: a session with them can be moved to another of their open times */
  coachId: string | null;
  /** the family's time zone */
  zone: string;
  now: number;
  /** just booked or moved: its heading takes the focus */
  focused: boolean;
  onChanged: (sessionId: string) => void;
}) {
  const [open, setOpen] = useState<'reschedule' | 'cancel' | 'move' | null>(null);
  const canChange = session.status === 'scheduled' && now < session.changeDeadline;
  const headingId = `session-${session.id}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focused) headingRef.current?.focus();
  }, [focused, session.startsAt]);
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-3 rounded-3xl border border-brand-100 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-lg font-extrabold text-ink"
        >
          {formatSessionTime(session.startsAt, zone)}
        </h3>
        <p className="text-sm text-ink-muted">
          {statusLabel[session.status]}
          {session.coachName ? ` · with ${session.coachName}` : ''}
        </p>
      </div>
      {session.status === 'scheduled' ? (
        <>
          <div className="flex flex-wrap items-start gap-3">
            <JoinButton
              sessionId={session.id}
              opensAt={session.opensAt}
              closesAt={session.closesAt}
              childName={childName}
            />
            <Link
              to={paths.appSession.href(session.id)}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
            >
              Session details
            </Link>
          </div>
          {session.openRequest === 'reschedule' ? (
            <p className="text-sm text-ink">
              You asked to reschedule. Your coach will get back to you with a new time.
            </p>
          ) : null}
          {canChange ? (
            <>
              <p className="text-sm text-ink-muted">
                You can ask to reschedule or cancel until {formatSessionTime(session.changeDeadline, zone)} (
                {session.noticeHours} hours before the start).
              </p>
              {open === 'move' && coachId ? (
                <BookingPicker
                  coachId={coachId}
                  childName={childName}
                  zone={zone}
                  mode={{ kind: 'move', sessionId: session.id, from: session.startsAt }}
                  onDone={(id) => {
                    setOpen(null);
                    if (id) onChanged(id);
                  }}
                  onClose={() => setOpen(null)}
                />
              ) : open === 'reschedule' ? (
                <SessionChangeForm change={open} sessionId={session.id} onDone={() => setOpen(null)} />
              ) : (
                <div className="flex flex-wrap gap-2">
                  {coachId ? (
                    <Button size="sm" variant="secondary" onClick={() => setOpen('move')}>
                      Move to another time
                    </Button>
                  ) : null}
                  {session.openRequest ? null : (
                    <Button size="sm" variant="secondary" onClick={() => setOpen('reschedule')}>
                      Ask to reschedule
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => setOpen('cancel')}>
                    Cancel session
                  </Button>
                  <CancelSessionDialog
                    sessionId={session.id}
                    childName={childName}
                    startsAt={session.startsAt}
                    open={open === 'cancel'}
                    onOpenChange={(next) => setOpen(next ? 'cancel' : null)}
                  />
                </div>
              )}
            </>
          ) : (
            <p className="text-sm text-ink-muted">
              It is less than {session.noticeHours} hours to the start, so this session can no longer be
              changed here. To reach your coach, reply to your session email.
            </p>
          )}
        </>
      ) : null}
    </li>
  );
}

/** /app/child-schedule/:childId: upcoming sessions (Join, reschedule, cancel) and past ones. */
/**
 * A child with no coach yet: where the family stands (the match and when, the plan first if it has
 * none), never only "No upcoming sessions yet."
 */
function WaitingForMatch({ childName, plan }: { childName: string; plan: FamilyPlan }) {
  const hasPlan = Boolean(plan.plan);
  return (
    <div
      className="grid gap-2 rounded-3xl border border-sun-400 bg-sun-100 p-5 text-ink"
      data-testid="waiting-for-match"
    >
      <p className="font-semibold">{matchingText([childName], hasPlan)}</p>
      <p>{firstSessionText([childName])}</p>
      {!hasPlan ? (
        <ButtonLink to={paths.appBilling} size="sm" className="w-fit">
          Choose a plan
        </ButtonLink>
      ) : null}
    </div>
  );
}

export function ScheduleScreen({ childId }: { childId: string }) {
  const {
    data,
    isPending: schedulePending,
    isError: scheduleError,
    refetch: refetchSchedule,
  } = useChildSchedule(childId);
  // the family's plan and time zone: every time here is shown in that zone
  const plan = useFamilyPlan();
  const isPending = schedulePending || plan.isPending;
  const isError = scheduleError || plan.isError;
  const refetch = () => Promise.all([refetchSchedule(), plan.refetch()]);
  const now = useNow(60_000);
  // the match email's link opens the schedule with the picker open (`?book=1`)
  const { search } = useLocation();
  const [booking, setBooking] = useState(() => new URLSearchParams(search).get('book') === '1');
  const [changed, setChanged] = useState<string | null>(null);
  const bookButtonRef = useRef<HTMLButtonElement>(null);
  const weeklyRef = useRef<HTMLHeadingElement>(null);
  if (isPending) return <p role="status">Loading...</p>;
  if (isError) {
    return (
      <div role="alert" className="grid gap-3">
        <p>We could not load this schedule.</p>
        <Button variant="secondary" className="w-fit" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data.child) {
    return (
      <p role="alert">
        We could not find this child in your family.{' '}
        <Link to={paths.app} className="font-semibold text-brand-800 underline">
          Back to My Dashboard
        </Link>
      </p>
    );
  }
  const zone = plan.data!.timeZone;
  const upcoming = data.sessions.filter((s) => s.closesAt > now && s.status === 'scheduled');
  const past = data.sessions.filter((s) => !upcoming.includes(s)).reverse();
  return (
    <div className="grid gap-8">
      <section aria-labelledby="upcoming" className="grid gap-4">
        <h2 id="upcoming" className="font-display text-2xl font-extrabold text-ink">
          Upcoming for {data.child.firstName}
        </h2>
        <p className="text-sm text-ink-muted">{zoneNote(zone, browserZone())}</p>
        {data.child.coachId ? (
          booking ? (
            <BookingPicker
              coachId={data.child.coachId}
              childName={data.child.firstName}
              zone={zone}
              mode={{ kind: 'book', childId: data.child.id }}
              onDone={(id) => {
                setBooking(false);
                setChanged(id);
                if (!id) requestAnimationFrame(() => weeklyRef.current?.focus());
              }}
              onClose={() => {
                setBooking(false);
                requestAnimationFrame(() => bookButtonRef.current?.focus());
              }}
            />
          ) : (
            <Button ref={bookButtonRef} className="w-fit" onClick={() => setBooking(true)}>
              Book a session
            </Button>
          )
        ) : null}
        {data.child.coachId ? (
          <WeeklyBookings childId={data.child.id} zone={zone} headingRef={weeklyRef} />
        ) : null}
        {upcoming.length ? (
          <ul className="grid gap-4">
            {upcoming.map((session) => (
              <UpcomingSession
                key={session.id}
                session={session}
                childName={data.child!.firstName}
                coachId={data.child!.coachId}
                zone={zone}
                now={now}
                focused={changed === session.id}
                onChanged={setChanged}
              />
            ))}
          </ul>
        ) : data.child.coachId ? (
          <p className="text-ink-muted">
            No upcoming sessions yet. Book {data.child.firstName}'s next session at a time that suits you.
          </p>
        ) : (
          <WaitingForMatch childName={data.child.firstName} plan={plan.data!} />
        )}
      </section>
      <section aria-labelledby="past" className="grid gap-4">
        <h2 id="past" className="font-display text-2xl font-extrabold text-ink">
          Past and cancelled
        </h2>
        {past.length ? (
          <ul className="grid gap-2">
            {past.map((session) => (
              <li key={session.id} className="flex flex-wrap justify-between gap-2 rounded-2xl bg-white p-4">
                <span className="text-ink">{formatSessionTime(session.startsAt, zone)}</span>
                <span className="text-sm text-ink-muted">
                  {statusLabel[session.status]}
                  {session.coachName ? ` · ${session.coachName}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted">Nothing here yet.</p>
        )}
      </section>
    </div>
  );
}
