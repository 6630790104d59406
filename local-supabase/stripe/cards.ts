import type { Decline } from './errors.ts';

/**
 * Stripe's test cards, as its testing documentation describes their behaviour: a card that works,
 * cards declined when they are first used, and 4000 0000 0000 0341, which attaches to a customer
 * but whose charges fail. Any other number is refused: test mode takes test cards only.
 */
export interface TestCard {
  brand: string;
  /** declined as soon as it is entered (attach or first charge) */
  declineOnAttach?: Decline;
  /** accepted and saved, but every charge fails */
  declineOnCharge?: Decline;
}

const generic: Decline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

const CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa' },
  '4000056655665556': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '4000000000000002': { brand: 'visa', declineOnAttach: generic },
  '4000000000009995': {
    brand: 'visa',
    declineOnAttach: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  '4000000000000069': {
    brand: 'visa',
    declineOnAttach: { code: 'expired_card', message: 'Your card has expired.' },
  },
  '4000000000000127': {
    brand: 'visa',
    declineOnAttach: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  },
  '4000000000000341': { brand: 'visa', declineOnCharge: generic },
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export type CardCheck = { ok: true; card: TestCard } | { ok: false; decline: Decline; field: string };

/** Checks what a person typed on the hosted page, as Checkout's form does before submitting. */
export function checkCard(rawNumber: string, expiry: string, cvc: string): CardCheck {
  const number = rawNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    return {
      ok: false,
      field: 'number',
      decline: { code: 'incorrect_number', message: 'Your card number is invalid.' },
    };
  }
  const parsed = parseExpiry(expiry);
  if (!parsed) {
    return {
      ok: false,
      field: 'expiry',
      decline: { code: 'invalid_expiry_year', message: "Your card's expiration date is incomplete." },
    };
  }
  const today = new Date();
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  if (parsed.year * 12 + parsed.month - 1 < thisMonth) {
    return {
      ok: false,
      field: 'expiry',
      decline: { code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." },
    };
  }
  if (!/^\d{3,4}$/.test(cvc.trim())) {
    return {
      ok: false,
      field: 'cvc',
      decline: { code: 'invalid_cvc', message: "Your card's security code is incomplete." },
    };
  }
  const card = CARDS[number];
  if (!card) {
    return {
      ok: false,
      field: 'number',
      decline: {
        code: 'card_declined',
        decline_code: 'test_mode_live_card',
        message: 'Your card was declined. This is a test environment: use one of the test cards.',
      },
    };
  }
  return { ok: true, card };
}

export function testCardFor(number: string): TestCard | undefined {
  return CARDS[number];
}

export function parseExpiry(expiry: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}
