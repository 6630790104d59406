import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { TimeField } from './time-field';
import { toast } from '@/components/ui/toast-store';
import { useAddOverride, useRemoveOverride } from '../api/save-override';
import { localDate } from '../lib/slots';
import { overrideDateError, overridesByDate, spanErrors, type OverrideRow } from '../lib/week';

/** A stored local date (YYYY-MM-DD) in words, e.g. "Tuesday, December 1, 2026". */
export function dateInWords(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * Date overrides: a day off, or other hours on a date (all of a date's spans replace its weekly
 * hours). Dates are local dates in the schedule's zone.
 */
export function DateOverrides({
  scheduleId,
  overrides,
  timeZone,
}: {
  scheduleId: string;
  overrides: OverrideRow[];
  timeZone: string;
}) {
  const today = localDate(new Date(), timeZone);
  const [date, setDate] = useState('');
  const [dayOff, setDayOff] = useState(true);
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('12:00');
  const [formError, setFormError] = useState<string | null>(null);
  const add = useAddOverride();
  const remove = useRemoveOverride();
  const dates = overridesByDate(overrides);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // The date field's own minimum is not enforced (noValidate), so a typed past date gets here.
    const dateProblem = overrideDateError(date, localDate(new Date(), timeZone));
    if (dateProblem) {
      setFormError(dateProblem);
      return;
    }
    const span = dayOff ? null : { start, end };
    if (span) {
      const problem = spanErrors([span])[0];
      if (problem) {
        setFormError(problem);
        return;
      }
    }
    try {
      await add.mutateAsync({ scheduleId, date, span });
      toast({ title: dayOff ? 'Day off added' : 'Hours added' });
    } catch (error) {
      setFormError((error as Error).message);
    }
  };

  return (
    <section
      aria-labelledby="overrides-heading"
      className="flex flex-col gap-4 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <div>
        <h2 id="overrides-heading" className="font-display text-xl font-bold">
          Date overrides
        </h2>
        <p className="text-sm text-ink-muted">
          A day off, or other hours on one date; they replace that date's weekly hours (
          {timeZone.replaceAll('_', ' ')}).
        </p>
      </div>
      {dates.length === 0 ? (
        <p className="text-sm text-ink-muted">No overrides.</p>
      ) : (
        <ul aria-label="Date overrides" className="flex flex-col divide-y divide-brand-100">
          {dates.map((entry) => {
            const words = dateInWords(entry.date);
            return (
              <li key={entry.date} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div>
                  <p className="font-semibold">{words}</p>
                  <p className="text-sm text-ink-muted">
                    {entry.dayOff
                      ? 'Day off'
                      : entry.spans.map((span) => `${span.start}–${span.end}`).join(', ')}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove the override of ${words}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      { scheduleId, date: entry.date },
                      {
                        onSuccess: () => toast({ title: 'Override removed' }),
                        onError: (error) =>
                          toast({
                            title: "Couldn't remove the override",
                            description: error.message,
                            variant: 'destructive',
                          }),
                      },
                    )
                  }
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label="Add a date override"
        className="flex flex-col gap-3"
      >
        <Field label="Date">
          <Input type="date" min={today} value={date} onChange={(event) => setDate(event.target.value)} />
        </Field>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold">On that date</legend>
          <label className="flex min-h-[44px] items-center gap-3 text-sm">
            <input
              type="radio"
              name="override-kind"
              className="h-5 w-5 accent-brand-700"
              checked={dayOff}
              onChange={() => setDayOff(true)}
            />
            Day off
          </label>
          <label className="flex min-h-[44px] items-center gap-3 text-sm">
            <input
              type="radio"
              name="override-kind"
              className="h-5 w-5 accent-brand-700"
              checked={!dayOff}
              onChange={() => setDayOff(false)}
            />
            These hours
          </label>
        </fieldset>
        {dayOff ? null : (
          <div className="flex flex-wrap items-end gap-2">
            <TimeField id="override-start" label="From" value={start} onChange={setStart} />
            <TimeField id="override-end" label="Until" value={end} onChange={setEnd} />
          </div>
        )}
        {formError ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
            {formError}
          </p>
        ) : null}
        <div>
          <Button type="submit" size="sm" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add override'}
          </Button>
        </div>
      </form>
    </section>
  );
}
