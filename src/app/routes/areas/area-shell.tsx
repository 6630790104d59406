import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { usePageMeta } from '@/lib/use-page-meta';

export interface AreaSection {
  to: string;
  label: string;
}

/**
 * The frame of the signed-in areas (admin, parent, child): who is signed in, the area's sections,
 * sign out. Each section's own screens are described in later work; until then a section shows
 * what it will hold.
 */
export function AreaShell({
  area,
  title,
  sections,
  children,
}: {
  area: string;
  title: string;
  sections: AreaSection[];
  children: ReactNode;
}) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  usePageMeta({ title: `${title} · ${area}`, description: `${site.name} ${area.toLowerCase()}` });
  const firstName = (user?.user_metadata?.first_name as string | undefined) ?? user?.email ?? '';
  return (
    <div className="min-h-screen bg-cream">
      <header className="border-b border-brand-100 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to={paths.home} className="font-display text-xl font-extrabold text-brand-700">
            {site.name}
          </Link>
          <p className="text-sm text-ink-muted">
            {area} · signed in as <span className="font-semibold text-ink">{firstName}</span>
          </p>
          <button
            type="button"
            onClick={async () => {
              await signOut();
              navigate(paths.home);
            }}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-700 px-4 font-semibold text-brand-700 hover:bg-brand-50"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> Sign Out
          </button>
        </div>
        <nav aria-label={`${area} sections`} className="mx-auto max-w-6xl overflow-x-auto px-4">
          <ul className="flex gap-1 pb-2">
            {sections.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-3 text-sm font-semibold text-ink-muted hover:bg-brand-50 hover:text-brand-800"
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="font-display text-3xl font-extrabold text-ink">{title}</h1>
        <div className="mt-4 text-ink-muted">{children}</div>
      </main>
    </div>
  );
}
