/**
 * The caps on sending that keep the mailing functions from being a spam relay: so many emails an
 * hour (and a day) to one address, so many sends an hour, and so many distinct
 * recipients an hour, from one client. The counting lives in
 * Postgres (public.reserve_mail_send, migration 20261123000200), so it holds across every instance
 * of every function; this is the functions' side of it.
 */

/** One send the function is about to make. */
export interface SendRequest {
  /** the function's name, e.g. 'send-quiz-results' */
  fn: string;
  /** the form's address the email goes to (the team's copy is not counted) */
  recipient: string;
  /** the client's address as the function sees it, or null when unknown */
  client: string | null;
}

export type CapDecision = { allowed: true } | { allowed: false; reason: string; retryAfterSeconds: number };

export interface MailCaps {
  /** Records the send if it is within the caps; otherwise refuses it and records nothing. */
  reserve(request: SendRequest): Promise<CapDecision>;
}

/**
 * The client's address: the last entry of `x-forwarded-for`, the one the gateway in front of the
 * function appended from the connection it received (Supabase's, and the local stack's). Entries
 * before it are whatever the client sent in its own header, so they are never trusted: keying on
 * them would let a client pick a fresh cap for every request. Null when absent or not an address.
 */
export function clientAddress(req: Request): string | null {
  const last = (req.headers.get('x-forwarded-for') ?? '').split(',').pop()?.trim() ?? '';
  if (last === '' || last.length > 64 || !/^[0-9A-Fa-f:.]+$/.test(last)) return null;
  return last.toLowerCase();
}
