import { type AuthApi, type AuthRequest, createUser, redirectParam, sendLinkEmail } from './api.ts';
import { unprocessable } from './errors.ts';
import { checkMetadata, objectField, optionalString, send, validateEmail } from './request.ts';
import { findUserByEmail, isEmailConfirmed, updateUser, userJson } from './store.ts';

/**
 * POST /invite (service role): `auth.admin.inviteUserByEmail` creates the account and emails a link
 * that signs the person in. As in GoTrue, a new invited user goes through the before-user-created hook.
 */
export async function invite(api: AuthApi, r: AuthRequest) {
  const body = await r.body();
  const email = validateEmail(optionalString(body, 'email'));
  const data = checkMetadata(objectField(body, 'data') ?? {});
  const existing = await findUserByEmail(api.pool, email);
  if (existing && isEmailConfirmed(existing)) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  api.limits.takeEmailTo(email);
  api.limits.takeEmail();
  const user =
    existing ??
    (await createUser(api, r, api.pool, {
      email,
      passwordHash: null,
      userMetadata: data,
      appMetadata: { provider: 'email', providers: ['email'] },
      emailConfirmed: false,
    }));
  const invited = await updateUser(api.pool, user.id, { invited_at: new Date() });
  await sendLinkEmail(api, invited, 'invite', redirectParam(api, r));
  return send(r.res, 200, userJson({ ...invited, confirmation_sent_at: new Date() }));
}
