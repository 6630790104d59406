import type { AuthApi, AuthRequest } from './api.ts';
import { badRequest, unexpectedFailure, unprocessable } from './errors.ts';
import { send } from './request.ts';
import {
  consumeOneTimeToken,
  isEmailConfirmed,
  randomOtp,
  randomToken,
  saveOneTimeToken,
  type Db,
  type UserRow,
} from './store.ts';

/**
 * Reauthentication (GoTrue's reauthenticate.go): GET /reauthenticate emails the signed-in user a
 * 6-digit nonce; with `[auth.email] secure_password_change` on, a password change in a session
 * older than a day needs it (`updateUser({ password, nonce })`).
 */
const NONCE_INVALID = 'Nonce has expired or is invalid';
const RECENT_SESSION_MS = 24 * 60 * 60 * 1000;

export async function reauthenticate(api: AuthApi, r: AuthRequest) {
  const user = r.user!;
  if (!user.email && !user.phone) {
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (!user.email) {
    // Phone nonces go by SMS, which this project does not send.
    throw unprocessable('sms_send_failed', 'Error sending reauthentication OTP: no SMS provider configured');
  }
  if (!isEmailConfirmed(user)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  api.limits.takeEmailTo(user.email);
  api.limits.takeEmail();
  const nonce = randomOtp();
  await saveOneTimeToken(api.pool, user.id, 'reauthentication_token', randomToken(), user.email, nonce);
  try {
    await api.mailer.send('reauthentication', user.email, {
      ConfirmationURL: '',
      Token: nonce,
      TokenHash: '',
      SiteURL: api.config.siteUrl,
      RedirectTo: '',
      Email: user.email,
      Data: user.raw_user_meta_data ?? {},
    });
  } catch (error) {
    api.log('auth', `sending the reauthentication email failed: ${(error as Error).message}`);
    throw unexpectedFailure('Error sending reauthentication email');
  }
  return send(r.res, 200, {});
}

/**
 * Checks a password change against secure_password_change: nothing to do when it is off or the
 * session is less than a day old; otherwise the nonce must be given, and is used up.
 */
export async function checkReauthentication(
  api: AuthApi,
  db: Db,
  user: UserRow,
  sessionId: string | undefined,
  nonce: string | undefined,
): Promise<void> {
  if (!api.settings.securePasswordChange) return;
  const { rows } = await db.query<{ created_at: Date }>(
    `select created_at from auth.sessions where id = $1`,
    [sessionId ?? null],
  );
  const started = rows[0]?.created_at;
  if (started && Date.now() - started.getTime() < RECENT_SESSION_MS) return;
  if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  if (!user.email) {
    throw unprocessable('reauthentication_not_valid', 'Reauthentication requires an email or a phone number');
  }
  const used = await consumeOneTimeToken(
    db,
    ['reauthentication_token'],
    nonce,
    api.settings.otpExpiry,
    user.email,
  );
  if (!used || used.userId !== user.id) throw unprocessable('reauthentication_not_valid', NONCE_INVALID);
}
