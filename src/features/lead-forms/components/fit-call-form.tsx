import { paths } from '@/config/paths';
import { messages } from '@/content/messages';
import { coachingWithIntroCallOffer } from '@/lib/intro-call-offer';
import { LeadForm, type LeadFieldConfig } from './lead-form';

const loadFitCallSchema = () => import('../lib/lead-schemas').then((schemas) => schemas.fitCallSchema);

const fields: LeadFieldConfig[] = [
  { name: 'name', label: "Parent's name", placeholder: 'Your full name', wide: true },
  { name: 'email', label: 'Email', placeholder: 'you@example.com' },
  { name: 'phone', label: 'Phone', placeholder: '(555) 123-4567' },
  { name: 'childName', label: "Child's name", optional: true },
  { name: 'childAge', label: "Child's age", optional: true, placeholder: 'e.g. 9' },
  { name: 'challenge', label: 'What would you most like help with?', optional: true, wide: true },
];

export interface FitCallFormProps {
  /**
   * After success, with where the parent goes next: /coaching (SPEC §4), offering to book the intro
   * call at once when the request answered with its link token (kept in the fragment).
   */
  onSuccess?: (next: string) => void;
}

/** The free intro-call request (/request-fit-call). */
export function FitCallForm({ onSuccess }: FitCallFormProps) {
  return (
    <LeadForm
      idPrefix="fit-call"
      loadSchema={loadFitCallSchema}
      source="fit-call"
      fields={fields}
      submitLabel="Request My Free Intro Call"
      successToast={messages.fitCallSuccess}
      onSuccess={({ bookingToken }) =>
        onSuccess?.(bookingToken ? coachingWithIntroCallOffer(bookingToken) : paths.coaching)
      }
      footnote="No payment, no commitment. We reply within 24 hours."
    />
  );
}
