import { lazy } from 'react';
import { AreaPage } from '@/app/components/area-shell';

// Loaded by this route (see dashboard.tsx).
const OnboardingScreen = lazy(() =>
  import('@/features/family/components/onboarding-screen').then((m) => ({ default: m.OnboardingScreen })),
);

export default function Screen() {
  return (
    <AreaPage
      area="Parent"
      title="Getting started"
      description="Tell us about your child so we can match the right coach."
    >
      <OnboardingScreen />
    </AreaPage>
  );
}
