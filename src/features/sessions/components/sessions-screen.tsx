import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useSessionOptions } from '../api/get-session-options';
import { sessionsQueryOptions, useSessions, type SessionFilters, type SessionRow } from '../api/get-sessions';
import {
  addDays,
  formatLocalDate,
  localDateTime,
  mondayOf,
  viewerTimeZone,
  weekOf,
  zonedToUtc,
  zoneDescription,
} from '../lib/time';
import { parseSessionsView, sessionsViewToSearch, type SessionsView } from '../lib/session-filters';
import { useLoadWhenDrawn } from '@/lib/first-screen';
import { preloadSessionDetails, SessionDetails, type SessionPracticeSlot } from './session-details';
import { SessionList, type ListFilters } from './session-list';
import { WeekCalendar } from './week-calendar';

/** The booking form and its validation: loaded when booking starts (or once the screen is idle). */
const loadBookSessionDialog = () => import('./book-session-dialog');
const BookSessionDialog = lazy(() => loadBookSessionDialog().then((m) => ({ default: m.BookSessionDialog })));

const PAGE_SIZE = 20;
const noSessions: SessionRow[] = [];

/** The most sessions the week calendar lays out; past it, the screen says so and offers the coach filter. */
const WEEK_LIMIT = 500;
const countFormat = new Intl.NumberFormat();

/** The week calendar's query: the week's sessions (what RLS lets the viewer read), of one coach if chosen. */
function weekFilters(monday: string, timeZone: string, coachId: string): SessionFilters {
  const week = weekOf(monday, timeZone);
  return {
    from: week.from.toISOString(),
    to: week.to.toISOString(),
    coachId: coachId || undefined,
    pageSize: WEEK_LIMIT,
  };
}

/**
 * The coach filter above the week: memoized, so a press on the screen (a session opened, the next
 * week) does not go through every coach's option again (an admin has hundreds).
 */
const CoachFilter = memo(function CoachFilter({
  value,
  coaches,
  onChange,
}: {
  value: string;
  coaches: { id: string; name: string }[] | undefined;
  onChange: (coachId: string) => void;
}) {
  return (
    <div className="mb-3 max-w-xs">
      <Field label="Coach">
        <Select value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">All coaches</option>
          {(coaches ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
});

/**
 * /admin/sessions: the week calendar and the list of coaching sessions. Row level security decides
 * which sessions come back (a coach's own, an admin's all); `canBook` shows the booking action,
 * which only admins have. Times are shown in the viewer's zone, named.
 */
export function SessionsScreen({
  canBook,
  showCoachFilter,
  roomHref,
  renderPractice,
}: {
  canBook: boolean;
  showCoachFilter: boolean;
  roomHref: (sessionId: string) => string;
  renderPractice?: SessionPracticeSlot;
}) {
  const timeZone = useMemo(() => viewerTimeZone(), []);
  const today = localDateTime(new Date(), timeZone).date;
  // What a press opens (a session's forms, the booking form) loads once the screen is drawn and idle.
  useLoadWhenDrawn(
    useCallback(() => {
      preloadSessionDetails();
      if (canBook) void loadBookSessionDialog().catch(() => undefined);
    }, [canBook]),
  );
  // The view and its filters live in the URL (lib/session-filters), so links and back/forward work;
  // useLocation/useNavigate rather than useSearchParams keeps the router's entry chunk as it is.
  const location = useLocation();
  const go = useNavigate();
  const viewState = parseSessionsView(new URLSearchParams(location.search), today);
  const { view } = viewState;
  const filters: ListFilters = viewState;
  const navigate = (patch: Partial<SessionsView>) =>
    go({ search: sessionsViewToSearch({ ...viewState, ...patch }, today) });
  const setView = (next: SessionsView['view']) => navigate({ view: next });
  // The address changes in a transition (lib/navigation): the week pressed for shows at once, its
  // heading first, until the address has caught up (or moved elsewhere, e.g. back).
  const [pressed, setPressed] = useState<{ monday: string; from: string } | null>(null);
  const monday = pressed && pressed.from === location.search ? pressed.monday : viewState.monday;
  const queryClient = useQueryClient();
  const setMonday = (next: string) => {
    void queryClient.prefetchQuery(sessionsQueryOptions(weekFilters(next, timeZone, filters.coachId)));
    setPressed({ monday: next, from: location.search });
    navigate({ monday: next });
  };
  const setFilters = (next: ListFilters) => navigate(next);
  const [selected, setSelected] = useState<SessionRow | null>(null);
  const [booking, setBooking] = useState(false);
  const options = useSessionOptions();

  // The calendar follows the week a moment later, so the press paints its answer (the new week's
  // heading) without waiting for hundreds of sessions to be laid out; the old week dims meanwhile.
  const calendarMonday = useDeferredValue(monday);
  const week = useMemo(() => weekOf(calendarMonday, timeZone), [calendarMonday, timeZone]);
  const weekQuery = useSessions(weekFilters(calendarMonday, timeZone, filters.coachId));
  const weekRows = weekQuery.isPlaceholderData ? undefined : weekQuery.data?.rows;
  // The weeks either side are fetched ahead, so Next and Previous find their sessions waiting.
  useEffect(() => {
    if (view !== 'week' || !weekQuery.isSuccess) return;
    for (const next of [addDays(calendarMonday, 7), addDays(calendarMonday, -7)])
      void queryClient.prefetchQuery(sessionsQueryOptions(weekFilters(next, timeZone, filters.coachId)));
  }, [view, calendarMonday, timeZone, filters.coachId, weekQuery.isSuccess, queryClient]);
  const listQuery = useSessions({
    coachId: filters.coachId || undefined,
    childId: filters.childId || undefined,
    status: filters.status || undefined,
    from: filters.fromDate ? zonedToUtc(filters.fromDate, '00:00', timeZone).toISOString() : undefined,
    to: filters.toDate ? zonedToUtc(addDays(filters.toDate, 1), '00:00', timeZone).toISOString() : undefined,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const current = selected
    ? ([...(weekQuery.data?.rows ?? []), ...(listQuery.data?.rows ?? [])].find((s) => s.id === selected.id) ??
      selected)
    : null;
  const error = weekQuery.error ?? listQuery.error ?? options.error;
  // The details open below the calendar or the list, often far below the row that opened them:
  // they are scrolled into view and take the focus, and closing them gives it back to that row.
  const details = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const currentId = current?.id;
  useEffect(() => {
    if (!currentId) return;
    details.current?.scrollIntoView({ block: 'start' });
    details.current?.focus({ preventScroll: true });
  }, [currentId]);
  // One function for the screen's life: the calendar's session buttons are memoized on it.
  const select = useCallback((session: SessionRow) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelected(session);
  }, []);
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  });
  const onCoach = useCallback((coachId: string) => navigateRef.current({ coachId }), []);
  const closeDetails = () => {
    setSelected(null);
    if (opener.current?.isConnected) opener.current.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted">
          Times in your time zone:{' '}
          <strong className="text-ink">{zoneDescription(new Date(), timeZone)}</strong>
        </p>
        <div className="flex flex-wrap gap-2">
          <div role="group" aria-label="View" className="flex rounded-full border border-brand-700 p-0.5">
            {(['week', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={cn(
                  'min-h-10 rounded-full px-4 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700',
                  view === v ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50',
                )}
              >
                {v === 'week' ? 'Week' : 'List'}
              </button>
            ))}
          </div>
          {canBook ? (
            <Button size="sm" onClick={() => setBooking(true)} disabled={!options.data}>
              Book a session
            </Button>
          ) : null}
        </div>
      </div>

      {error ? (
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800">
          The sessions could not be loaded. Please reload the page.
        </p>
      ) : null}

      {view === 'week' ? (
        <section aria-labelledby="week-title">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="week-title" className="font-display text-xl font-bold text-ink">
              Week of {formatLocalDate(monday)}
            </h2>
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => setMonday(addDays(monday, -7))}>
                <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous week
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setMonday(mondayOf(today))}>
                Today
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setMonday(addDays(monday, 7))}>
                Next week <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </div>
          {showCoachFilter ? (
            <CoachFilter value={filters.coachId} coaches={options.data?.coaches} onChange={onCoach} />
          ) : null}
          {weekQuery.data && weekQuery.data.total > weekQuery.data.rows.length ? (
            <p role="status" className="mb-3 rounded-2xl bg-amber-50 p-3 text-sm text-ink">
              Showing the first {countFormat.format(weekQuery.data.rows.length)} of{' '}
              {countFormat.format(weekQuery.data.total)} sessions this week.
              {showCoachFilter ? ' Choose a coach to see all of theirs.' : ''}
            </p>
          ) : null}
          <WeekCalendar
            key={calendarMonday}
            days={week.days}
            today={today}
            stale={calendarMonday !== monday || weekQuery.isPlaceholderData}
            sessions={weekRows ?? noSessions}
            timeZone={timeZone}
            selectedId={current?.id}
            onSelect={select}
          />
        </section>
      ) : (
        <section aria-label="Session list">
          <SessionList
            filters={filters}
            onFiltersChange={setFilters}
            rows={listQuery.data?.rows ?? []}
            total={listQuery.data?.total ?? 0}
            pageSize={PAGE_SIZE}
            loading={listQuery.isPending}
            coaches={options.data?.coaches ?? []}
            kids={options.data?.children ?? []}
            showCoachFilter={showCoachFilter}
            timeZone={timeZone}
            onSelect={select}
          />
        </section>
      )}

      {current ? (
        <div
          ref={details}
          tabIndex={-1}
          role="group"
          aria-labelledby="session-details-title"
          className="scroll-mt-4 rounded-3xl focus:outline-none"
        >
          <SessionDetails
            key={current.id}
            session={current}
            timeZone={timeZone}
            roomHref={roomHref(current.id)}
            onClose={closeDetails}
            renderPractice={renderPractice}
          />
        </div>
      ) : null}

      {canBook && options.data && booking ? (
        <Suspense fallback={null}>
          <BookSessionDialog
            open
            onOpenChange={setBooking}
            coaches={options.data.coaches}
            kids={options.data.children}
            timeZone={timeZone}
            defaultDate={addDays(today, 1)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
