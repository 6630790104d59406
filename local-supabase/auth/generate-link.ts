import { apiUrl } from '../config.ts';
import { type AuthApi, type AuthRequest, type VerifyType, createUser, redirectParam } from './api.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { checkMetadata, checkPassword, objectField, optionalString, send, validateEmail } from './request.ts';
import {
  findUserByEmail,
  randomOtp,
  randomToken,
  saveOneTimeToken,
  updateUser,
  userJson,
  type UserRow,
} from './store.ts';

/**
 * POST /admin/generate_link (service role): `auth.admin.generateLink` makes the link (and 6-digit
 * code) an email would carry, without sending it, and answers the user with `action_link`,
 * `email_otp`, `hashed_token`, `verification_type` and `redirect_to` (GoTrue's adminGenerateLink).
 */

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery'] as const;
type LinkType = (typeof LINK_TYPES)[number];
const isLinkType = (value: unknown): value is LinkType =>
  typeof value === 'string' && (LINK_TYPES as readonly string[]).includes(value);

export async function generateLink(api: AuthApi, r: AuthRequest) {
  const body = await r.body();
  const type = optionalString(body, 'type');
  if (type === 'email_change_current' || type === 'email_change_new') return emailChangeLink(api, r, type);
  if (!isLinkType(type)) throw badRequest('validation_failed', 'Invalid email action link type requested');
  const email = validateEmail(optionalString(body, 'email'));
  const data = checkMetadata(objectField(body, 'data') ?? {});
  const redirectTo = redirectParam(api, r);
  let user = await findUserByEmail(api.pool, email);

  const create = async (passwordHash: string | null) =>
    createUser(api, r, api.pool, {
      email,
      passwordHash,
      userMetadata: data,
      appMetadata: { provider: 'email', providers: ['email'] },
      emailConfirmed: false,
    });

  let verificationType: VerifyType = type;
  if (type === 'recovery' && !user) throw notFound('user_not_found', 'User with this email not found');
  if (type === 'signup') {
    if (user?.email_confirmed_at) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    const password = checkPassword(body.password, api.settings.minimumPasswordLength);
    user ??= await create(await api.passwords.hash(password));
  }
  if (type === 'invite') {
    if (user?.email_confirmed_at) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    user = await updateUser(api.pool, (user ?? (await create(null))).id, { invited_at: new Date() });
  }
  if (type === 'magiclink' && !user) {
    // A magic link for a new address signs them up (GoTrue answers a signup link then).
    user = await create(null);
    verificationType = 'signup';
  }
  const target = user as UserRow;
  const token = randomToken();
  const otp = randomOtp();
  const tokenType =
    verificationType === 'recovery' || verificationType === 'magiclink'
      ? 'recovery_token'
      : 'confirmation_token';
  await saveOneTimeToken(api.pool, target.id, tokenType, token, email, otp);
  const query = new URLSearchParams({ token, type: verificationType, redirect_to: redirectTo });
  return send(r.res, 200, {
    ...userJson(target),
    action_link: `${apiUrl(api.config)}/auth/v1/verify?${query.toString()}`,
    email_otp: otp,
    hashed_token: token,
    verification_type: verificationType,
    redirect_to: redirectTo,
  });
}

/**
 * An email change's link for the current address (`email_change_current`, only with secure email
 * change on) or the new one (`email_change_new`): the change is recorded as `updateUser({ email })`
 * records it, and the link confirms it like the emailed one.
 */
async function emailChangeLink(
  api: AuthApi,
  r: AuthRequest,
  type: 'email_change_current' | 'email_change_new',
) {
  const body = await r.body();
  const email = validateEmail(optionalString(body, 'email'));
  const redirectTo = redirectParam(api, r);
  const user = await findUserByEmail(api.pool, email);
  if (!user) throw notFound('user_not_found', 'User with this email not found');
  if (type === 'email_change_current' && !api.settings.doubleConfirmChanges) {
    throw badRequest('validation_failed', 'Enable secure email change to generate link for current email');
  }
  const newEmail = validateEmail(optionalString(body, 'new_email'));
  const other = await findUserByEmail(api.pool, newEmail);
  if (other && other.id !== user.id) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  const updated = await updateUser(api.pool, user.id, { email_change: newEmail });
  const token = randomToken();
  const otp = randomOtp();
  const current = type === 'email_change_current';
  // Both tokens of a change relate to the new address; the code is typed with the address it went to.
  await saveOneTimeToken(
    api.pool,
    user.id,
    current ? 'email_change_token_current' : 'email_change_token_new',
    token,
    newEmail,
    otp,
    current ? email : newEmail,
  );
  const query = new URLSearchParams({ token, type: 'email_change', redirect_to: redirectTo });
  return send(r.res, 200, {
    ...userJson(updated),
    action_link: `${apiUrl(api.config)}/auth/v1/verify?${query.toString()}`,
    email_otp: otp,
    hashed_token: token,
    verification_type: type,
    redirect_to: redirectTo,
  });
}
