import { useRef } from 'react';
import { Button } from '@/components/ui/button';

/** How many pages `total` rows make, `pageSize` a page (one page at least, even when empty). */
function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Previous / next over a list paged on the server, with where we are ("Page 2 of 4 · 75 leads").
 * Pages count from 1, as the visitor reads them and as they stand in a URL (`?page=2`).
 */
export function Pagination({
  page,
  pageSize,
  total,
  noun,
  label,
  onPage,
}: {
  /** The page shown, from 1. */
  page: number;
  pageSize: number;
  /** Rows in the whole list. */
  total: number;
  /** What a row is, singular and plural: `['lead', 'leads']`. */
  noun: readonly [string, string];
  /** The navigation landmark's name ("Leads pages"). */
  label: string;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total, pageSize);
  const nav = useRef<HTMLElement>(null);
  // A page is read from its first row: the list (just above) comes back into view if it was
  // scrolled past. The screen itself stays where it is, as for any change of its query.
  const turn = (to: number) => {
    onPage(to);
    const list = nav.current?.previousElementSibling;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView?.({ block: 'start' });
  };
  return (
    <nav ref={nav} aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => turn(page - 1)}>
        Previous page
      </Button>
      <p className="text-center text-sm text-ink-muted" aria-live="polite">
        Page {page} of {pages} · {total} {total === 1 ? noun[0] : noun[1]}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => turn(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
