/**
 * Stripe's webhook signature: the `Stripe-Signature` header carries `t=<unix seconds>` and one or
 * more `v1=<hex>` entries, each an HMAC-SHA256, keyed with the endpoint's signing secret, of
 * `<t>.<raw body>`. An event is genuine when one v1 matches (compared in constant time) and t is
 * within the tolerance of our clock, so a captured delivery cannot be replayed later.
 */

export const DEFAULT_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Equal strings in a time that depends only on their length. */
function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The header Stripe would send for this payload at this time (tests and the local stand-in sign so). */
export async function signPayload(payload: string, secret: string, timestamp: number): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export async function verifySignature(
  payload: string,
  header: string | null,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): Promise<SignatureCheck> {
  if (!header) return { ok: false, reason: 'Missing Stripe-Signature header' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1') signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined) return { ok: false, reason: 'Stripe-Signature has no timestamp' };
  if (signatures.length === 0) return { ok: false, reason: 'Stripe-Signature has no v1 signature' };
  const expected = await hmacHex(secret, `${timestamp}.${payload}`);
  if (!signatures.some((signature) => timingSafeEqual(signature, expected))) {
    return { ok: false, reason: 'Signature does not match the payload' };
  }
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'Signature timestamp is outside the tolerance' };
  }
  return { ok: true };
}
