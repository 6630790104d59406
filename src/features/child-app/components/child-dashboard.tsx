import { CalendarHeart, Gift, Sparkles, Star, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation';
import { Button, buttonClasses } from '@/components/ui/button';
import { messages } from '@/content/messages';
import { usePageMeta } from '@/lib/use-page-meta';
import { useNow } from '@/lib/use-now';
import { useAtHomeTools } from '../api/get-at-home-tools';
import { useMyRewards, type MyReward } from '../api/get-my-rewards';
import { useChildDashboard, type NextSession } from '../api/get-child-dashboard';
import { useMyGoals } from '../api/get-my-goals';
import { isRoomOpen, sessionDay } from '../lib/when';

function Card({
  icon,
  title,
  children,
  id,
  className = '',
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  id: string;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-[2rem] border-4 border-white bg-white p-6 shadow-md sm:p-8 ${className}`}
    >
      <h2 id={id} className="flex items-center gap-3 font-display text-3xl font-extrabold text-ink">
        {icon}
        {title}
      </h2>
      <div className="mt-4 text-xl leading-relaxed text-ink">{children}</div>
    </section>
  );
}

function NextSessionCard({
  session,
  timeZone,
  sessionHref,
}: {
  session: NextSession | null;
  /** the family's time zone */
  timeZone: string;
  sessionHref: (id: string) => string;
}) {
  // Every 15 seconds: the Join button wakes up on its own when the room opens.
  const now = useNow(15_000);
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
      <p className="font-display text-4xl font-extrabold text-brand-800 sm:text-5xl">
        {sessionDay(session.startsAt, now, timeZone)}
      </p>
      {session.coachFirstName ? <p className="mt-2 text-2xl">with {session.coachFirstName}</p> : null}
      <div className="mt-6">
        {open ? (
          <Link
            to={sessionHref(session.id)}
            className={`${buttonClasses({ size: 'lg', fullWidth: true })} min-h-16 text-2xl`}
          >
            Join
          </Link>
        ) : (
          <>
            <Button
              size="lg"
              fullWidth
              disabled
              aria-describedby="child-join-help"
              className="min-h-16 text-2xl"
            >
              Join
            </Button>
            <p id="child-join-help" className="mt-3 text-lg text-ink-muted">
              The Join button wakes up a few minutes before your session.
            </p>
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * The child's home: big, warm and simple. Their next session, biggest, with a Join button (open a
 * few minutes before the start), their Ploom Points, the rewards their grown-up set and how close
 * they are to each, and their at-home tools. Nothing else reaches a child: the database gives this
 * screen only these (rpc child_dashboard, and RLS on family_rewards and at_home_tools).
 */
export function ChildDashboard({
  sessionHref,
  atHomeTools,
  rewards,
}: {
  /** the child's way into a session's room */
  sessionHref: (sessionId: string) => string;
  /** replaces the list of at-home tools the coach set (AtHomeTools) */
  atHomeTools?: ReactNode;
  /** replaces the list of rewards the parent set (Rewards) */
  rewards?: ReactNode;
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
  const { firstName, points, next, timeZone } = query.data;
  return (
    <div className="grid gap-6">
      <Greeting firstName={firstName} />
      <NextSessionCard session={next} timeZone={timeZone} sessionHref={sessionHref} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card
          id="child-points"
          title="Your Ploom Points"
          icon={<Star className="h-10 w-10 fill-sun-400 text-sun-500" aria-hidden="true" />}
        >
          <p>
            <span className="font-display text-7xl font-extrabold text-brand-800">{points}</span>{' '}
            <span className="text-2xl font-bold">{points === 1 ? 'point' : 'points'}</span>
          </p>
          <p className="mt-2">You get points at your sessions and when you practise at home.</p>
        </Card>
        <Card
          id="child-rewards"
          title="Your rewards"
          icon={<Gift className="h-10 w-10 text-brand-700" aria-hidden="true" />}
        >
          {rewards ?? <Rewards points={points} />}
        </Card>
      </div>
      <MyGoalsCard />
      <Card
        id="child-tools"
        title="Your at-home tools"
        icon={<Sparkles className="h-10 w-10 text-brand-700" aria-hidden="true" />}
      >
        {atHomeTools ?? <AtHomeTools />}
      </Card>
    </div>
  );
}

/** The child's own goals from the family plan, in their words, with the steps done so far. */
function MyGoalsCard() {
  const goals = useMyGoals();
  // no plan shared yet: nothing to show a child
  if (!goals.data?.length) return null;
  return (
    <Card
      id="child-goals"
      title="My goals"
      icon={<Target className="h-10 w-10 text-brand-700" aria-hidden="true" />}
    >
      <ul className="grid gap-4">
        {goals.data.map((g, i) => (
          <li key={i} className="rounded-2xl bg-brand-50 p-4">
            <p className="font-display text-2xl font-bold text-ink" data-free-text>
              {g.goal}
            </p>
            {g.milestones > 0 ? (
              <p className="mt-1 text-xl">
                {g.done} of {g.milestones} steps done{g.done === g.milestones ? '. Amazing!' : ''}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The page's one heading, big: the child's name. */
function Greeting({ firstName }: { firstName: string }) {
  usePageMeta({ title: `Hi ${firstName}!`, description: 'Your next session, your points and your rewards.' });
  return (
    <h1 className="font-display text-4xl font-extrabold text-ink sm:text-5xl">
      Hi {firstName}! <span aria-hidden="true">👋</span>
    </h1>
  );
}

/**
 * The rewards the child's grown-up set, each with how far the child's points have come: a bar and
 * the points still to go, in words a 7-year-old reads.
 */
export function Rewards({ points }: { points: number }) {
  const query = useMyRewards();
  if (query.isPending) return <p role="status">{messages.loading}</p>;
  if (query.isError)
    return <p role="alert">We could not load your rewards. Ask your grown-up to reload the page.</p>;
  if (query.data.length === 0) return <p>Ask your grown-up to choose a reward for your points!</p>;
  return (
    <ul className="grid gap-5">
      {query.data.map((reward) => (
        <RewardItem key={reward.id} reward={reward} points={points} />
      ))}
    </ul>
  );
}

function RewardItem({ reward, points }: { reward: MyReward; points: number }) {
  const have = Math.min(points, reward.pointsCost);
  const left = reward.pointsCost - have;
  const percent = Math.round((have / reward.pointsCost) * 100);
  return (
    <li className="rounded-2xl bg-sun-100 p-4">
      <p className="font-display text-2xl font-bold text-ink" data-free-text>
        {reward.title}
      </p>
      <div
        role="progressbar"
        aria-label={reward.title}
        aria-valuemin={0}
        aria-valuemax={reward.pointsCost}
        aria-valuenow={have}
        aria-valuetext={`${have} of ${reward.pointsCost} points`}
        className="mt-3 h-6 overflow-hidden rounded-full border-2 border-brand-700 bg-white"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-lg font-semibold">
        {left === 0
          ? 'You did it! Ask your grown-up for it.'
          : `${have} of ${reward.pointsCost} points. ${left} more ${left === 1 ? 'point' : 'points'} to go!`}
      </p>
    </li>
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
          <p className="font-display text-2xl font-bold text-ink" data-free-text>
            {tool.title}
          </p>
          {tool.instructions ? (
            <p className="mt-1 text-xl" data-free-text>
              {tool.instructions}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
