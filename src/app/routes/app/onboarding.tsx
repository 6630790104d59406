import { lazy } from 'react';
import { AreaPage } from '@/app/components/area-shell';
import { useOnboarding } from '@/features/parent-app/api/get-onboarding';
import { childrenPageHeading } from '@/features/parent-app/lib/children-page-copy';

// Loaded by this route (see dashboard.tsx).
const OnboardingScreen = lazy(() =>
  import('@/features/parent-app/components/onboarding-screen').then((m) => ({ default: m.OnboardingScreen })),
);

export default function Screen() {
  // The same query the screen reads: a family being coached sees its children and times, not a start.
  const { data } = useOnboarding();
  const { title, description } = childrenPageHeading(data);
  return (
    <AreaPage area="Parent" title={title} description={description}>
      <OnboardingScreen />
    </AreaPage>
  );
}
