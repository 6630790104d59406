// The landing pages' sections below the hero, one module loaded beside the page (see landing-page.tsx).
export { CoachesSection } from './coaches-section';
export { ComparisonSection } from './comparison-table';
export { FamiliesBanner } from './families-banner';
export { ContactSection, NewsletterSection, WaitlistCtaSection } from './form-sections';
export { HowItWorksSection } from './how-it-works-section';
export { IntroCallOffer } from './intro-call-offer';
export { PricingSection } from './pricing-section';
export { ScenariosSection } from './scenarios-section';
export { SessionSection } from './session-section';
export { SkillsSection } from './skills-section';
export { StorySection } from './story-section';
export { TestimonialsSection } from './testimonials-section';
export { TrustSection } from './trust-section';
