import { useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { TimeField } from './time-field';
import { toast } from '@/components/ui/toast-store';
import type { Host } from '../api/get-hosts';
import { useSaveWeek } from '../api/save-week';
import { timeZoneOptions } from '../lib/slots';
import {
  defaultSpan,
  nextSpan,
  weekdayNames,
  weekdays,
  weekErrors,
  weekFromRows,
  type HoursRow,
  type Meeting,
  type Span,
  type WeekDraft,
  type Weekday,
} from '../lib/week';

/**
 * The weekly hours, as cal.com shows them: a switch and the spans of each weekday, in the host's
 * own zone. A save the form or the database refuses keeps everything typed.
 */
export function WeeklyHoursForm({
  host,
  hours,
  initialTimeZone,
}: {
  host: Host;
  hours: HoursRow[];
  initialTimeZone: string;
}) {
  const [week, setWeek] = useState<WeekDraft>(() => weekFromRows(hours));
  const [timeZone, setTimeZone] = useState(initialTimeZone);
  const [checked, setChecked] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useSaveWeek();
  const errors = checked ? weekErrors(week) : {};
  const zones = timeZoneOptions(timeZone);
  // A coach who takes intro calls gives each span to family sessions or to intro calls, never both.
  const choosesMeeting = Boolean(host.coachId) && host.takesIntroCalls;

  const setDay = (day: Weekday, change: (spans: Span[], on: boolean) => { on: boolean; spans: Span[] }) =>
    setWeek((current) => ({ ...current, [day]: change(current[day].spans, current[day].on) }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    setSaveError(null);
    if (Object.keys(weekErrors(week)).length > 0) {
      setSaveError('Some hours need fixing before they can be saved (see the days marked below).');
      return;
    }
    try {
      await save.mutateAsync({ host, timeZone, week });
      toast({ title: 'Hours saved' });
    } catch (error) {
      setSaveError((error as Error).message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="weekly-hours-heading"
      className="flex flex-col gap-4 rounded-2xl border border-brand-100 bg-white p-4"
    >
      <h2 id="weekly-hours-heading" className="font-display text-xl font-bold">
        Weekly hours
      </h2>
      {choosesMeeting ? (
        <p className="text-sm text-ink-muted">
          Families book only the hours for family sessions; intro calls are offered only in the hours marked
          for them.
        </p>
      ) : null}
      <Field label="Time zone" hint="The hours below are wall-clock times in this zone, all year round.">
        <Select value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </Select>
      </Field>
      <ul className="flex flex-col divide-y divide-brand-100">
        {weekdays.map((day) => {
          const name = weekdayNames[day];
          const { on, spans } = week[day];
          const dayErrors = errors[day] ?? {};
          return (
            <li key={day} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
              <label className="flex min-h-[44px] w-36 shrink-0 cursor-pointer items-center gap-3 text-sm font-semibold">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand-700"
                  checked={on}
                  onChange={(event) =>
                    setDay(day, (current) => ({
                      on: event.target.checked,
                      spans: event.target.checked && current.length === 0 ? [defaultSpan] : current,
                    }))
                  }
                />
                {name}
              </label>
              {on ? (
                <div className="flex flex-1 flex-col gap-2">
                  {spans.map((span, index) => {
                    const nth = spans.length > 1 ? ` (${index + 1})` : '';
                    const error = dayErrors[index];
                    const errorId = `hours-${day}-${index}-error`;
                    const update = <K extends keyof Span>(field: K, value: Span[K]) =>
                      setDay(day, (current, dayOn) => ({
                        on: dayOn,
                        spans: current.map((s, i) => (i === index ? { ...s, [field]: value } : s)),
                      }));
                    return (
                      <div key={index} className="flex flex-col gap-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <TimeField
                            id={`hours-${day}-${index}-start`}
                            label={`${name} from${nth}`}
                            hideLabel
                            value={span.start}
                            invalid={Boolean(error)}
                            describedBy={error ? errorId : undefined}
                            onChange={(value) => update('start', value)}
                          />
                          <span aria-hidden="true">–</span>
                          <TimeField
                            id={`hours-${day}-${index}-end`}
                            label={`${name} until${nth}`}
                            hideLabel
                            value={span.end}
                            invalid={Boolean(error)}
                            describedBy={error ? errorId : undefined}
                            onChange={(value) => update('end', value)}
                          />
                          {choosesMeeting ? (
                            <Select
                              aria-label={`${name} for${nth}`}
                              className="w-44"
                              value={span.meeting ?? 'coaching_session'}
                              onChange={(event) => {
                                const meeting = event.target.value as Meeting;
                                update('meeting', meeting === 'intro_call' ? meeting : undefined);
                              }}
                            >
                              <option value="coaching_session">Family sessions</option>
                              <option value="intro_call">Intro calls</option>
                            </Select>
                          ) : null}
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            aria-label={`Remove ${name} ${span.start}–${span.end}`}
                            onClick={() =>
                              setDay(day, (current) => {
                                const rest = current.filter((_, i) => i !== index);
                                return { on: rest.length > 0, spans: rest };
                              })
                            }
                          >
                            <Trash2 aria-hidden="true" className="h-4 w-4" />
                          </Button>
                        </div>
                        {error ? (
                          <p id={errorId} className="text-sm font-medium text-red-700">
                            {error}
                          </p>
                        ) : null}
                      </div>
                    );
                  })}
                  <div>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        setDay(day, (current) => ({ on: true, spans: [...current, nextSpan(current)] }))
                      }
                    >
                      <Plus aria-hidden="true" className="h-4 w-4" />
                      Add hours on {name}
                    </Button>
                  </div>
                </div>
              ) : (
                <p className="flex min-h-[44px] items-center text-sm text-ink-muted">Unavailable</p>
              )}
            </li>
          );
        })}
      </ul>
      {saveError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {saveError}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save hours'}
        </Button>
      </div>
    </form>
  );
}
