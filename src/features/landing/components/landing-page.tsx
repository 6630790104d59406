import { Fragment, lazy, Suspense, type ReactNode } from 'react';
import { HydrateNearViewport } from '@/components/layout/hydrate-near-viewport';
import { useScrollToHashOnMount } from '@/components/layout/scroll';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteNav } from '@/components/layout/site-nav';
import {
  betaBannerText,
  enrollingBannerText,
  type LandingSection,
  type LandingVariant,
} from '@/content/variants';
import { cn } from '@/lib/cn';
import { useScrollThresholds } from '../hooks/use-scroll-thresholds';
import { AnnouncementBanner } from './banners';
import { Hero } from './hero';
import { LandingTopBar } from './landing-top-bar';
import { StickyCta } from './sticky-cta';

/**
 * The sections below the hero are a module of their own, loaded as soon as a landing page's module
 * runs. The prerendered HTML already shows them; React hydrates them when their code arrives
 * (each is its own Suspense boundary), so the first load carries only the page's frame and hero.
 * A section hydrates only once it comes within a screen of the viewport (or a pointer or the
 * keyboard reaches it first).
 */
type BelowFold = typeof import('./below-fold');
let belowFold: Promise<BelowFold> | undefined;
const loadBelowFold = () => (belowFold ??= import('./below-fold'));
void loadBelowFold();
function section<K extends keyof BelowFold>(name: K) {
  return lazy(() => loadBelowFold().then((module) => ({ default: module[name] })));
}
const SkillsSection = section('SkillsSection');
const FamiliesBanner = section('FamiliesBanner');
const SessionSection = section('SessionSection');
const ScenariosSection = section('ScenariosSection');
const HowItWorksSection = section('HowItWorksSection');
const TrustSection = section('TrustSection');
const StorySection = section('StorySection');
const CoachesSection = section('CoachesSection');
const PricingSection = section('PricingSection');
const ComparisonSection = section('ComparisonSection');
const TestimonialsSection = section('TestimonialsSection');
const ContactSection = section('ContactSection');
const WaitlistCtaSection = section('WaitlistCtaSection');
const NewsletterSection = section('NewsletterSection');
// /coaching's offer to book the intro call just requested: with the sections, after the page has
// shown; nothing in the prerendered HTML and nothing for other visitors (decision 225).
const IntroCallOffer = section('IntroCallOffer');

// Only /coaching-v2 has the FAQ: its accordion code loads with it, not with every variant.
const FaqSection = lazy(() => import('./faq-section').then((m) => ({ default: m.FaqSection })));

/** What the app layer plugs into a landing page (features do not import each other). */
export interface LandingSlots {
  /** The newsletter form, for variants with a newsletter section. */
  newsletter?: ReactNode;
  /** The inline contact form, for variants with a contact section. */
  contactForm?: ReactNode;
  /** The account links of the shared site nav. */
  accountLinks?: ReactNode;
  /** The footer's way to sign in, for variants with the top bar (it has no account links). */
  footerAccount?: ReactNode;
}

function renderSection(section: LandingSection, variant: LandingVariant, slots: LandingSlots) {
  switch (section) {
    case 'enrolling-banner':
      return <AnnouncementBanner text={enrollingBannerText} />;
    case 'beta-banner':
      return <AnnouncementBanner text={betaBannerText} />;
    case 'hero':
      return (
        <Hero
          variant={variant}
          underFixedBar={variant.nav === 'top-bar'}
          notice={
            <Suspense fallback={null}>
              <IntroCallOffer />
            </Suspense>
          }
        />
      );
    case 'skills':
      return <SkillsSection />;
    case 'families-banner':
      return <FamiliesBanner />;
    case 'session':
      return <SessionSection />;
    case 'scenarios':
      return <ScenariosSection variant={variant} />;
    case 'how-it-works':
      return <HowItWorksSection variant={variant} />;
    case 'trust':
      return <TrustSection />;
    case 'story':
      return <StorySection />;
    case 'coaches':
      return <CoachesSection />;
    case 'pricing':
      return <PricingSection variant={variant} />;
    case 'comparison':
      return <ComparisonSection variant={variant} />;
    case 'testimonials':
      return <TestimonialsSection />;
    case 'faq':
      return (
        <Suspense fallback={<div className="min-h-[640px]" />}>
          <FaqSection />
        </Suspense>
      );
    case 'contact':
      return slots.contactForm ? <ContactSection variant={variant} form={slots.contactForm} /> : null;
    case 'waitlist-cta':
      return <WaitlistCtaSection variant={variant} />;
    case 'newsletter':
      return slots.newsletter ? <NewsletterSection form={slots.newsletter} /> : null;
  }
}

function ScrollingTopBar({ variant }: { variant: LandingVariant }) {
  const { barOpaque, pastFold } = useScrollThresholds();
  return <LandingTopBar variant={variant} opaque={barOpaque} pastFold={pastFold} />;
}

function ScrollingStickyCta({ cta }: { cta: LandingVariant['cta'] }) {
  const { pastFold } = useScrollThresholds();
  return <StickyCta cta={cta} visible={pastFold} />;
}

/** A landing page, drawn entirely from its variant entry in content/variants.ts. */
export function LandingPage({ variant, ...slots }: { variant: LandingVariant } & LandingSlots) {
  // No state here: an update of this component before the sections have hydrated would replace
  // their prerendered HTML (the scroll state lives in the bar and the sticky button themselves).
  useScrollToHashOnMount();
  const topBar = variant.nav === 'top-bar';
  const sections = variant.sections.map((name) =>
    name === 'hero' || (name.endsWith('-banner') && name !== 'families-banner') ? (
      <Fragment key={name}>{renderSection(name, variant, slots)}</Fragment>
    ) : (
      <Suspense key={name} fallback={null}>
        <HydrateNearViewport name={name}>{renderSection(name, variant, slots)}</HydrateNearViewport>
      </Suspense>
    ),
  );
  // Announcement banners sit above the nav on site-nav pages; everything else goes in <main>.
  const leadingBanners = topBar ? 0 : variant.sections.findIndex((s) => !s.endsWith('-banner'));

  return (
    <div className="flex min-h-screen flex-col bg-cream">
      {sections.slice(0, leadingBanners)}
      {topBar ? <ScrollingTopBar variant={variant} /> : <SiteNav accountLinks={slots.accountLinks} />}
      <main id="main" className="flex-1">
        {sections.slice(leadingBanners)}
      </main>
      {/* Room under the footer for the sticky call-to-action on small screens. */}
      <div className={cn(topBar && 'bg-brand-900 pb-24 md:pb-0')}>
        <SiteFooter account={slots.footerAccount} />
      </div>
      {topBar && <ScrollingStickyCta cta={variant.cta} />}
    </div>
  );
}
