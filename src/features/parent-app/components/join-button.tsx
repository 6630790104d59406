import { Video } from 'lucide-react';
import { Link } from '@/lib/navigation';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/use-now';
import { joinState, untilLabel } from '../lib/join';

/**
 * Join: a link to the session's page once its room is open (from 10 minutes before the start),
 * before that a disabled button saying when it opens.
 */
export function JoinButton({
  sessionId,
  opensAt,
  closesAt,
  childName,
}: {
  sessionId: string;
  opensAt: number;
  closesAt: number;
  childName: string;
}) {
  const now = useNow(15_000);
  const state = joinState(now, opensAt, closesAt);
  if (state === 'open') {
    return (
      <Link to={paths.appSession.href(sessionId)} className={buttonClasses({ size: 'md' })}>
        <Video className="h-5 w-5" aria-hidden="true" /> Join {childName}&apos;s session
      </Link>
    );
  }
  return (
    <div className="grid gap-1">
      <button type="button" disabled className={buttonClasses({ size: 'md' })}>
        <Video className="h-5 w-5" aria-hidden="true" /> Join
      </button>
      <p className="text-sm text-ink-muted">
        {state === 'early'
          ? `Join opens 10 minutes before the start (${untilLabel(now, opensAt)}).`
          : 'This session has ended.'}
      </p>
    </div>
  );
}
