import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TimeChoices } from '@/components/ui/time-choices';
import { useBookIntroCall } from '../api/book-intro-call';
import { useFirstIntroCallSlot, useIntroCallSlots } from '../api/get-intro-call-slots';
import { formatSlot, formatTime, groupByDay, pageOf, pageRange, zoneName } from '../lib/slots';

/** How many weeks the picker pages (the intro call's booking window is 6 weeks). */
const WEEKS_AHEAD = 6;

export function bookingErrorText(error: unknown): string {
  const e = error as { code?: string; message?: string; hint?: string } | null;
  if (e?.code === '23P01') return 'That time was just taken. The open times below are fresh: choose another.';
  return [e?.message || 'Something went wrong.', e?.hint].filter(Boolean).join(' ');
}

/**
 * The team's open intro-call times, a week at a time, grouped by day in the parent's zone as one
 * radio group per day; the parent picks one and confirms. Books the call, or moves it (`moving`).
 */
export function IntroCallPicker({
  token,
  zone,
  lengthMinutes,
  moving,
  onDone,
  onClose,
}: {
  token: string;
  zone: string;
  lengthMinutes: number;
  /** the current time of the call being moved (left out of the choices) */
  moving?: number;
  onDone: (booked: { startsAt: number; hostName: string }) => void;
  onClose?: () => void;
}) {
  const [openedAt] = useState(() => Date.now());
  // The picker opens on the week of the first open time (null: the parent has not paged or picked).
  const [pagedTo, setPagedTo] = useState<number | null>(null);
  const first = useFirstIntroCallSlot(
    { from: openedAt, to: pageRange(openedAt, WEEKS_AHEAD - 1).to, except: moving },
    pagedTo === null,
  );
  const seeking = pagedTo === null && first.isPending;
  const page = pagedTo ?? (first.data == null ? 0 : pageOf(openedAt, first.data, WEEKS_AHEAD));
  const lastPage = page >= WEEKS_AHEAD - 1;
  const [picked, setPicked] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const headingId = useId();
  const range = pageRange(openedAt, page);
  const slots = useIntroCallSlots(range);
  const book = useBookIntroCall();
  const days = groupByDay(
    (slots.data ?? []).filter((at) => at !== moving),
    zone,
  );

  const goTo = (next: number) => {
    setPagedTo(next);
    setPicked(null);
    setFailure(null);
  };

  const confirm = async () => {
    if (picked === null) return;
    setFailure(null);
    try {
      const booked = await book.mutateAsync({ token, startsAt: picked, timeZone: zone });
      onDone({ startsAt: booked.startsAt, hostName: booked.hostName });
    } catch (error) {
      setPicked(null);
      setFailure(bookingErrorText(error));
      // the alert is read out; focus goes to it so the keyboard continues from there
      requestAnimationFrame(() => failureRef.current?.focus());
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-display text-xl font-extrabold text-ink">
          {moving === undefined ? 'Pick a time for your free intro call' : 'Pick a new time'}
        </h2>
        <p className="text-sm text-ink-muted">
          {lengthMinutes} minutes on the phone or video with a member of our team. Times are shown in your
          time zone ({zoneName(zone)}).
        </p>
      </div>
      {/* while the week of the first open time is found, no week is named */}
      {seeking ? null : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button size="sm" variant="ghost" disabled={page === 0} onClick={() => goTo(page - 1)}>
            Earlier times
          </Button>
          <p className="font-semibold text-ink" aria-live="polite">
            {formatSlot(range.from, zone).replace(/ at .*$/, '')} onwards
          </p>
          <Button size="sm" variant="ghost" disabled={lastPage} onClick={() => goTo(page + 1)}>
            Later times
          </Button>
        </div>
      )}
      {failure ? (
        <p
          ref={failureRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl bg-cream p-3 text-sm font-semibold text-ink"
        >
          {failure}
        </p>
      ) : null}
      {slots.isPending || seeking || (pagedTo === null && slots.isPlaceholderData) ? (
        <p role="status">Loading open times...</p>
      ) : slots.isError ? (
        <div role="alert" className="grid gap-2">
          <p>{bookingErrorText(slots.error)}</p>
          <Button size="sm" variant="secondary" className="w-fit" onClick={() => void slots.refetch()}>
            Try again
          </Button>
        </div>
      ) : days.length === 0 ? (
        <p className="text-ink-muted">
          {lastPage ? 'No open times this week.' : 'No open times this week. Try later times.'}
        </p>
      ) : (
        <TimeChoices
          name={`slot-${headingId}`}
          loading={slots.isPlaceholderData}
          picked={picked}
          onPick={(at) => {
            setPicked(at);
            setFailure(null);
            // the week stays put from here, whatever a later look for the first time answers
            setPagedTo(page);
          }}
          days={days.map((day) => ({
            key: day.day,
            label: day.label,
            times: day.slots.map((at) => ({
              at: at,
              label: formatTime(at, zone),
              name: formatSlot(at, zone),
            })),
          }))}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={picked === null || book.isPending} onClick={() => void confirm()}>
          {picked === null
            ? moving === undefined
              ? 'Book this time'
              : 'Move to this time'
            : `${moving === undefined ? 'Book' : 'Move to'} ${formatSlot(picked, zone)}`}
        </Button>
        {onClose ? (
          <Button variant="ghost" onClick={onClose}>
            Keep the current time
          </Button>
        ) : null}
      </div>
    </section>
  );
}
