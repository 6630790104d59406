import type { ReactNode } from 'react';

/** The page around a two-factor step: the step, and a way out (sign out) for someone else's phone. */
export function GateFrame({ children, onSignOut }: { children: ReactNode; onSignOut: () => void }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-cream px-4 py-16">
      <div className="w-full max-w-xl rounded-3xl border border-brand-100 bg-white p-8 shadow-sm">
        {children}
        <p className="mt-8 border-t border-brand-100 pt-4 text-sm text-ink-muted">
          Not you, or no access to the app?{' '}
          <button type="button" onClick={onSignOut} className="font-semibold text-brand-700 underline">
            Sign out
          </button>{' '}
          and ask an admin to reset your two-factor sign-in.
        </p>
      </div>
    </main>
  );
}
