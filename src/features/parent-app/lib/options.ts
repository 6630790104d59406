import type { Database } from '../../../types/database';

/** The parts of the day a family can prefer for its weekly session (preferred_session_times.day_part). */
export const dayParts = [
  { value: 'morning', label: 'Morning' },
  { value: 'afternoon', label: 'After school' },
  { value: 'evening', label: 'Evening' },
] as const satisfies readonly {
  value: Database['public']['Tables']['preferred_session_times']['Row']['day_part'];
  label: string;
}[];
export type DayPart = (typeof dayParts)[number]['value'];

/** ISO weekdays (1 = Monday), as preferred_session_times.weekday stores them. */
export const weekdays = [
  { value: 1, label: 'Monday', short: 'Mon' },
  { value: 2, label: 'Tuesday', short: 'Tue' },
  { value: 3, label: 'Wednesday', short: 'Wed' },
  { value: 4, label: 'Thursday', short: 'Thu' },
  { value: 5, label: 'Friday', short: 'Fri' },
  { value: 6, label: 'Saturday', short: 'Sat' },
  { value: 7, label: 'Sunday', short: 'Sun' },
] as const;

/** The ages the coaching is for. */
export const childAges = [7, 8, 9, 10, 11, 12] as const;

export interface PreferredTime {
  weekday: number;
  dayPart: DayPart;
}

export function preferredTimeLabel(time: PreferredTime): string {
  const day = weekdays.find((d) => d.value === time.weekday)?.label ?? '';
  const part = dayParts.find((p) => p.value === time.dayPart)?.label.toLowerCase() ?? '';
  return `${day} ${part}`;
}
