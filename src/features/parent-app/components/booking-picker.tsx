import { useId, useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { hasPriorityScheduling, priorityScheduling } from '@/content/priority-scheduling';
import { useFamilyPlan } from '../api/get-family-plan';
import { Button, ButtonLink } from '@/components/ui/button';
import { TimeChoices } from '@/components/ui/time-choices';
import { Checkbox } from '@/components/ui/checkbox';
import { toast } from '@/components/ui/toast-store';
import { useBookSession, useMoveSession } from '../api/book-session';
import { useBookSeries } from '../api/book-series';
import { useFirstOpenSlot, useOpenSlots, useWeekAllowance } from '../api/get-open-slots';
import {
  addDays,
  allowanceText,
  formatSlot,
  formatTime,
  formatWeekly,
  formatWeekOf,
  groupSlotsByDay,
  hasNoPlan,
  mondayOf,
  weekIsClosed,
  weekRange,
} from '../lib/slots';

/** How many weeks ahead the picker pages (the coach's booking window stops earlier if shorter). */
const WEEKS_AHEAD = 8;

export type PickerMode =
  { kind: 'book'; childId: string } | { kind: 'move'; sessionId: string; from: number };

function errorText(error: unknown): string {
  const e = error as { code?: string; message?: string; hint?: string } | null;
  if (e?.code === '23P01' && e.message === 'That time was just taken') {
    return 'That time was just taken. The open times below are fresh: choose another.';
  }
  return [e?.message || 'Something went wrong.', e?.hint].filter(Boolean).join(' ');
}

/**
 * The coach's open times a week at a time, grouped by day in the parent's zone, as one radio group
 * per day; the parent picks one and confirms. Books a new session, or moves one (`mode`).
 */
export function BookingPicker({
  coachId,
  childName,
  zone,
  mode,
  onDone,
  onClose,
}: {
  coachId: string;
  childName: string;
  /** the family's time zone, which the screen names */
  zone: string;
  mode: PickerMode;
  /** after the booking or the move, with the session's id (null: a weekly booking) */
  onDone: (sessionId: string | null) => void;
  onClose: () => void;
}) {
  const [openedAt] = useState(() => Date.now());
  // A booking opens on the week of the coach's first open time (null: not paged yet).
  const [pagedTo, setPagedTo] = useState<number | null>(mode.kind === 'book' ? null : 0);
  const first = useFirstOpenSlot({ coachId, from: openedAt, days: WEEKS_AHEAD * 7 }, pagedTo === null);
  const firstWeek =
    first.data == null
      ? 0
      : Math.min(
          WEEKS_AHEAD - 1,
          Math.round(
            (Date.parse(mondayOf(first.data, zone)) - Date.parse(mondayOf(openedAt, zone))) /
              (7 * 86_400_000),
          ),
        );
  const seeking = pagedTo === null && first.isPending;
  const week = pagedTo ?? firstWeek;
  const [picked, setPicked] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [weekly, setWeekly] = useState(false);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const headingId = useId();
  const monday = addDays(mondayOf(openedAt, zone), week * 7);
  const range = weekRange(monday, zone);
  const from = Math.max(range.from, openedAt);
  const slots = useOpenSlots({ coachId, from, to: range.to });
  // the middle of the week, so the family's week (in its profile's zone) is this one
  const allowance = useWeekAllowance(range.from + 3.5 * 86_400_000);
  // the plan's priority scheduling, said at booking as the pricing page says it
  const familyPlan = useFamilyPlan(mode.kind === 'book');
  const book = useBookSession();
  const move = useMoveSession();
  const series = useBookSeries();
  const busy = book.isPending || move.isPending || series.isPending;
  // the allowance of the week shown, never the one kept on screen while it loads
  const weekAllowance = allowance.isPlaceholderData ? undefined : allowance.data;
  const closed = mode.kind === 'book' && weekAllowance ? weekIsClosed(weekAllowance) : false;
  // no plan yet: the times are shown, the booking waits for a plan (the database refuses it)
  const noPlan = mode.kind === 'book' && weekAllowance ? hasNoPlan(weekAllowance) : false;
  const days = groupSlotsByDay(
    (slots.data ?? []).filter((s) => !(mode.kind === 'move' && s.startsAt === mode.from)),
    zone,
  );
  const title = mode.kind === 'book' ? `Book a session for ${childName}` : 'Move this session';
  const lastWeek = week >= WEEKS_AHEAD - 1;

  const goTo = (next: number) => {
    setPagedTo(next);
    setPicked(null);
    setFailure(null);
  };

  const confirm = async () => {
    if (picked === null) return;
    setFailure(null);
    try {
      if (mode.kind === 'book' && weekly) {
        await series.mutateAsync({ childId: mode.childId, startsAt: picked });
        toast({
          title: 'Weekly session booked',
          description: `${formatWeekly(picked, zone)}, from ${formatSlot(picked, zone)}. We have told your coach.`,
        });
        onDone(null);
      } else if (mode.kind === 'book') {
        const id = await book.mutateAsync({ childId: mode.childId, startsAt: picked });
        toast({
          title: 'Session booked',
          description: `${formatSlot(picked, zone)}. We have told your coach.`,
        });
        onDone(id);
      } else {
        await move.mutateAsync({ sessionId: mode.sessionId, startsAt: picked });
        toast({
          title: 'Session moved',
          description: `Now ${formatSlot(picked, zone)}. We have told your coach.`,
        });
        onDone(mode.sessionId);
      }
    } catch (error) {
      setPicked(null);
      setFailure(errorText(error));
      // the alert is read out; focus goes to it so the keyboard continues from there
      requestAnimationFrame(() => failureRef.current?.focus());
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-2xl bg-cream p-4">
      <h3 id={headingId} className="font-display text-lg font-extrabold text-ink">
        {title}
      </h3>
      {/* while the first week with open times is found, no week is named */}
      <div className={seeking ? 'hidden' : 'flex flex-wrap items-center justify-between gap-2'}>
        <Button size="sm" variant="ghost" disabled={week === 0} onClick={() => goTo(week - 1)}>
          Previous week
        </Button>
        <p className="font-semibold text-ink" aria-live="polite">
          Week of {formatWeekOf(monday)}
        </p>
        <Button size="sm" variant="ghost" disabled={week >= WEEKS_AHEAD - 1} onClick={() => goTo(week + 1)}>
          Next week
        </Button>
      </div>
      {mode.kind === 'book' && weekAllowance ? (
        <p className="text-sm text-ink" data-testid="allowance">
          {allowanceText(weekAllowance)}
        </p>
      ) : null}
      {mode.kind === 'book' && familyPlan.data?.plan ? (
        <p className="text-sm text-ink-muted" data-testid="priority">
          {hasPriorityScheduling(familyPlan.data.plan) ? priorityScheduling.yours : priorityScheduling.others}
        </p>
      ) : null}
      {noPlan ? (
        <ButtonLink to={paths.appBilling} size="sm" className="w-fit">
          Choose a plan
        </ButtonLink>
      ) : null}
      {failure ? (
        <p
          ref={failureRef}
          tabIndex={-1}
          role="alert"
          className="rounded-xl bg-white p-3 text-sm font-semibold text-ink"
        >
          {failure}
        </p>
      ) : null}
      {slots.isPending || seeking ? (
        <p role="status">Loading open times...</p>
      ) : slots.isError ? (
        <div role="alert" className="grid gap-2">
          <p>{errorText(slots.error)}</p>
          <Button size="sm" variant="secondary" className="w-fit" onClick={() => void slots.refetch()}>
            Try again
          </Button>
        </div>
      ) : closed ? null : days.length === 0 ? (
        <p className="text-ink-muted">
          {lastWeek ? 'No open times this week.' : 'No open times this week. Try the next week.'}
        </p>
      ) : (
        <TimeChoices
          name={`slot-${headingId}`}
          loading={slots.isPlaceholderData}
          picked={picked}
          onPick={(at) => {
            setPicked(at);
            setFailure(null);
          }}
          days={days.map((day) => ({
            key: day.day,
            label: day.label,
            times: day.slots.map((slot) => ({
              at: slot.startsAt,
              label: formatTime(slot.startsAt, zone),
              name: formatSlot(slot.startsAt, zone),
            })),
          }))}
        />
      )}
      {mode.kind === 'book' ? (
        <Checkbox
          label="Every week at this time (a weekly session until you end it)"
          checked={weekly}
          onChange={(event) => {
            setWeekly(event.target.checked);
            setFailure(null);
          }}
        />
      ) : null}
      {/* on a phone the confirming button stays on screen under a long list of times */}
      <div className="sticky bottom-0 -mx-4 -mb-4 flex flex-wrap gap-2 rounded-b-2xl bg-cream p-4 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] md:static md:m-0 md:bg-transparent md:p-0 md:shadow-none">
        <Button
          size="sm"
          disabled={picked === null || busy || closed || noPlan || (mode.kind === 'book' && !weekAllowance)}
          onClick={() => void confirm()}
        >
          {picked === null
            ? mode.kind === 'book'
              ? 'Book this time'
              : 'Move to this time'
            : mode.kind === 'move'
              ? `Move to ${formatSlot(picked, zone)}`
              : weekly
                ? `Book ${formatWeekly(picked, zone)}, from ${formatSlot(picked, zone)}`
                : `Book ${formatSlot(picked, zone)}`}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {mode.kind === 'book' ? 'Close' : 'Keep the current time'}
        </Button>
      </div>
    </section>
  );
}
