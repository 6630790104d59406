import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { variants } from './variants';

/** What the marketing team needs to run campaigns: landing pages, UTM presets, ad copy. */

export interface CampaignLandingPage {
  path: string;
  name: string;
  /** What the page asks the visitor to do. */
  goal: string;
}

/** Every landing variant plus the quiz, the pages a campaign link may point to. */
export const campaignLandingPages: readonly CampaignLandingPage[] = [
  { path: variants.home.path, name: 'Home', goal: 'Take the free assessment' },
  { path: variants.coaching.path, name: 'Coaching', goal: 'Request an intro call' },
  { path: variants['coaching-home'].path, name: 'Coaching (waitlist)', goal: 'Join the waitlist' },
  { path: variants['coaching-v2'].path, name: 'Coaching v2 (inline form)', goal: 'Send the contact form' },
  { path: variants.pricing.path, name: 'Pricing', goal: 'Compare plans, join the waitlist' },
  { path: paths.quiz, name: 'Assessment quiz', goal: 'Start the assessment directly' },
  { path: paths.requestFitCall, name: 'Intro call form', goal: 'Request an intro call directly' },
];

export const utmSourceSuggestions = [
  'facebook',
  'instagram',
  'google',
  'newsletter',
  'pinterest',
  'partner',
] as const;
export const utmMediumSuggestions = ['paid_social', 'social', 'cpc', 'email', 'referral', 'display'] as const;

export type CreativeTheme = 'green' | 'sun' | 'cream';

export interface AdCreative {
  id: string;
  /** The large line on the image. */
  imageHeadline: string;
  /** The smaller line on the image. */
  imageSubline: string;
  /** The button label drawn on the image. */
  imageCta: string;
  theme: CreativeTheme;
  /** Ad copy for the platform's fields. */
  headline: string;
  primaryText: string;
  description: string;
  landingPath: string;
  suggestedCampaign: string;
}

export const adCreatives: readonly AdCreative[] = [
  {
    id: 'calmer-homes',
    imageHeadline: 'Steadier kids. Calmer homes.',
    imageSubline: `1:1 video coaching for ages ${site.ages}`,
    imageCta: 'Take the free quiz',
    theme: 'green',
    headline: `Free ${site.assessmentMinutes}-minute family skills assessment`,
    primaryText: `Meltdowns at bedtime? Homework battles? Answer ${site.assessmentMinutes} minutes of questions and see where your child shines and where a coach can help: emotional regulation, confidence, focus and connection. Free, private, for kids ${site.ages}.`,
    description: 'Personalised results in 5 minutes',
    landingPath: paths.home,
    suggestedCampaign: 'assessment_launch',
  },
  {
    id: 'i-cant-do-this',
    imageHeadline: '"I can\'t do this."',
    imageSubline: 'Help them find "not yet" instead.',
    imageCta: 'Book a free intro call',
    theme: 'sun',
    headline: `A dedicated coach for your child, ${site.sessionMinutes} minutes a week`,
    primaryText: `When your child gives up before they start, a weekly ${site.sessionMinutes}-minute session with a dedicated coach builds the confidence to keep trying. Parents included, at-home tools, weekly updates. Free ${site.introCallMinutes}-minute intro call; we reply within ${site.replyWithinHours} hours.`,
    description: 'Developmental coaching for kids 7-12',
    landingPath: paths.coaching,
    suggestedCampaign: 'confidence_intro_call',
  },
  {
    id: 'first-families',
    imageHeadline: `Now enrolling our first ${site.betaFamilies} families`,
    imageSubline: 'Weekly 1:1 coaching, parents included',
    imageCta: 'Join the waitlist',
    theme: 'cream',
    headline: `Beta: the first ${site.betaFamilies} families`,
    primaryText: `${site.name} is opening 1:1 coaching for children aged ${site.ages}: emotional regulation, confidence, focus and connection, ${site.sessionMinutes} minutes a week over video, with parents in the room. Plans can be cancelled or paused at any time.`,
    description: 'Save your family a spot',
    landingPath: paths.coachingHome,
    suggestedCampaign: 'beta_waitlist',
  },
];

export interface CreativeFormat {
  id: 'square' | 'landscape';
  label: string;
  width: number;
  height: number;
}

export const creativeFormats: readonly CreativeFormat[] = [
  { id: 'square', label: 'Feed square', width: 1080, height: 1080 },
  { id: 'landscape', label: 'Link ad', width: 1200, height: 628 },
];

/** Facebook page images: sizes Facebook recommends. */
export const facebookPageAssets = [
  { id: 'profile', label: 'Profile picture', width: 720, height: 720 },
  { id: 'cover', label: 'Page cover', width: 1640, height: 624 },
] as const;

export const facebookPageCopy = {
  about: `1:1 video coaching for children aged ${site.ages} and their parents. ${site.tagline}`,
  description: `${site.description} ${site.disclaimer}`,
  cta: 'Sign up (links to the free assessment)',
} as const;
