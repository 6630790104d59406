import type { ContactTopic } from '@/content/pages';

/** The message's length, as the contact_messages check constraint allows it. */
export const messageLimits = { min: 10, max: 5000 } as const;

/** What the contact form holds (and, trimmed, what it sends). */
export interface ContactFormValues {
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
}
