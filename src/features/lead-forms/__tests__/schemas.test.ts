import { describe, expect, it } from 'vitest';
import { contactV2Schema, fitCallSchema, waitlistSchema } from '../lib/lead-schemas';
import { toSourceTag } from '../api/subscribe-newsletter';
import { newsletterSchema } from '../lib/newsletter-schema';
import { emailSchema, phoneSchema } from '@/lib/validation';

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
