import { checkCard, parseExpiry } from '../cards.ts';
import type { Decline } from '../errors.ts';
import { escapeHtml, TEST_CARDS_HELP } from './html.ts';

/** The card fields of the hosted pages (Checkout, portal) and how their input is checked. */
export interface CardInput {
  email: string;
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardResult =
  | { ok: true; number: string; expMonth: number; expYear: number }
  | { ok: false; field: string; decline: Decline };

export function readCardInput(form: URLSearchParams): CardInput {
  return {
    email: (form.get('email') ?? '').trim(),
    name: (form.get('name') ?? '').trim(),
    number: form.get('cardNumber') ?? '',
    expiry: form.get('cardExpiry') ?? '',
    cvc: form.get('cardCvc') ?? '',
  };
}

/** Format checks and the test card's behaviour when it is entered (declined cards stop here). */
export function checkCardInput(input: CardInput, needEmail: boolean): CardResult {
  if (needEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email)) {
    return {
      ok: false,
      field: 'email',
      decline: { code: 'email_invalid', message: 'Enter a valid email address.' },
    };
  }
  const check = checkCard(input.number, input.expiry, input.cvc);
  if (!check.ok) return check;
  if (check.card.declineOnAttach) return { ok: false, field: 'number', decline: check.card.declineOnAttach };
  const expiry = parseExpiry(input.expiry)!;
  return {
    ok: true,
    number: input.number.replace(/[\s-]/g, ''),
    expMonth: expiry.month,
    expYear: expiry.year,
  };
}

function field(
  name: string,
  label: string,
  attrs: string,
  value: string,
  error: { field: string; message: string } | undefined,
) {
  const invalid =
    error?.field === name ||
    (error?.field === 'number' && name === 'cardNumber') ||
    (error?.field === 'expiry' && name === 'cardExpiry') ||
    (error?.field === 'cvc' && name === 'cardCvc');
  return `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}"${
    invalid ? ' aria-invalid="true" aria-describedby="form-error"' : ''
  }></div>`;
}

export function cardFields(
  input: Partial<CardInput>,
  error: { field: string; message: string } | undefined,
  email: { value: string; locked: boolean } | undefined,
): string {
  return [
    email
      ? field(
          'email',
          'Email',
          `type="email" autocomplete="email" required${email.locked ? ' readonly' : ''}`,
          email.value,
          error,
        )
      : '',
    field(
      'cardNumber',
      'Card number',
      'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required',
      input.number ?? '',
      error,
    ),
    `<div class="row">${field('cardExpiry', 'Expiry (MM / YY)', 'autocomplete="cc-exp" placeholder="MM / YY" required', input.expiry ?? '', error)}${field(
      'cardCvc',
      'CVC',
      'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required',
      input.cvc ?? '',
      error,
    )}</div>`,
    field('name', 'Name on card', 'autocomplete="cc-name"', input.name ?? '', error),
    error ? `<p class="error" id="form-error" role="alert">${escapeHtml(error.message)}</p>` : '',
    TEST_CARDS_HELP,
  ].join('\n');
}

export function readForm(raw: string): URLSearchParams {
  return new URLSearchParams(raw);
}
