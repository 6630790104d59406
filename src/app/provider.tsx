import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { AuthProvider } from '@/features/auth/components/auth-provider';

// The toaster's code loads once the page is idle; toasts raised before it arrives wait in its store.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * App-wide providers. The page tracker needs the router's location, so it sits in the root
 * layout (src/app/root-layout.tsx), inside the router.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  // Not part of the prerendered HTML (nor of hydration): mounted once the page is idle.
  const [toaster, setToaster] = useState(false);
  useEffect(() => whenIdle(() => setToaster(true)), []);
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
