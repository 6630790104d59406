import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/navigation';
import { SessionRoom, type SessionRoomProps } from './session-room';

export interface SessionRoomPageProps extends SessionRoomProps {
  /** where "Back" leads (the viewer's area) */
  backHref: string;
  backLabel?: string;
}

/** The session room as a whole screen's content: a way back, then the room. */
export function SessionRoomPage({ backHref, backLabel = 'Back', ...room }: SessionRoomPageProps) {
  return (
    <div className="grid gap-4">
      <Link
        to={backHref}
        className="inline-flex min-h-11 w-fit items-center gap-2 rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {backLabel}
      </Link>
      <SessionRoom {...room} />
    </div>
  );
}
