import { site } from '@/config/site';
import { LeadForm, type LeadFieldConfig } from './lead-form';

const loadWaitlistSchema = () => import('../lib/lead-schemas').then((schemas) => schemas.waitlistSchema);

const fields: LeadFieldConfig[] = [
  { name: 'name', label: "Parent's name", placeholder: 'Your full name', wide: true },
  { name: 'email', label: 'Email', placeholder: 'you@example.com' },
  { name: 'phone', label: 'Phone', optional: true, placeholder: '(555) 123-4567' },
  { name: 'childAge', label: "Child's age", optional: true, placeholder: 'e.g. 9' },
  { name: 'challenge', label: 'Focus area', optional: true },
];

export interface WaitlistFormProps {
  /** Where the form sits; saved with the lead's landing path. */
  source?: string;
}

export const waitlistSuccess = {
  title: "You're on the list!",
  description: `We'll email you within ${site.replyWithinHours} hours with your next steps.`,
};

/** Joins the waitlist for the first coaching places (source 'waitlist'). */
export function WaitlistForm({ source }: WaitlistFormProps) {
  return (
    <LeadForm
      idPrefix={`waitlist${source ? `-${source.replace(/[^a-z0-9-]/gi, '')}` : ''}`}
      loadSchema={loadWaitlistSchema}
      source="waitlist"
      landingPath={undefined}
      fields={fields}
      submitLabel="Join the Waitlist"
      successToast={waitlistSuccess}
      footnote={`Beta: the first ${site.betaFamilies} families get the first places. No payment now.`}
    />
  );
}
