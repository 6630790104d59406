/** A count beside a nav link, read out as "3 unread". Nothing when there is nothing unread. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-2 text-xs font-bold text-white">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
