import type { AuthApi, AuthRequest } from './api.ts';
import { web3Disabled } from './disabled.ts';
import { idTokenGrant } from './id-token.ts';
import { badRequest } from './errors.ts';
import { MAX_PASSWORD_BYTES, optionalString, passwordBytes, send } from './request.ts';
import { issueSession, logout as endSessions, refreshSession } from './sessions.ts';
import { findUserByEmail, findUserByPhone, isBanned, isEmailConfirmed, withTransaction } from './store.ts';

/** POST /token?grant_type=password|refresh_token (GoTrue's token.go). */
export async function token(api: AuthApi, r: AuthRequest) {
  const grant = r.url.searchParams.get('grant_type');
  const handler =
    grant === 'password'
      ? passwordGrant
      : grant === 'refresh_token'
        ? refreshGrant
        : grant === 'web3'
          ? web3Disabled
          : grant === 'id_token'
            ? idTokenGrant
            : undefined;
  if (!handler) throw badRequest('invalid_credentials', 'unsupported_grant_type');
  // GoTrue limits both grants with one bucket, the token_refresh rate.
  api.limits.check('token', r.ip);
  return handler(api, r);
}

async function passwordGrant(api: AuthApi, r: AuthRequest) {
  const body = await r.body();
  const email = optionalString(body, 'email');
  const phone = optionalString(body, 'phone');
  const password = optionalString(body, 'password') ?? '';
  if (email && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  }
  if (!email && !phone) throw badRequest('validation_failed', 'missing email or phone');
  const user = email
    ? await findUserByEmail(api.pool, email.trim())
    : await findUserByPhone(api.pool, phone ?? '');
  // No user, no password, or one longer than bcrypt reads: compared against a dummy all the same,
  // so a wrong email takes as long as a wrong password, and a 73rd byte never "matches" by truncation.
  const tooLong = passwordBytes(password) > MAX_PASSWORD_BYTES;
  const matches = await api.passwords.verify(password, tooLong ? null : user?.encrypted_password);
  if (user?.encrypted_password && !isBanned(user)) {
    // GoTrue asks the password-verification hook about every checked password, right or wrong, of a
    // user who has one; a rejection answers 400 invalid_credentials with the hook's message.
    const decision = await api.hooks.passwordVerificationAttempt(user.id, matches, r.ip);
    if (decision?.reject) {
      if (decision.shouldLogoutUser) await endSessions(api.pool, user.id, undefined, 'global');
      throw badRequest('invalid_credentials', decision.message);
    }
  }
  if (!user || !matches) throw badRequest('invalid_credentials', 'Invalid login credentials');
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (email && !isEmailConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  if (!email && !user.phone_confirmed_at) throw badRequest('phone_not_confirmed', 'Phone not confirmed');
  const session = await withTransaction(api.pool, (db) => issueSession(db, api.config, user.id, 'password'));
  return send(r.res, 200, session);
}

async function refreshGrant(api: AuthApi, r: AuthRequest) {
  const refreshToken = optionalString(await r.body(), 'refresh_token');
  if (!refreshToken) throw badRequest('validation_failed', 'refresh_token required');
  return send(r.res, 200, await refreshSession(api.pool, api.config, refreshToken));
}
