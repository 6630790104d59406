import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import type { SessionRow } from '../api/get-sessions';
import { statusLabel } from '../lib/status';
import { formatLocalDate, formatTime, localDateTime } from '../lib/time';

/**
 * One session in its day: drawn again only when it, or whether it is the selected one, changes,
 * so opening a session repaints two buttons, not the whole week (an admin's week holds hundreds).
 */
const SessionButton = memo(function SessionButton({
  session,
  time,
  selected,
  onSelect,
}: {
  session: SessionRow;
  time: string;
  selected: boolean;
  onSelect: (session: SessionRow) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(session)}
        aria-pressed={selected}
        className={cn(
          'w-full min-h-11 rounded-xl px-2 py-1 text-left text-xs hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700',
          session.status === 'cancelled' ? 'bg-gray-100 text-ink-muted line-through' : 'bg-brand-50 text-ink',
          selected && 'ring-2 ring-brand-700',
        )}
      >
        <span className="block font-semibold">{time}</span>
        {session.child?.firstName ?? 'Child'} · {session.coach?.name ?? 'No coach'}
        {session.status !== 'scheduled' ? (
          <span className="block text-ink-muted">{statusLabel(session.status)}</span>
        ) : null}
      </button>
    </li>
  );
});

type DaySession = { session: SessionRow; time: string };
const noSessions: DaySession[] = [];

/** One day of the week: its heading and its sessions. */
const DayCell = memo(function DayCell({
  day,
  index,
  today,
  list,
  focused,
  selectedId,
  onSelect,
  onMove,
  onFocusDay,
  setCell,
}: {
  day: string;
  index: number;
  today: boolean;
  list: DaySession[];
  focused: boolean;
  /** the selected session, when it is one of this day's */
  selectedId?: string;
  onSelect: (session: SessionRow) => void;
  onMove: (event: KeyboardEvent<HTMLDivElement>, index: number) => void;
  onFocusDay: (index: number) => void;
  setCell: (index: number, element: HTMLDivElement | null) => void;
}) {
  const label = formatLocalDate(day);
  return (
    <div
      role="gridcell"
      ref={(el) => setCell(index, el)}
      tabIndex={focused ? 0 : -1}
      aria-label={`${label}${today ? ' (today)' : ''}, ${list.length} ${list.length === 1 ? 'session' : 'sessions'}`}
      onKeyDown={(event) => onMove(event, index)}
      onFocus={() => onFocusDay(index)}
      className={cn(
        'min-h-[160px] rounded-2xl border bg-white p-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700',
        today ? 'border-brand-700' : 'border-brand-100',
      )}
    >
      <p className="px-1 text-sm font-bold text-ink" aria-hidden="true">
        {label.split(',')[0]}
        <span className="block text-xs font-normal text-ink-muted">{label.split(', ')[1]}</span>
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {list.map(({ session, time }) => (
          <SessionButton
            key={session.id}
            session={session}
            time={time}
            selected={session.id === selectedId}
            onSelect={onSelect}
          />
        ))}
      </ul>
    </div>
  );
});

/**
 * The week as a grid of seven days (Monday first) in the viewer's zone. The days form one row of a
 * keyboard grid: Left/Right (and Home/End) move between days, Tab enters the day's sessions.
 */
export const WeekCalendar = memo(function WeekCalendar({
  days,
  today,
  stale = false,
  sessions,
  timeZone,
  selectedId,
  onSelect,
}: {
  days: string[];
  today: string;
  /** the week asked for is still on its way: this one is shown dimmed meanwhile */
  stale?: boolean;
  sessions: SessionRow[];
  timeZone: string;
  selectedId?: string;
  onSelect: (session: SessionRow) => void;
}) {
  const [focused, setFocused] = useState(() => Math.max(0, days.indexOf(today)));
  const cells = useRef<(HTMLDivElement | null)[]>([]);
  // Each session's day and time, worked out once per list (Intl is slow with hundreds of them).
  const byDay = useMemo(() => {
    const grouped = new Map<string, DaySession[]>();
    for (const session of sessions) {
      const at = new Date(session.startsAt);
      const { date } = localDateTime(at, timeZone);
      const list = grouped.get(date) ?? [];
      list.push({ session, time: formatTime(at, timeZone).split(' (')[0] });
      grouped.set(date, list);
    }
    return grouped;
  }, [sessions, timeZone]);

  // Stable for the calendar's life, so a day is drawn again only when its own sessions, its focus
  // or its selected session change (opening a session redraws one day, not all seven).
  const move = useCallback((event: KeyboardEvent<HTMLDivElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    const next =
      event.key === 'ArrowRight'
        ? Math.min(index + 1, 6)
        : event.key === 'ArrowLeft'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? 6
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setFocused(next);
    cells.current[next]?.focus();
  }, []);
  const setCell = useCallback((index: number, element: HTMLDivElement | null) => {
    cells.current[index] = element;
  }, []);

  return (
    <div
      role="grid"
      aria-label="Sessions this week"
      aria-readonly="true"
      aria-busy={stale || undefined}
      // Its own compositing layer: dimming the week (hundreds of sessions) while the next one comes
      // changes the layer's opacity, without painting every session again in the press's frame.
      className={cn(
        'relative overflow-x-auto transition-opacity [will-change:opacity]',
        stale && 'opacity-60',
      )}
    >
      <div role="row" className="grid min-w-[840px] grid-cols-7 gap-2">
        {days.map((day, index) => {
          const list = byDay.get(day) ?? noSessions;
          return (
            <DayCell
              key={day}
              day={day}
              index={index}
              today={day === today}
              list={list}
              focused={index === focused}
              selectedId={
                selectedId && list.some((s) => s.session.id === selectedId) ? selectedId : undefined
              }
              onSelect={onSelect}
              onMove={move}
              onFocusDay={setFocused}
              setCell={setCell}
            />
          );
        })}
      </div>
    </div>
  );
});
