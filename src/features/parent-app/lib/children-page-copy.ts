import type { Onboarding } from '../api/get-onboarding';

/**
 * The heading of /app/onboarding ("Children & times" in the parent's nav): a start for a family
 * still to be matched with a coach, the children and their times for a family being coached.
 */
export function childrenPageHeading(onboarding: Onboarding | undefined): {
  title: string;
  description?: string;
} {
  // While loading: the nav's own words, which fit either family.
  if (!onboarding) return { title: 'Children & times' };
  if (onboarding.matched) {
    return {
      title: 'Children & times',
      description:
        'Your children, their coach and the times that suit your family. Change the times whenever your week changes: your coach books sessions from them.',
    };
  }
  return {
    title: 'Getting started',
    description: 'Tell us about your child so we can match the right coach.',
  };
}
