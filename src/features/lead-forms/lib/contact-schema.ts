import { z } from 'zod';
import { contactTopics, type ContactTopic } from '@/content/pages';
import { emailSchema, nameSchema } from '@/lib/validation';
import { messageLimits, type ContactFormValues } from './contact-limits';

const topicValues = contactTopics.map((t) => t.value) as [ContactTopic, ...ContactTopic[]];

/**
 * The contact form's rules; they mirror the contact_messages check constraints. A module of its
 * own, loaded when a person starts on the form (src/lib/forms/lazy-resolver.ts).
 */
export const contactSchema: z.ZodType<ContactFormValues, ContactFormValues> = z.object({
  name: nameSchema,
  email: emailSchema,
  topic: z.enum(topicValues, { message: 'Please choose a topic.' }),
  message: z
    .string()
    .trim()
    .min(messageLimits.min, `Please write at least ${messageLimits.min} characters.`)
    .max(messageLimits.max, `Please keep it under ${messageLimits.max} characters.`),
});
