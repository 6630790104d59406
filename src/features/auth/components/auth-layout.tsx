import type { ReactNode } from 'react';
import { Logo } from '@/components/layout/logo';
import { site } from '@/config/site';

export interface AuthLayoutProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "No account yet?"). */
  footer?: ReactNode;
}

/** The frame of the account pages: the logo, one card, a calm background. */
export function AuthLayout({ title, intro, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-cream">
      <header className="mx-auto flex w-full max-w-5xl items-center px-4 py-4 sm:px-6">
        <Logo />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-4 sm:pt-10">
        <div className="w-full max-w-md">
          <div className="rounded-3xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="font-display text-2xl font-extrabold text-ink sm:text-3xl">{title}</h1>
            {intro ? <div className="mt-2 text-ink-muted">{intro}</div> : null}
            <div className="mt-6">{children}</div>
          </div>
          {footer ? <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div> : null}
          <p className="mt-8 text-center text-xs text-ink-muted">{site.tagline}</p>
        </div>
      </main>
    </div>
  );
}
