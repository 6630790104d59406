import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';

/** What a page that failed to render shows instead (see error-boundary.tsx). */
export function RouteErrorBoundary() {
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="font-display text-3xl font-bold">Something went wrong</h1>
      <p className="text-ink-muted">Sorry, this page could not be shown. Please reload, or go back home.</p>
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded-full border border-brand-700 px-5 py-2 font-semibold text-brand-700"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
        <Link to={paths.home} className="rounded-full bg-brand-700 px-5 py-2 font-semibold text-white">
          Back to home
        </Link>
      </div>
    </main>
  );
}
