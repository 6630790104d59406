/** One day of open times: its heading and its times (an instant, its label and its accessible name). */
export interface TimeChoiceDay {
  key: string;
  label: string;
  times: { at: number; label: string; name: string }[];
}

/**
 * Open times to choose from, one radio group per day: each time is a large pill (44 px high) whose
 * accessible name is the whole date and time, and the keyboard moves within a day with the arrows.
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
  return (
    <div className="grid gap-3" aria-busy={loading || undefined}>
      {days.map((day) => (
        <fieldset key={day.key} className="grid gap-2" disabled={loading}>
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
