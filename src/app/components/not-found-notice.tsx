import { Link } from '@/lib/navigation';

/**
 * What a screen for one thing (a family, a conversation) shows when its address names none: the
 * reason and the way back to the list, and nothing to act on.
 */
export function NotFoundNotice({
  message,
  backHref,
  backLabel,
}: {
  message: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <div className="space-y-4">
      <p className="rounded-2xl border border-brand-100 bg-white p-4 text-ink-muted" data-testid="not-found">
        {message}
      </p>
      <Link to={backHref} className="font-semibold text-brand-800 underline underline-offset-4">
        {backLabel}
      </Link>
    </div>
  );
}
