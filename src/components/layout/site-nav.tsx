import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { NavLink, useLocation } from '@/lib/navigation';
import { siteNavLinks, type SiteNavLink } from '@/content/nav';
import { cn } from '@/lib/cn';
import { Logo } from './logo';
import { SectionLink } from './section-link';

export interface SiteNavProps {
  /** The account links at the end (the app layer passes them: login/sign-up, dashboard, waitlist). */
  accountLinks?: ReactNode;
}

const linkClass =
  'inline-flex min-h-[44px] items-center rounded-lg px-3 font-semibold text-ink hover:bg-brand-50 hover:text-brand-800';

function NavItem({ link, onNavigate }: { link: SiteNavLink; onNavigate?: () => void }) {
  if (link.kind === 'section') {
    return (
      <SectionLink section={link.section} className={linkClass} onNavigate={onNavigate}>
        {link.label}
      </SectionLink>
    );
  }
  return (
    <NavLink
      to={link.to}
      onClick={onNavigate}
      className={({ isActive }) => cn(linkClass, isActive && 'text-brand-800 underline underline-offset-4')}
    >
      {link.label}
    </NavLink>
  );
}

/** The shared site nav: logo, page links, account links; a disclosure menu on small screens. */
export function SiteNav({ accountLinks }: SiteNavProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A route change closes the menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // Any link or button chosen inside the menu (ours or the account links) closes it.
  const onMenuClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a, button')) setOpen(false);
  };

  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-cream/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Logo />
        <ul className="hidden items-center gap-1 lg:flex">
          {siteNavLinks.map((link) => (
            <li key={link.label}>
              <NavItem link={link} />
            </li>
          ))}
        </ul>
        {/* A fixed width: the links that replace the signed-out ones after load move nothing. */}
        <div className="hidden lg:flex lg:w-64 lg:justify-end">{accountLinks}</div>
        <button
          ref={buttonRef}
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-ink hover:bg-brand-50 lg:hidden"
          aria-expanded={open}
          aria-controls="site-nav-menu"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? (
            <X className="h-6 w-6" aria-hidden="true" />
          ) : (
            <Menu className="h-6 w-6" aria-hidden="true" />
          )}
          <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
      </nav>
      <div
        id="site-nav-menu"
        hidden={!open}
        onClick={onMenuClick}
        className="border-t border-brand-100 bg-cream px-4 pb-6 pt-2 shadow-lg lg:hidden"
      >
        <ul className="grid gap-1">
          {siteNavLinks.map((link) => (
            <li key={link.label}>
              <NavItem link={link} onNavigate={() => setOpen(false)} />
            </li>
          ))}
        </ul>
        {accountLinks && <div className="mt-4 border-t border-brand-100 pt-4">{accountLinks}</div>}
      </div>
    </header>
  );
}
