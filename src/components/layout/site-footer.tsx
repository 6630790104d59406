import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation';
import { site } from '@/config/site';
import { footerDisclaimer, footerExploreLinks, footerLegalLinks } from '@/content/nav';
import { Logo } from './logo';
import { useCurrentYear } from './use-current-year';

const linkClass =
  'inline-flex min-h-[44px] items-center text-brand-100 underline-offset-4 hover:text-white hover:underline';

/**
 * The site footer: tagline, links, disclaimer, current-year copyright. `account`: a way to sign in,
 * on pages whose top bar has no account links.
 */
export function SiteFooter({ account }: { account?: ReactNode }) {
  const year = useCurrentYear();
  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 grid-cols-2 md:grid-cols-[2fr_1fr_1fr]">
        <div className="col-span-2 grid content-start gap-3 md:col-span-1">
          <Logo tone="light" />
          <p className="max-w-sm text-brand-50">{site.tagline}</p>
          <p className="text-brand-100">
            Questions?{' '}
            <a
              className="font-semibold text-white underline underline-offset-4"
              href={`mailto:${site.contactEmail}`}
            >
              {site.contactEmail}
            </a>
          </p>
          {account}
        </div>
        <FooterLinks title="Explore" links={footerExploreLinks} />
        <FooterLinks title="Company" links={footerLegalLinks} />
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto grid max-w-6xl gap-2 px-4 py-6 text-sm text-brand-100 sm:px-6">
          <p>{footerDisclaimer}</p>
          <p>
            © {year} {site.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-display text-sm font-bold uppercase tracking-wider text-sun-400">{title}</h2>
      <ul className="mt-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link className={linkClass} to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
