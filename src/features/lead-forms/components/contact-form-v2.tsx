import { messages } from '@/content/messages';
import { LeadForm, type LeadFieldConfig } from './lead-form';

const loadContactV2Schema = () => import('../lib/lead-schemas').then((schemas) => schemas.contactV2Schema);

const fields: LeadFieldConfig[] = [
  { name: 'name', label: 'Your name', placeholder: 'Your full name', wide: true },
  { name: 'email', label: 'Email', placeholder: 'you@example.com' },
  { name: 'phone', label: 'Phone', placeholder: '(555) 123-4567' },
  { name: 'childAge', label: "Child's age", placeholder: 'e.g. 9' },
  { name: 'challenge', label: 'Focus area', optional: true },
];

export interface ContactFormV2Props {
  /** The landing page the form sits on, saved with the lead (defaults to where the session began). */
  landingPath?: string;
}

/** The inline contact form of /coaching-v2: on success it clears and stays on the page. */
export function ContactFormV2({ landingPath }: ContactFormV2Props) {
  return (
    <LeadForm
      idPrefix="contact-v2"
      loadSchema={loadContactV2Schema}
      source="contact-v2"
      landingPath={landingPath}
      fields={fields}
      submitLabel="Get in Touch"
      successToast={messages.v2Success}
      footnote="We'll contact you within 24 hours. No pressure, ever."
    />
  );
}
