import { Link } from '@/lib/navigation';
import { cn } from '@/lib/cn';

export type AccountTab = 'profile' | 'children' | 'notifications' | 'calendar' | 'data';

export interface AccountTabLink {
  tab: AccountTab;
  label: string;
  href: string;
}

/**
 * The account page's sections as links (the children's logins are their own route), so each is
 * addressable and the browser's back button works. The current one carries aria-current.
 */
export function AccountTabs({ links, current }: { links: AccountTabLink[]; current: AccountTab }) {
  return (
    <nav aria-label="Account sections" className="relative overflow-x-auto">
      <ul className="flex gap-1 border-b border-brand-100 pb-2">
        {links.map((link) => (
          <li key={link.tab}>
            <Link
              to={link.href}
              aria-current={link.tab === current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold hover:bg-brand-50 hover:text-brand-800',
                link.tab === current
                  ? 'bg-brand-700 text-white hover:bg-brand-800 hover:text-white'
                  : 'text-ink-muted',
              )}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
