import { CalendarHeart, Sparkles, Star } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@/lib/navigation';
import { Button, buttonClasses } from '@/components/ui/button';
import { messages } from '@/content/messages';
import { useAtHomeTools } from '../api/get-at-home-tools';
import { useChildDashboard, type NextSession } from '../api/get-child-dashboard';
import { isRoomOpen, sessionDay } from '../lib/when';

/** The time now, every 15 seconds: the Join button wakes up on its own when the room opens. */
function useClock(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

function Card({
  icon,
  title,
  children,
  id,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="flex items-center gap-3 font-display text-2xl font-extrabold text-ink">
        {icon}
        {title}
      </h2>
      <div className="mt-4 text-lg text-ink">{children}</div>
    </section>
  );
}

function NextSessionCard({
  session,
  sessionHref,
}: {
  session: NextSession | null;
  sessionHref: (id: string) => string;
}) {
  const now = useClock();
  if (!session) {
    return (
      <Card
        id="child-next-session"
        title="Your next session"
        icon={<CalendarHeart className="h-8 w-8 text-brand-700" aria-hidden="true" />}
      >
        <p>No session is planned yet. Your grown-up will tell you when it is.</p>
      </Card>
    );
  }
  const open = isRoomOpen(session, now);
  return (
    <Card
      id="child-next-session"
      title="Your next session"
      icon={<CalendarHeart className="h-8 w-8 text-brand-700" aria-hidden="true" />}
    >
      <p className="font-display text-3xl font-extrabold text-brand-800">
        {sessionDay(session.startsAt, now)}
      </p>
      {session.coachFirstName ? <p className="mt-1">with {session.coachFirstName}</p> : null}
      <div className="mt-6">
        {open ? (
          <Link to={sessionHref(session.id)} className={buttonClasses({ size: 'lg', fullWidth: true })}>
            Join
          </Link>
        ) : (
          <>
            <Button size="lg" fullWidth disabled aria-describedby="child-join-help">
              Join
            </Button>
            <p id="child-join-help" className="mt-3 text-base text-ink-muted">
              The Join button wakes up a few minutes before your session.
            </p>
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * The child's home: big and simple. Their next session with a Join button (open a few minutes
 * before the start), their Ploom Points, and their at-home tools. Nothing else reaches a child:
 * the database gives this screen only these (rpc child_dashboard).
 */
export function ChildDashboard({
  sessionHref,
  atHomeTools,
}: {
  /** the child's way into a session's room */
  sessionHref: (sessionId: string) => string;
  /** replaces the list of at-home tools the coach set (AtHomeTools) */
  atHomeTools?: ReactNode;
}) {
  const query = useChildDashboard();
  if (query.isPending) return <p role="status">{messages.loading}</p>;
  if (query.isError || !query.data) {
    return (
      <p role="alert" className="rounded-3xl border border-sun-500 bg-sun-100 p-6 text-lg">
        Something went wrong. Ask your grown-up to help you reload the page.
      </p>
    );
  }
  const { firstName, points, next } = query.data;
  return (
    <div className="grid gap-6">
      <p className="font-display text-3xl font-extrabold text-ink sm:text-4xl">Hi {firstName}!</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <NextSessionCard session={next} sessionHref={sessionHref} />
        <Card
          id="child-points"
          title="Your Ploom Points"
          icon={<Star className="h-8 w-8 text-sun-500" aria-hidden="true" />}
        >
          <p>
            <span className="font-display text-5xl font-extrabold text-brand-800">{points}</span>{' '}
            <span className="text-xl">{points === 1 ? 'point' : 'points'}</span>
          </p>
          <p className="mt-2">You earn points at your sessions and when you practise at home.</p>
        </Card>
      </div>
      <Card
        id="child-tools"
        title="Your at-home tools"
        icon={<Sparkles className="h-8 w-8 text-brand-700" aria-hidden="true" />}
      >
        {atHomeTools ?? <AtHomeTools />}
      </Card>
    </div>
  );
}

/** The at-home tools the coach set for the child: a short title and what to do, in big type. */
export function AtHomeTools() {
  const query = useAtHomeTools();
  if (query.isPending) return <p role="status">{messages.loading}</p>;
  if (query.isError)
    return <p role="alert">We could not load your tools. Ask your grown-up to reload the page.</p>;
  if (query.data.length === 0) return <p>Your coach will add things to practise at home here.</p>;
  return (
    <ul className="grid gap-4">
      {query.data.map((tool) => (
        <li key={tool.id} className="rounded-2xl bg-brand-50 p-4">
          <p className="font-display text-xl font-bold text-ink">{tool.title}</p>
          {tool.instructions ? <p className="mt-1 text-lg">{tool.instructions}</p> : null}
        </li>
      ))}
    </ul>
  );
}
