import type { ReactNode } from 'react';
import { Link } from '@/lib/navigation';
import { Logo } from '@/components/layout/logo';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

/** A calm, distraction-free frame for the quiz: the logo, a way out, the page, the disclaimer. */
export function QuizShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-cream text-ink">
      <header className="border-b border-brand-100 bg-white/80">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
          <Logo />
          <Link
            to={paths.home}
            className="inline-flex min-h-[44px] items-center rounded-lg px-2 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            Exit to home
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {children}
      </main>
      <footer className="border-t border-brand-100 px-4 py-6 text-center text-sm text-ink-muted">
        <p>{site.disclaimer}</p>
      </footer>
    </div>
  );
}
