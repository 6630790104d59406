import { AreaPage } from '@/app/components/area-shell';
import { OnboardingScreen } from '@/features/family/components/onboarding-screen';

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
