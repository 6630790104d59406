import { paths } from '../config/paths';

/** Scroll positions (px) at which the landing top bar changes (SPEC §9). */
export const scrollThresholds = {
  /** Past this the top bar turns from transparent to opaque. */
  barOpaque: 20,
  /** Past this the mobile menu button and the bottom sticky call-to-action appear. */
  stickyCta: 600,
} as const;

/** The ids of the sections that links scroll to. */
export const sectionIds = {
  howItWorks: 'how-it-works',
  story: 'our-story',
  pricing: 'pricing',
  testimonials: 'testimonials',
  trust: 'why-ploom',
  waitlist: 'waitlist',
  contactForm: 'contact-form',
  faq: 'faq',
  coaches: 'coaches',
} as const;
export type SectionId = (typeof sectionIds)[keyof typeof sectionIds];

export interface ScrollLink {
  label: string;
  section: SectionId;
}

/** The Home top bar's in-page links (SPEC §2 Home). */
export const landingScrollLinks: readonly ScrollLink[] = [
  { label: 'How It Works', section: sectionIds.howItWorks },
  { label: 'Our Story', section: sectionIds.story },
  { label: 'Pricing', section: sectionIds.pricing },
  { label: 'Testimonials', section: sectionIds.testimonials },
];

export type SiteNavLink =
  { kind: 'section'; label: string; section: SectionId } | { kind: 'route'; label: string; to: string };

/** The shared site nav (SPEC §2 Shared site nav). */
export const siteNavLinks: readonly SiteNavLink[] = [
  { kind: 'section', label: 'How It Works', section: sectionIds.howItWorks },
  { kind: 'route', label: 'Programs', to: paths.programs },
  { kind: 'section', label: 'Why Ploom', section: sectionIds.trust },
  { kind: 'route', label: 'About', to: paths.about },
  { kind: 'route', label: 'FAQ', to: paths.faq },
];

/**
 * Where a scroll link leads from a page that lacks the section: the landing page that has
 * every section the site nav names.
 */
export const sectionHomePath = paths.coachingHome;

export const footerLegalLinks = [
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Terms of Service', to: paths.terms },
  { label: 'Contact', to: paths.contact },
  { label: 'Brand Guidelines', to: paths.brandGuidelines },
] as const;

export const footerExploreLinks = [
  { label: 'Programs', to: paths.programs },
  { label: 'Pricing', to: paths.pricing },
  { label: 'Our Coaches', to: paths.coaches },
  { label: 'About', to: paths.about },
  { label: 'FAQ', to: paths.faq },
  { label: 'Free Assessment', to: paths.quiz },
] as const;

/** SPEC §1: the footer says the service is developmental education, not therapy. */
export const footerDisclaimer =
  'Ploom coaching is developmental education, not therapy, tutoring or medical treatment. ' +
  'If you are worried about your child’s safety or health, please contact a licensed professional.';
