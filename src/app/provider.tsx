import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';

// The toaster's code loads with the first toast.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * App-wide providers. The page tracker needs the router's location, so it sits in the root
 * layout (src/app/root-layout.tsx), inside the router.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  // Not part of the prerendered HTML (nor of hydration): mounted with the first toast (toasts raised
  // before it arrives wait in its store), so a page that shows none never runs its code.
  const [toaster, setToaster] = useState(false);
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let done = false;
    void import('@/components/ui/toast-store').then(({ subscribeToasts }) => {
      if (done) return;
      unsubscribe = subscribeToasts((toasts) => {
        if (toasts.length > 0) setToaster(true);
      });
    });
    return () => {
      done = true;
      unsubscribe?.();
    };
  }, []);
  return (
    <>
      <AuthProvider>{children}</AuthProvider>
      {toaster && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
