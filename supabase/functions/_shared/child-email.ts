/**
 * A child's Auth address (docs/decisions/151-child-sign-in-function.md): on the reserved child domain
 * (RFC 2606 reserves `.invalid`: no address on it can ever receive mail), and random, so it says
 * nothing about the child's username: `c-<32 hex digits>@child.ploom.invalid`, 128 random bits.
 */
export const CHILD_EMAIL_DOMAIN = 'child.ploom.invalid';

/** A fresh random child address. */
export function randomChildEmail(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `c-${hex}@${CHILD_EMAIL_DOMAIN}`;
}
