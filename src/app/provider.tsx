import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';
import { AuthProvider } from '@/features/auth/components/auth-provider';

// The toaster's code loads after the first paint; toasts raised before it arrives wait in its store.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * App-wide providers. The page tracker needs the router's location, so it sits in the root
 * layout (src/app/root-layout.tsx), inside the router.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
