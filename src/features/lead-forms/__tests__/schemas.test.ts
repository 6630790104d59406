import { describe, expect, it } from 'vitest';
import { contactV2Schema, fitCallSchema, waitlistSchema } from '../lib/lead-schemas';
import { toSourceTag } from '../api/subscribe-newsletter';
import { newsletterSchema } from '../lib/newsletter-schema';
import { contactSchema } from '../lib/contact-schema';
import { emailSchema, nameSchema, optionalNameSchema, phoneSchema } from '@/lib/validation';

const filled = {
  name: ' Dana Parent ',
  email: 'dana@example.com',
  phone: '+1 (555) 123-4567',
  childName: '',
  childAge: '',
  challenge: '',
};

describe('shared field schemas', () => {
  it('accepts what the database accepts and refuses the rest', () => {
    expect(emailSchema.safeParse('dana@example.com').success).toBe(true);
    expect(emailSchema.safeParse('dana@example').success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@x.io`).success).toBe(false);
    expect(phoneSchema.safeParse('555-1234').success).toBe(true);
    expect(phoneSchema.safeParse('call me').success).toBe(false);
    expect(phoneSchema.safeParse('1'.repeat(26)).success).toBe(false);
  });
});

describe('names', () => {
  const ONE_LINE = 'Please enter the name on one line, without line breaks or tabs.';
  const injected = 'Eve\r\nATTENDEE:mailto:m@evil.test\r\nX';
  const problem = (result: {
    success: boolean;
    error?: { issues: { path: unknown[]; message: string }[] };
  }) => (result.success ? 'ok' : result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`));

  it('are one line: line breaks, tabs and other control characters are refused', () => {
    for (const name of [injected, 'Eve\tAdams', 'Eve\u0000', 'Eve\u0085Adams', 'Eve\u2028Adams']) {
      expect(problem(nameSchema.safeParse(name)), JSON.stringify(name)).toEqual([`: ${ONE_LINE}`]);
      expect(problem(optionalNameSchema.safeParse(name)), JSON.stringify(name)).toEqual([`: ${ONE_LINE}`]);
    }
    // Spaces around a name are trimmed as before, and any letter or emoji is a name.
    expect(nameSchema.parse(' Zoë-Anne O’Brien 🌱\n')).toBe('Zoë-Anne O’Brien 🌱');
    expect(optionalNameSchema.parse('\t')).toBeNull();
  });

  it('on every public form', () => {
    expect(problem(fitCallSchema.safeParse({ ...filled, name: injected }))).toEqual([`name: ${ONE_LINE}`]);
    expect(problem(fitCallSchema.safeParse({ ...filled, childName: 'Mia\nLee' }))).toEqual([
      `childName: ${ONE_LINE}`,
    ]);
    expect(problem(contactV2Schema.safeParse({ ...filled, childAge: '9', name: injected }))).toEqual([
      `name: ${ONE_LINE}`,
    ]);
    expect(problem(waitlistSchema.safeParse({ ...filled, childName: 'Mia\tLee' }))).toEqual([
      `childName: ${ONE_LINE}`,
    ]);
    expect(
      problem(
        contactSchema.safeParse({
          name: injected,
          email: 'dana@example.com',
          topic: 'general',
          message: 'Hello, a question.',
        }),
      ),
    ).toEqual([`name: ${ONE_LINE}`]);
    expect(problem(newsletterSchema.safeParse({ email: 'a@b.co', firstName: injected }))).toEqual([
      `firstName: ${ONE_LINE}`,
    ]);
  });
});

describe('fit-call schema', () => {
  it('requires parent name, email and phone; the rest become null when blank', () => {
    expect(fitCallSchema.parse(filled)).toEqual({
      name: 'Dana Parent',
      email: 'dana@example.com',
      phone: '+1 (555) 123-4567',
      childName: null,
      childAge: null,
      challenge: null,
    });
    const missing = fitCallSchema.safeParse({ ...filled, name: '', email: 'nope', phone: '' });
    expect(missing.success).toBe(false);
    expect([...new Set(missing.error?.issues.map((i) => i.path[0]))].sort()).toEqual([
      'email',
      'name',
      'phone',
    ]);
  });

  it('keeps the child age as typed and only known focus areas', () => {
    expect(fitCallSchema.parse({ ...filled, childAge: '8 and a half', challenge: 'focus' })).toMatchObject({
      childAge: '8 and a half',
      challenge: 'focus',
    });
    expect(fitCallSchema.safeParse({ ...filled, challenge: 'tantrums' }).success).toBe(false);
  });
});

describe('v2 contact schema', () => {
  it("also requires the child's age, not the focus area", () => {
    expect(contactV2Schema.safeParse(filled).success).toBe(false);
    expect(contactV2Schema.parse({ ...filled, childAge: '9' })).toMatchObject({
      childAge: '9',
      challenge: null,
    });
  });
});

describe('waitlist schema', () => {
  it('needs only name and email; a phone, when given, must look like one', () => {
    expect(waitlistSchema.parse({ ...filled, phone: '' })).toMatchObject({ phone: null });
    expect(waitlistSchema.safeParse({ ...filled, phone: 'abc' }).success).toBe(false);
  });
});

describe('newsletter schema', () => {
  it('makes a blank first name null', () => {
    expect(newsletterSchema.parse({ email: 'a@b.co', firstName: '  ' })).toEqual({
      email: 'a@b.co',
      firstName: null,
    });
  });
  it('turns the source into a tag the database accepts', () => {
    expect(toSourceTag('Home Footer')).toBe('home-footer');
    expect(toSourceTag(undefined)).toBeNull();
  });
});
