import { CORS_HEADERS } from '../http.ts';
import {
  type AuthApi,
  type AuthRequest,
  type VerifyType,
  TOKEN_TYPES,
  isVerifyType,
  redirectParam,
} from './api.ts';
import { AuthError, badRequest, forbidden, unprocessable } from './errors.ts';
import { validatePhone } from './phone.ts';
import { optionalString, send, validateEmail } from './request.ts';
import { issueSession } from './sessions.ts';
import {
  consumeOneTimeToken,
  findUserByEmail,
  findUserById,
  isBanned,
  isEmailConfirmed,
  updateUser,
  withTransaction,
} from './store.ts';

/**
 * /verify: the links in Auth's emails (GET, implicit flow: a redirect to
 * `redirect_to#access_token=…&type=…` that supabase-js turns into a session), and what a page posts
 * with `verifyOtp` (POST: `token_hash`, or `token` (the link token or 6-digit code) with `email`).
 */

/** What GoTrue answers when the first of the two links of a secure email change is followed. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/**
 * Applies a consumed token: confirms the email, or moves it to the new address, and signs in. With
 * secure email change, the first of the two links only records its confirmation: null, no session.
 */
async function applyVerification(api: AuthApi, userId: string, relatesTo: string, type: VerifyType) {
  return withTransaction(api.pool, async (db) => {
    const user = await findUserById(db, userId);
    if (!user) throw forbidden('otp_expired', 'Email link is invalid or has expired');
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    if (type === 'email_change' && api.settings.doubleConfirmChanges) {
      const otherLink = await db.query(
        `select 1 from auth.one_time_tokens
          where user_id = $1 and relates_to = $2
            and token_type in ('email_change_token_new', 'email_change_token_current')`,
        [user.id, relatesTo],
      );
      if (otherLink.rowCount) return null;
    }
    if (type === 'email_change') {
      const other = await findUserByEmail(db, relatesTo);
      if (other && other.id !== user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      await updateUser(db, user.id, { email: relatesTo, email_change: null, email_confirmed_at: new Date() });
    } else if (!isEmailConfirmed(user)) {
      await updateUser(db, user.id, { email_confirmed_at: new Date() });
    }
    return issueSession(db, api.config, user.id, type === 'recovery' ? 'recovery' : 'otp');
  });
}

export async function verifyGet(api: AuthApi, r: AuthRequest) {
  const token = r.url.searchParams.get('token') ?? '';
  const type = r.url.searchParams.get('type') ?? '';
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  const redirectTo = redirectParam(api, r);
  const redirect = (fragment: Record<string, string>) => {
    const target = new URL(redirectTo);
    const params = new URLSearchParams(
      Object.entries({ ...fragment, sb: '' }).sort(([a], [b]) => a.localeCompare(b)),
    );
    target.hash = params.toString();
    r.res.writeHead(303, { ...CORS_HEADERS, Location: target.toString(), 'Cache-Control': 'no-store' });
    r.res.end();
  };
  const fail = (error: AuthError) =>
    redirect({
      error:
        error.status === 403 ? 'access_denied' : error.status >= 500 ? 'server_error' : 'invalid_request',
      error_code: error.code,
      error_description: error.message,
    });
  if (!isVerifyType(type)) return fail(badRequest('validation_failed', 'Unsupported verification type'));
  try {
    const found = await consumeOneTimeToken(api.pool, TOKEN_TYPES[type], token, api.settings.otpExpiry);
    if (!found) throw forbidden('otp_expired', 'Email link is invalid or has expired');
    const session = await applyVerification(api, found.userId, found.relatesTo, type);
    if (!session) return redirect({ message: SINGLE_CONFIRMATION_ACCEPTED });
    return redirect({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type,
    });
  } catch (error) {
    if (error instanceof AuthError) return fail(error);
    throw error;
  }
}

export async function verifyPost(api: AuthApi, r: AuthRequest) {
  const body = await r.body();
  const type = optionalString(body, 'type');
  const token = optionalString(body, 'token');
  const tokenHash = optionalString(body, 'token_hash');
  if ((!token && !tokenHash) || (token && tokenHash)) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  if (type === 'sms' || type === 'phone_change') return verifyPhoneOtp(body, token);
  if (!isVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type');
  const email = token ? validateEmail(optionalString(body, 'email')) : undefined;
  const found = await consumeOneTimeToken(
    api.pool,
    TOKEN_TYPES[type],
    (token ?? tokenHash) as string,
    api.settings.otpExpiry,
    email,
  );
  if (!found) throw forbidden('otp_expired', 'Token has expired or is invalid');
  if (email) {
    const owner = await findUserById(api.pool, found.userId);
    const matches =
      type === 'email_change' && found.type === 'email_change_token_new'
        ? found.relatesTo === email
        : owner?.email?.toLowerCase() === email;
    if (!matches) throw forbidden('otp_expired', 'Token has expired or is invalid');
  }
  const session = await applyVerification(api, found.userId, found.relatesTo, type);
  if (!session) return send(r.res, 200, { msg: SINGLE_CONFIRMATION_ACCEPTED, code: 200 });
  return send(r.res, 200, session);
}

/**
 * A phone code (type `sms` or `phone_change`). This project sends no SMS, so no phone code is ever
 * outstanding: the answer is GoTrue's for a code no one holds, after its check of the number.
 */
function verifyPhoneOtp(body: Record<string, unknown>, token: string | undefined): never {
  if (token) validatePhone(optionalString(body, 'phone'));
  else if (optionalString(body, 'phone') || optionalString(body, 'email')) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  throw forbidden('otp_expired', 'Token has expired or is invalid');
}
