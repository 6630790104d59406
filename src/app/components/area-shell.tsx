import { LogOut, Menu, X } from 'lucide-react';
import { Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Link, NavLink, useLocation, useNavigate } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { cn } from '@/lib/cn';
import { useFirstReadsWaiting } from '@/lib/first-screen';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadingScreen } from '../loading-screen';

export interface AreaSection {
  to: string;
  label: string;
  /** Marks the section current only on its exact path (an area's home). */
  end?: boolean;
  /** Shown after the label, e.g. an unread count. */
  badge?: ReactNode;
}

/**
 * The frame of a signed-in area (admin, parent, child): who is signed in, the area's sections,
 * sign out, and the current screen (the nested route) below.
 */
export function AreaShell({ area, sections }: { area: string; sections: AreaSection[] }) {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const firstName = (user?.user_metadata?.first_name as string | undefined) ?? user?.email ?? '';
  return (
    <div className="min-h-screen bg-cream print:bg-white">
      <header className="border-b border-brand-100 bg-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3">
          <Link to={paths.home} className="font-display text-xl font-extrabold text-brand-700">
            {site.name}
          </Link>
          <p className="order-last w-full text-sm text-ink-muted sm:order-none sm:w-auto">
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
        <AreaNav area={area} sections={sections} />
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/**
 * The area's sections: a row of links on wider screens; on a phone a "Menu" button that opens them
 * as a list (every section in reach, none scrolled off the side). Choosing a section or pressing
 * Escape closes the list, and Escape gives the focus back to the button.
 */
function AreaNav({ area, sections }: { area: string; sections: AreaSection[] }) {
  const { pathname } = useLocation();
  // Open on the path it was opened at: a navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (next: boolean) => setOpenAt(next ? pathname : null);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const current = sections.find((section) =>
    section.end ? pathname === section.to : pathname === section.to || pathname.startsWith(`${section.to}/`),
  );
  return (
    <nav
      aria-label={`${area} sections`}
      className="mx-auto max-w-6xl px-4"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="mb-2 inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-100 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 md:hidden"
      >
        {open ? (
          <X className="h-4 w-4" aria-hidden="true" />
        ) : (
          <Menu className="h-4 w-4" aria-hidden="true" />
        )}
        Menu
        {current ? <span className="font-normal text-ink-muted">· {current.label}</span> : null}
      </button>
      <ul id={listId} className={cn('gap-1 pb-2 md:flex md:flex-wrap', open ? 'flex flex-col' : 'hidden')}>
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              onClick={() => setOpen(false)}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center whitespace-nowrap rounded-full px-3 text-sm font-semibold hover:bg-brand-50 hover:text-brand-800 md:inline-flex',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-muted',
                )
              }
            >
              {section.label}
              {section.badge}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A screen of a signed-in area: its title (the page's h1 and document title) and content. On a page
 * load's first screen both stay unpainted while its first reads are out (one second at most), then
 * come in one paint: the title with what it heads, never the content before its title (decision 214).
 */
export function AreaPage({
  area,
  title,
  description,
  actions,
  children,
}: {
  area: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  usePageMeta({
    title: `${title} · ${area}`,
    description: description ?? `${site.name} ${area.toLowerCase()}`,
  });
  const waiting = useFirstReadsWaiting();
  return (
    <>
      <div className={cn('flex flex-wrap items-end justify-between gap-4', waiting && 'invisible')}>
        <div>
          <h1 className="font-display text-3xl font-extrabold text-ink">{title}</h1>
          {description ? <p className="mt-1 text-ink-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      <div className={cn('mt-6', waiting && 'invisible')}>{children}</div>
    </>
  );
}
