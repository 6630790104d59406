import { useState } from 'react';

/** One day of open times: its heading and its times (an instant, its label and its accessible name). */
export interface TimeChoiceDay {
  key: string;
  label: string;
  times: { at: number; label: string; name: string }[];
}

/** "Mon, November 30" for "Monday, November 30": a day's button in the row of days. */
const shortDay = (label: string) => {
  const [weekday = '', ...rest] = label.split(',');
  return [weekday.slice(0, 3), ...rest].join(',');
};

/**
 * Open times to choose from, one radio group per day: each time is a large pill (44 px high) whose
 * accessible name is the whole date and time, and the keyboard moves within a day with the arrows.
 * On a phone it is day-first: a row of the week's days, then the chosen day's times only (a week of
 * times one under the other ran several screens long); from the md width on, every day shows.
 */
export function TimeChoices({
  days,
  picked,
  onPick,
  name,
  loading = false,
}: {
  days: TimeChoiceDay[];
  picked: number | null;
  onPick: (at: number) => void;
  /** the radio group's name, unique on the page */
  name: string;
  /** the times of the page before, shown while this page's load: none of them can be picked */
  loading?: boolean;
}) {
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  // the day chosen, else the day of the time picked, else the first day
  const shownDay =
    days.find((d) => d.key === chosenDay)?.key ??
    days.find((d) => d.times.some((t) => t.at === picked))?.key ??
    days[0]?.key;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-busy={loading || undefined}>
      {days.length > 1 ? (
        <div role="group" aria-label="Days with open times" className="flex flex-wrap gap-2 md:hidden">
          {days.map((day) => (
            <button
              key={day.key}
              type="button"
              aria-pressed={day.key === shownDay}
              onClick={() => setChosenDay(day.key)}
              className={
                'min-h-11 rounded-xl border-2 px-3 text-sm font-semibold ' +
                'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
                (day.key === shownDay
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-brand-100 bg-white text-brand-800 hover:bg-brand-50')
              }
            >
              {shortDay(day.label)}
              <span className="sr-only">
                {' '}
                ({day.times.length} open {day.times.length === 1 ? 'time' : 'times'})
              </span>
            </button>
          ))}
        </div>
      ) : null}
      {days.map((day) => (
        <fieldset
          key={day.key}
          className={day.key === shownDay ? 'grid gap-2' : 'hidden gap-2 md:grid'}
          disabled={loading}
        >
          <legend className="mb-1 font-semibold text-ink">{day.label}</legend>
          <div className="flex flex-wrap gap-2">
            {day.times.map((time) => {
              const checked = picked === time.at;
              return (
                <label
                  key={time.at}
                  className={
                    'relative inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 px-4 text-sm font-semibold ' +
                    'has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ' +
                    (checked
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-brand-700 bg-white text-brand-800 hover:bg-brand-50')
                  }
                >
                  <input
                    type="radio"
                    name={name}
                    className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
                    value={time.at}
                    checked={checked}
                    aria-label={time.name}
                    onChange={() => onPick(time.at)}
                  />
                  {time.label}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
