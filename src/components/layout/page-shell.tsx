import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteNav } from './site-nav';

export interface PageShellProps {
  /** The page, which renders its own <main id="main">. */
  children: ReactNode;
  /** The account links slot of the site nav. */
  accountLinks?: ReactNode;
}

/** Site nav, the page, footer: the frame of content pages. */
export function PageShell({ children, accountLinks }: PageShellProps) {
  return (
    <div className="flex min-h-screen flex-col bg-cream">
      <SiteNav accountLinks={accountLinks} />
      <div className="flex-1">{children}</div>
      <SiteFooter />
    </div>
  );
}
