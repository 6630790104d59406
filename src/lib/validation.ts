import { z } from 'zod';

/**
 * Shared field schemas. The limits mirror the database's check constraints so a value the form
 * accepts is never rejected by the server.
 */
export const limits = {
  nameMax: 100,
  emailMax: 254,
  phoneMin: 7,
  phoneMax: 25,
  childAgeMax: 20,
  passwordMin: 8,
  passwordMax: 72,
} as const;

/** Digits, spaces, +, -, dots, parentheses; 7 to 25 characters (the database's phone check). */
export const phonePattern = /^[0-9+()\-. ]{7,25}$/;

/** The database's email check (local part, @, dotted domain labels). */
export const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your email address.')
  .max(limits.emailMax, 'That email address is too long.')
  .regex(emailPattern, 'Please enter a valid email address.');

/**
 * A name is one line: no control character (line breaks, tabs, the other C0 and C1 controls) and no
 * line or paragraph separator, as the database's checks on names require (a name with line breaks
 * would write lines of its own into the plain text of emails).
 */
export const oneLinePattern = /^[^\p{Cc}\u2028\u2029]*$/u;
export const oneLineNameMessage = 'Please enter the name on one line, without line breaks or tabs.';

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your name.')
  .max(limits.nameMax, `Please keep it under ${limits.nameMax} characters.`)
  .regex(oneLinePattern, oneLineNameMessage);

/** An optional name: blank becomes null. */
export const optionalNameSchema = z
  .string()
  .trim()
  .max(limits.nameMax, `Please keep it under ${limits.nameMax} characters.`)
  .regex(oneLinePattern, oneLineNameMessage)
  .transform((v) => (v === '' ? null : v));

export const phoneSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your phone number.')
  .regex(phonePattern, 'Please enter a valid phone number.');

export const passwordSchema = z
  .string()
  .min(limits.passwordMin, `Use at least ${limits.passwordMin} characters.`)
  .max(limits.passwordMax, `Use at most ${limits.passwordMax} characters.`);
