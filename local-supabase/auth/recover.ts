import { type AuthApi, type AuthRequest, createUser, redirectParam, sendLinkEmail } from './api.ts';
import { badRequest, unprocessable } from './errors.ts';
import { checkMetadata, objectField, optionalString, send, validateEmail } from './request.ts';
import { findUserByEmail, isBanned, isEmailConfirmed } from './store.ts';

/**
 * The endpoints that email a link to an address: /recover, /otp (and /magiclink), /resend. Whether
 * the address has an account must not show, neither in the answer nor in how long it takes: the
 * limits are counted first, the answer is the same, and the email goes out after the answer.
 */

/** Counts the email against the per-address and project limits whether or not it will be sent. */
function countEmail(api: AuthApi, email: string) {
  api.limits.takeEmailTo(email);
  api.limits.takeEmail();
}

/** POST /recover: a password reset link, if the address has an account. */
export async function recover(api: AuthApi, r: AuthRequest) {
  const raw = optionalString(await r.body(), 'email');
  if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(raw);
  countEmail(api, email);
  const redirectTo = redirectParam(api, r);
  api.background('recovery email', async () => {
    const user = await findUserByEmail(api.pool, email);
    if (user && !isBanned(user)) await sendLinkEmail(api, user, 'recovery', redirectTo);
  });
  return send(r.res, 200, {});
}

/**
 * POST /otp and /magiclink: a sign-in link for an account, or a sign-up link for a new address
 * (unless `create_user` is false: then an unknown address is refused with otp_disabled, as GoTrue does).
 */
export async function otp(api: AuthApi, r: AuthRequest) {
  const body = await r.body();
  if (optionalString(body, 'phone'))
    throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  const email = validateEmail(optionalString(body, 'email'));
  const createUserAllowed = body.create_user !== false;
  const data = checkMetadata(objectField(body, 'data') ?? {});
  const redirectTo = redirectParam(api, r);
  countEmail(api, email);
  const user = await findUserByEmail(api.pool, email);
  // As GoTrue: an unknown address with create_user false is refused (otp_disabled), not mailed.
  if (!user && !createUserAllowed) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  if (!user && createUserAllowed) {
    if (api.disableSignup) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
    // The before-user-created hook decides here, and its refusal is the answer (as in GoTrue).
    const created = await createUser(api, r, api.pool, {
      email,
      passwordHash: null,
      userMetadata: data,
      appMetadata: { provider: 'email', providers: ['email'] },
      emailConfirmed: false,
    });
    api.background('sign-up link', () => sendLinkEmail(api, created, 'signup', redirectTo));
  } else if (user && !isBanned(user)) {
    const type = isEmailConfirmed(user) ? 'magiclink' : 'signup';
    api.background('sign-in link', () => sendLinkEmail(api, user, type, redirectTo));
  }
  return send(r.res, 200, {});
}

/** POST /resend: the sign-up confirmation again, for an unconfirmed account. */
export async function resend(api: AuthApi, r: AuthRequest) {
  const body = await r.body();
  const type = optionalString(body, 'type');
  if (type !== 'signup') throw badRequest('validation_failed', 'Missing one of these types: signup');
  const email = validateEmail(optionalString(body, 'email'));
  countEmail(api, email);
  const redirectTo = redirectParam(api, r);
  api.background('confirmation email', async () => {
    const user = await findUserByEmail(api.pool, email);
    if (user && !isEmailConfirmed(user)) await sendLinkEmail(api, user, 'signup', redirectTo);
  });
  return send(r.res, 200, {});
}
