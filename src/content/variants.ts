import { paths } from '../config/paths';
import { site } from '../config/site';
import { sectionIds, type SectionId } from './nav';
// Types only: the plans themselves (their features and prices) are in no landing page's first load;
// the sections below the hero show them (plansForVariant, in plans.ts).
import type { PlanId } from './plans';

/**
 * The landing-page variants. Each is one entry: its wording, where its buttons lead, which
 * sections it shows in which order, its Steady Growth price and its Most Popular badge. The
 * sections are rendered by one set of components (src/features/landing); a new variant is a new
 * entry here, not a copied page.
 */
export type VariantId = 'home' | 'coaching' | 'coaching-home' | 'pricing' | 'coaching-v2';

/** A call to action leads either to another route or to a section of the same page. */
export type CtaTarget = { kind: 'route'; to: string } | { kind: 'section'; section: SectionId };

export interface Cta {
  label: string;
  target: CtaTarget;
}

export type LandingSection =
  | 'enrolling-banner'
  | 'beta-banner'
  | 'hero'
  | 'skills'
  | 'families-banner'
  | 'session'
  | 'scenarios'
  | 'how-it-works'
  | 'trust'
  | 'story'
  | 'coaches'
  | 'pricing'
  | 'comparison'
  | 'testimonials'
  | 'faq'
  | 'contact'
  | 'waitlist-cta'
  | 'newsletter';

export interface LandingVariant {
  id: VariantId;
  path: string;
  meta: { title: string; description: string; image: string };
  /** The Home-style fixed top bar with scroll links, or the shared site nav. */
  nav: 'top-bar' | 'site-nav';
  hero: {
    eyebrow: string;
    title: string;
    subtitle: string;
    primary: Cta;
    secondary?: Cta;
    /** Small reassurance line under the buttons. */
    note?: string;
  };
  /** Every main button of the page (top bar, section CTAs, sticky CTA) uses this one. */
  cta: Cta;
  /** A shorter label for the top bar and the sticky bar, where space is tight. */
  ctaShortLabel?: string;
  sections: readonly LandingSection[];
  pricing: {
    heading: string;
    intro: string;
    steadyGrowthPrice: number;
    popularPlan: PlanId | null;
    planCta: Cta;
  };
  /** Wording for the closing call-to-action lines in sections. */
  closing: { heading: string; body: string };
}

const route = (to: string): CtaTarget => ({ kind: 'route', to });
const section = (id: SectionId): CtaTarget => ({ kind: 'section', section: id });

export const enrollingBannerText = 'Now enrolling our first 1:1 Coaching families';
export const betaBannerText = `Beta pricing for our first ${site.betaFamilies} families`;

const homeSections: readonly LandingSection[] = [
  'hero',
  'skills',
  'families-banner',
  'session',
  'scenarios',
  'how-it-works',
  'story',
  'pricing',
  'testimonials',
  'newsletter',
];

const quizCta: Cta = { label: 'Take the Free 5-Minute Assessment', target: route(paths.quiz) };
const fitCallCta: Cta = { label: 'Book a Free 15-Minute Intro Call', target: route(paths.requestFitCall) };
const waitlistCta: Cta = { label: 'Join the Waitlist', target: route(paths.waitlist) };

export const variants: Record<VariantId, LandingVariant> = {
  home: {
    id: 'home',
    path: paths.home,
    meta: {
      title: 'Steadier Kids, Calmer Homes: 1:1 Coaching for Ages 7-12',
      description:
        'Steadier kids, calmer homes. Weekly 30-minute 1:1 video coaching for children aged 7-12, with parents included. Take the free 5-minute assessment.',
      image: '/og-image.png',
    },
    nav: 'top-bar',
    hero: {
      eyebrow: '1:1 coaching for kids 7-12 and their parents',
      title: 'Steadier Kids. Calmer Homes. Starting Now.',
      subtitle:
        'Weekly 30-minute video sessions with a dedicated coach, with you included, plus at-home tools and weekly parent updates. Building confidence, focus, and connection for families.',
      primary: quizCta,
      secondary: { label: 'See How It Works', target: section(sectionIds.howItWorks) },
      note: 'Free · 5 minutes · Personalised results',
    },
    cta: quizCta,
    ctaShortLabel: 'Take the Quiz',
    sections: homeSections,
    pricing: {
      heading: 'Simple monthly plans',
      intro: 'Start with the free assessment: we will recommend the plan that fits your child.',
      steadyGrowthPrice: 400,
      popularPlan: 'steady-growth',
      planCta: { label: 'Start with the Free Assessment', target: route(paths.quiz) },
    },
    closing: {
      heading: 'Not sure where to start?',
      body: 'The free 5-minute assessment shows where your child shines and where coaching can help.',
    },
  },
  coaching: {
    id: 'coaching',
    path: paths.coaching,
    meta: {
      title: '1:1 Coaching for Kids 7-12',
      description:
        'Steadier kids, calmer homes. Book a free 15-minute intro call for weekly 1:1 video coaching for children aged 7-12, with parents included.',
      image: '/og-coaching.png',
    },
    nav: 'top-bar',
    hero: {
      eyebrow: '1:1 coaching for kids 7-12 and their parents',
      title: 'Steadier Kids. Calmer Homes. Starting Now.',
      subtitle:
        'Talk with us for 15 minutes, free. We will match your child with a dedicated coach for weekly 30-minute video sessions, with you included, plus at-home tools and weekly parent updates.',
      primary: fitCallCta,
      secondary: { label: 'See How It Works', target: section(sectionIds.howItWorks) },
      note: 'Free · 15 minutes · 0 pressure · We reply within 24 hours',
    },
    cta: fitCallCta,
    ctaShortLabel: 'Book Intro Call',
    sections: homeSections,
    pricing: {
      heading: 'Simple monthly plans',
      intro: 'On your free intro call we will help you choose the plan that fits your family.',
      steadyGrowthPrice: 375,
      popularPlan: 'steady-growth',
      planCta: { label: 'Book a Free Intro Call', target: route(paths.requestFitCall) },
    },
    closing: {
      heading: 'Ready to talk it through?',
      body: 'A free 15-minute intro call, no pressure. Most families start within a week.',
    },
  },
  'coaching-home': {
    id: 'coaching-home',
    path: paths.coachingHome,
    meta: {
      title: 'Join the Waitlist for 1:1 Coaching',
      description:
        'Now enrolling our first 1:1 Coaching families. Weekly 30-minute video coaching for kids 7-12 with parents included. Join the waitlist or see plans and pricing.',
      image: '/og-coaching-home.png',
    },
    nav: 'site-nav',
    hero: {
      eyebrow: '1:1 coaching for kids 7-12 and their parents',
      title: 'Calmer days and braver kids, one session at a time.',
      subtitle:
        'A dedicated coach meets your child for 30 minutes a week over video, with you included, plus at-home tools and weekly parent updates.',
      primary: waitlistCta,
      secondary: { label: 'See Plans & Pricing', target: route(paths.pricing) },
      note: 'Beta: first 25 families · Monthly plans, pause any time',
    },
    cta: waitlistCta,
    sections: [
      'enrolling-banner',
      'hero',
      'how-it-works',
      'trust',
      'coaches',
      'pricing',
      'testimonials',
      'waitlist-cta',
    ],
    pricing: {
      heading: 'Plans for every family',
      intro: 'Join the waitlist today; you choose your plan when your coach is ready.',
      steadyGrowthPrice: 350,
      popularPlan: 'focused-progress',
      planCta: { label: 'Join the Waitlist', target: route(paths.waitlist) },
    },
    closing: {
      heading: 'Save your family’s spot',
      body: 'We are enrolling our first 25 families now. Join the waitlist and we will be in touch within 24 hours.',
    },
  },
  pricing: {
    id: 'pricing',
    path: paths.pricing,
    meta: {
      title: 'Plans & Pricing',
      description:
        'Three monthly coaching plans for kids 7-12, from 1 to 3 sessions a week. Compare Steady Growth, Focused Progress and Intensive Momentum. Cancel or pause any time.',
      image: '/og-pricing.png',
    },
    nav: 'site-nav',
    hero: {
      eyebrow: 'Plans & Pricing',
      title: 'Simple plans. Real progress.',
      subtitle:
        'Every plan includes a dedicated coach, 30-minute 1:1 video sessions with parents included, and at-home tools. Choose how often you meet.',
      primary: waitlistCta,
      secondary: { label: 'Compare plans', target: section(sectionIds.pricing) },
    },
    cta: waitlistCta,
    sections: ['beta-banner', 'hero', 'pricing', 'comparison', 'testimonials', 'waitlist-cta'],
    pricing: {
      heading: 'Choose your plan',
      intro: 'All prices are per month.',
      steadyGrowthPrice: 350,
      popularPlan: 'focused-progress',
      planCta: { label: 'Join the Waitlist', target: route(paths.waitlist) },
    },
    closing: {
      heading: 'Not sure which plan fits?',
      body: 'Join the waitlist and we will help you choose on a free 15-minute intro call.',
    },
  },
  'coaching-v2': {
    id: 'coaching-v2',
    path: paths.coachingV2,
    meta: {
      title: 'Free Consultation: 1:1 Coaching for Kids 7-12',
      description:
        'Tell us about your child and we will reply within 24 hours. Weekly 30-minute 1:1 video coaching for kids 7-12, with parents included.',
      image: '/og-coaching-v2.png',
    },
    nav: 'site-nav',
    hero: {
      eyebrow: '1:1 coaching for kids 7-12 and their parents',
      title: 'Help your child feel steadier, braver and more focused.',
      subtitle:
        'A dedicated coach, 30-minute weekly video sessions with you included, and at-home tools that make each week calmer.',
      primary: { label: 'Get Your Free Consultation', target: section(sectionIds.contactForm) },
      secondary: { label: 'Read the FAQ', target: section(sectionIds.faq) },
      note: 'We reply within 24 hours',
    },
    cta: { label: 'Get Your Free Consultation', target: section(sectionIds.contactForm) },
    sections: ['hero', 'skills', 'how-it-works', 'trust', 'pricing', 'testimonials', 'faq', 'contact'],
    pricing: {
      heading: 'Simple monthly plans',
      intro: 'Tell us about your child below and we will recommend the right plan.',
      steadyGrowthPrice: 350,
      popularPlan: 'focused-progress',
      planCta: { label: 'Get Your Free Consultation', target: section(sectionIds.contactForm) },
    },
    closing: {
      heading: 'Tell us about your child',
      body: 'Share a few details and a coach will reply within 24 hours.',
    },
  },
};
