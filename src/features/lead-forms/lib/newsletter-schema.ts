import { z } from 'zod';
import { emailSchema, optionalNameSchema } from '@/lib/validation';
import type { NewsletterInput, NewsletterValues } from '../api/subscribe-newsletter';

// A module of its own, loaded when a person starts on the form (src/lib/forms/lazy-resolver.ts).
export const newsletterSchema: z.ZodType<NewsletterValues, NewsletterInput> = z.object({
  email: emailSchema,
  firstName: optionalNameSchema,
});
