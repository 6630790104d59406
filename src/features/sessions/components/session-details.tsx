import { lazy, Suspense, useState, type ReactNode } from 'react';
import { usePaintedOnce } from '@/lib/after-paint';
import { Link } from '@/lib/navigation';
import { Button, buttonClasses } from '@/components/ui/button';
import type { SessionRow } from '../api/get-sessions';
import { useUpdateSession } from '../api/update-session';
import { toast } from '@/components/ui/toast-store';
import { bookingErrorMessage } from '../lib/booking-errors';
import { statusLabel } from '../lib/status';
import { formatDateTime } from '../lib/time';

/** The dialogs and the follow-up forms (with their validation): loaded when first shown. */
const loadDialogs = () => import('./change-session-dialogs');
const loadFollowUpForms = () => import('./follow-up-forms');
const RescheduleDialog = lazy(() => loadDialogs().then((m) => ({ default: m.RescheduleDialog })));
const CancelDialog = lazy(() => loadDialogs().then((m) => ({ default: m.CancelDialog })));
const FollowUpForms = lazy(() => loadFollowUpForms().then((m) => ({ default: m.FollowUpForms })));

/** Loads what a session's details show after their first paint, before anyone opens one. */
export function preloadSessionDetails(): void {
  void loadDialogs().catch(() => undefined);
  void loadFollowUpForms().catch(() => undefined);
}

export type SessionPracticeSlot = (session: {
  sessionId: string;
  childId: string;
  childName: string;
}) => ReactNode;

/** One session: when (in the viewer's zone), who, its room, and what may be done with it. */
export function SessionDetails({
  session,
  timeZone,
  roomHref,
  onClose,
  renderPractice,
}: {
  session: SessionRow;
  timeZone: string;
  roomHref: string;
  onClose: () => void;
  /** the child's practice this week, from the app layer (another feature's screens) */
  renderPractice?: SessionPracticeSlot;
}) {
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null);
  const update = useUpdateSession();
  const [openedAt] = useState(() => Date.now());
  // The click paints the session (who, when, its actions) at once; the practice and the forms
  // after it follow once that frame is painted, so opening waits neither for them to be built nor
  // for their reads to be sent.
  const complete = usePaintedOnce();
  const started = new Date(session.startsAt).getTime() <= openedAt;
  const scheduled = session.status === 'scheduled';
  const mark = async (status: 'completed' | 'no_show') => {
    try {
      await update.mutateAsync({ id: session.id, status });
      toast({ title: `Marked ${statusLabel(status).toLowerCase()}` });
    } catch (error) {
      toast({ title: 'Not saved', description: bookingErrorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <section
      aria-labelledby="session-details-title"
      className="rounded-3xl border border-brand-100 bg-white p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="session-details-title" className="font-display text-xl font-extrabold text-ink">
            {session.child?.firstName ?? 'Session'} with {session.coach?.name ?? 'no coach yet'}
          </h2>
          <p className="mt-1 text-ink">{formatDateTime(new Date(session.startsAt), timeZone)}</p>
          <p className="text-sm text-ink-muted">
            {session.durationMinutes} minutes · {statusLabel(session.status)}
            {session.seriesId ? ' · weekly slot' : ''}
          </p>
        </div>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close details
        </Button>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {scheduled ? (
          <>
            <Link to={roomHref} className={buttonClasses({ size: 'sm' })}>
              Open session room
            </Link>
            <Button size="sm" variant="secondary" onClick={() => setDialog('reschedule')}>
              Reschedule
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDialog('cancel')}>
              Cancel session
            </Button>
          </>
        ) : null}
        {scheduled && started ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => mark('completed')}>
              Mark completed
            </Button>
            <Button size="sm" variant="ghost" onClick={() => mark('no_show')}>
              Mark no-show
            </Button>
          </>
        ) : null}
      </div>
      {complete && renderPractice && session.child && session.status !== 'cancelled' ? (
        <Section title="Practice this week">
          {renderPractice({
            sessionId: session.id,
            childId: session.child.id,
            childName: session.child.firstName,
          })}
        </Section>
      ) : null}
      {/* Notes and points belong to a session that has taken place (or at least begun). */}
      {complete && session.status !== 'cancelled' && (started || !scheduled) && session.child ? (
        <Section title="After the session">
          <Suspense fallback={<p role="status">Loading…</p>}>
            <FollowUpForms session={session} />
          </Suspense>
        </Section>
      ) : null}
      <Suspense fallback={null}>
        {dialog === 'reschedule' ? (
          <RescheduleDialog
            session={session}
            timeZone={timeZone}
            open
            onOpenChange={(o) => !o && setDialog(null)}
          />
        ) : null}
        {dialog === 'cancel' ? (
          <CancelDialog
            session={session}
            timeZone={timeZone}
            open
            onOpenChange={(o) => !o && setDialog(null)}
          />
        ) : null}
      </Suspense>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-6 border-t border-brand-100 pt-4">
      <h3 className="font-display text-lg font-bold text-ink">{title}</h3>
      <div className="mt-3">{children}</div>
    </div>
  );
}
