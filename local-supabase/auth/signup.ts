import { type AuthApi, type AuthRequest, createUser, redirectParam, sendLinkEmail } from './api.ts';
import { badRequest, unprocessable } from './errors.ts';
import { checkMetadata, checkPassword, objectField, optionalString, send, validateEmail } from './request.ts';
import { issueSession, type SessionResponse } from './sessions.ts';
import { findUserByEmail, isEmailConfirmed, userJson, withTransaction, type UserRow } from './store.ts';

/** What `signInAnonymously()` sends: no email, phone or password. */
export async function isAnonymousSignup(r: AuthRequest) {
  const body = await r.body();
  return !body.email && !body.phone && !body.password;
}

/** POST /signup: a new account with email and password (GoTrue's signup.go). */
export async function signup(api: AuthApi, r: AuthRequest) {
  if (api.disableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const body = await r.body();
  const password = optionalString(body, 'password');
  const rawEmail = optionalString(body, 'email');
  const phone = optionalString(body, 'phone');
  const data = checkMetadata(objectField(body, 'data') ?? {});
  if (!password && !rawEmail && !phone) {
    // Off unless config.toml's `enable_anonymous_sign_ins` turns them on (the CLI's default: off).
    if (!api.settings.anonymousSignIns) {
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    return anonymousSignup(api, r, data);
  }
  if (!password) throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPassword(password, api.settings.minimumPasswordLength);
  if (rawEmail && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  if (!rawEmail && phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  const email = validateEmail(rawEmail);
  const redirectTo = redirectParam(api, r);

  // Hashed whether or not the address is taken, so the answer takes as long either way.
  const passwordHash = await api.passwords.hash(password);
  const existing = await findUserByEmail(api.pool, email);
  if (existing && api.autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
  if (!api.autoconfirm) {
    // A confirmation email follows either way (or would): counted before anything tells them apart.
    api.limits.takeEmailTo(email);
    api.limits.takeEmail();
  }
  if (existing) return repeatedSignup(api, r, existing, data, redirectTo);

  const appMetadata = { provider: 'email', providers: ['email'] };
  const { user, session } = await withTransaction(api.pool, async (db) => {
    const created = await createUser(api, r, db, {
      email,
      passwordHash,
      userMetadata: data,
      appMetadata,
      emailConfirmed: api.autoconfirm,
    });
    const issued: SessionResponse | undefined = api.autoconfirm
      ? await issueSession(db, api.config, created.id, 'password')
      : undefined;
    return { user: created, session: issued };
  });
  if (session) return send(r.res, 200, session);
  api.background('confirmation email', () => sendLinkEmail(api, user, 'signup', redirectTo));
  return send(r.res, 200, userJson({ ...user, confirmation_sent_at: new Date() }));
}

/**
 * A sign-up for a taken address with confirmations on: answered as a new sign-up (with a made-up
 * user), re-sending the confirmation to an unconfirmed address, as GoTrue does.
 */
function repeatedSignup(
  api: AuthApi,
  r: AuthRequest,
  existing: UserRow,
  data: Record<string, unknown>,
  redirectTo: string,
) {
  if (!isEmailConfirmed(existing)) {
    api.background('confirmation email', () => sendLinkEmail(api, existing, 'signup', redirectTo));
  }
  const now = new Date();
  return send(r.res, 200, {
    ...userJson({
      ...existing,
      id: crypto.randomUUID(),
      created_at: now,
      updated_at: now,
      confirmation_sent_at: now,
      email_confirmed_at: null,
      last_sign_in_at: null,
      recovery_sent_at: null,
      email_change: null,
      phone: null,
      raw_user_meta_data: data,
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
    }),
    identities: [],
  });
}

/** POST /signup with no email, phone or password: an anonymous user and their session (GoTrue's signupAnonymously). */
async function anonymousSignup(api: AuthApi, r: AuthRequest, data: Record<string, unknown>) {
  const session = await withTransaction(api.pool, async (db) => {
    const created = await createUser(api, r, db, {
      email: null,
      passwordHash: null,
      userMetadata: data,
      appMetadata: {},
      emailConfirmed: false,
      anonymous: true,
    });
    return issueSession(db, api.config, created.id, 'anonymous');
  });
  return send(r.res, 200, session);
}
