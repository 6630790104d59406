import { z } from 'zod';
import { challengeValues, type Challenge } from '@/content/challenges';
import {
  emailSchema,
  limits,
  nameSchema,
  optionalNameSchema,
  phoneSchema,
  phonePattern,
} from '@/lib/validation';

// The waitlist forms' schemas: a module of their own, loaded when a person starts on a form
// (src/lib/forms/lazy-resolver.ts), so a landing page hydrates without zod.

const blankToNull = (v: string) => (v === '' ? null : v);

const childAgeSchema = z
  .string()
  .trim()
  .max(limits.childAgeMax, `Please keep it under ${limits.childAgeMax} characters.`);

const challengeSchema = z
  .union([z.enum(challengeValues), z.literal('')])
  .transform((v) => (v === '' ? null : (v as Challenge)));

/** /request-fit-call: parent name, email and phone required; the rest optional. */
export const fitCallSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  childName: optionalNameSchema,
  childAge: childAgeSchema.transform(blankToNull),
  challenge: challengeSchema,
});

/** The /coaching-v2 form: name, email, phone and child age required; focus area optional. */
export const contactV2Schema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  childName: optionalNameSchema,
  childAge: childAgeSchema.min(1, "Please enter your child's age."),
  challenge: challengeSchema,
});

/** /waitlist: name and email required; phone optional (checked when given). */
export const waitlistSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || phonePattern.test(v), 'Please enter a valid phone number.')
    .transform(blankToNull),
  childName: optionalNameSchema,
  childAge: childAgeSchema.transform(blankToNull),
  challenge: challengeSchema,
});
