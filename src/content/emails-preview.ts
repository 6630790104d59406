import { site } from '@/config/site';
import type { EmailMessage } from '../../supabase/functions/_shared/email-message.ts';
import {
  senderReceiptEmail,
  teamContactEmail,
} from '../../supabase/functions/send-contact-notification/email.ts';
import {
  parentConfirmationEmail,
  teamNotificationEmail,
} from '../../supabase/functions/send-fit-call-notifications/email.ts';
import { welcomeEmail } from '../../supabase/functions/send-newsletter-confirmation/email.ts';

/**
 * The product's emails for /test-email, rendered by the very templates the edge functions send,
 * from sample data. Building a preview sends nothing.
 */
export interface EmailPreview {
  id: string;
  name: string;
  /** When the product sends it, and to whom. */
  trigger: string;
  build: (origin: string) => EmailMessage;
}

const sampleParent = {
  name: 'Jordan Rivera',
  email: 'jordan.rivera@example.com',
  phone: '(555) 201-4433',
  childName: 'Mia',
  childAge: '9',
  challenge: 'emotions' as const,
};
const teamEmail = 'team@example.com';
const receivedAt = new Date('2026-11-18T15:42:00Z');

export const emailPreviews: readonly EmailPreview[] = [
  {
    id: 'newsletter-welcome',
    name: 'Newsletter welcome',
    trigger: 'To a parent right after they subscribe to the monthly newsletter.',
    build: (origin) => welcomeEmail({ to: sampleParent.email, firstName: 'Jordan', siteUrl: origin }),
  },
  {
    id: 'fit-call-confirmation',
    name: 'Intro call confirmation',
    trigger: `To the parent after they request a free ${site.introCallMinutes}-minute intro call.`,
    build: () => parentConfirmationEmail({ ...sampleParent, source: 'fit-call', receivedAt }),
  },
  {
    id: 'fit-call-team',
    name: 'Intro call: team notification',
    trigger: 'To the team inbox for every intro-call request, waitlist sign-up or coaching contact form.',
    build: (origin) =>
      teamNotificationEmail(
        { ...sampleParent, source: 'fit-call', receivedAt },
        { to: teamEmail, adminUrl: `${origin}/admin/waitlist` },
      ),
  },
  {
    id: 'contact-team',
    name: 'Contact form: team notification',
    trigger: 'To the team inbox for every message sent from /contact.',
    build: () =>
      teamContactEmail(
        {
          name: sampleParent.name,
          email: sampleParent.email,
          topic: 'program',
          message:
            'Hi! Mia is 9 and struggles with big feelings after school. Could sessions be at 5 pm on weekdays?',
          receivedAt,
        },
        { to: teamEmail },
      ),
  },
  {
    id: 'contact-receipt',
    name: 'Contact form: receipt',
    trigger: 'To the sender of a /contact message, confirming we received it.',
    build: () =>
      senderReceiptEmail({
        name: sampleParent.name,
        email: sampleParent.email,
        topic: 'program',
        message: 'Could sessions be at 5 pm on weekdays?',
        receivedAt,
      }),
  },
];
