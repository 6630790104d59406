import type { ReactNode } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { NavAccountLinks } from './nav-account-links';

/** The frame of the public content pages: site nav with the account links, the page, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return <PageShell accountLinks={<NavAccountLinks />}>{children}</PageShell>;
}
