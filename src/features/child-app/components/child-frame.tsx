import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation';

/**
 * The frame of a child's own area: warm, big and simple. The Ploom name leads home (the child's
 * dashboard), one big button signs out; no tabs, no account words. The screen goes below.
 */
export function ChildFrame({
  homeHref,
  onSignOut,
  children,
}: {
  homeHref: string;
  onSignOut: () => void;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-sun-100">
      <header className="bg-brand-700">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-4">
          <Link
            to={homeHref}
            className="rounded-full font-display text-3xl font-extrabold text-white focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-sun-400"
          >
            Ploom
          </Link>
          <button
            type="button"
            onClick={onSignOut}
            className="inline-flex min-h-12 items-center gap-2 rounded-full bg-white px-5 text-lg font-bold text-brand-800 hover:bg-brand-50 focus-visible:outline focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-sun-400"
          >
            <LogOut className="h-5 w-5" aria-hidden="true" /> Sign Out
          </button>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-8">
        {children}
      </main>
    </div>
  );
}
