import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { dayParts, weekdays } from '../lib/options';

/** The value of one preferred-time checkbox: "<weekday>:<dayPart>". */
export const timeValue = (weekday: number, dayPart: string) => `${weekday}:${dayPart}`;

export function parseTimeValues(values: string[]) {
  return values.map((value) => {
    const [weekday, dayPart] = value.split(':');
    return { weekday: Number(weekday), dayPart: dayPart as (typeof dayParts)[number]['value'] };
  });
}

/**
 * A week of checkboxes (weekday × part of the day) registered as one string[] field. On a phone
 * each weekday is a row with three boxes; each box is labelled "Monday after school" for screen readers.
 */
export function PreferredTimesFields({
  register,
  error,
  legend = 'Preferred session times',
}: {
  register: UseFormRegisterReturn;
  error?: string;
  legend?: string;
}) {
  const errorId = `${useId()}-times-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <p className="text-sm text-ink-muted">
        Sessions are 30 minutes, once a week or more. Pick every time that could work: your coach books the
        weekly slot from these.
      </p>
      <table className="w-full max-w-lg text-sm">
        <thead>
          <tr>
            <th scope="col" className="py-1 text-left font-semibold text-ink-muted">
              <span className="sr-only">Day</span>
            </th>
            {dayParts.map((part) => (
              <th key={part.value} scope="col" className="py-1 text-center font-semibold text-ink-muted">
                {part.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weekdays.map((day) => (
            <tr key={day.value} className="border-t border-brand-100">
              <th scope="row" className="py-1 text-left font-semibold text-ink">
                {day.label}
              </th>
              {dayParts.map((part) => (
                <td key={part.value} className="text-center">
                  <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
                    <input
                      type="checkbox"
                      value={timeValue(day.value, part.value)}
                      aria-label={`${day.label} ${part.label.toLowerCase()}`}
                      className="h-5 w-5 rounded border-ink-muted accent-brand-700"
                      {...register}
                    />
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
