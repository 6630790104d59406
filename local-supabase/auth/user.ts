import { type AuthApi, type AuthRequest, redirectParam, sendLinkEmail } from './api.ts';
import { badRequest, forbidden, unexpectedFailure, unprocessable } from './errors.ts';
import {
  checkMetadata,
  checkPassword,
  mergeMetadata,
  objectField,
  optionalString,
  send,
  validateEmail,
} from './request.ts';
import { checkReauthentication } from './reauthenticate.ts';
import { findUserByEmail, updateUser, userJson, withTransaction, type UserRow } from './store.ts';

/** GET /user: the signed-in user. */
export function getUser(_api: AuthApi, r: AuthRequest) {
  return send(r.res, 200, userJson(r.user!));
}

/** PUT /user: the signed-in user changes their password, metadata or email (GoTrue's user.go). */
export async function putUser(api: AuthApi, r: AuthRequest) {
  const user = r.user!;
  const body = await r.body();
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  const rawEmail = optionalString(body, 'email');
  const email = rawEmail ? validateEmail(rawEmail) : undefined;
  const password =
    body.password === undefined || body.password === null
      ? undefined
      : checkPassword(body.password, api.settings.minimumPasswordLength);
  const data = objectField(body, 'data');
  if (optionalString(body, 'phone'))
    throw badRequest('phone_provider_disabled', 'Phone changes are disabled');

  const changes: Partial<Record<keyof UserRow, unknown>> = {};
  if (password !== undefined) {
    await checkReauthentication(api, api.pool, user, r.sessionId, optionalString(body, 'nonce'));
    if (await api.passwords.verify(password, user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    changes.encrypted_password = await api.passwords.hash(password);
  }
  if (data) changes.raw_user_meta_data = checkMetadata(mergeMetadata(user.raw_user_meta_data, data));

  let emailChangeTo: string | undefined;
  if (email && email !== (user.email ?? '').toLowerCase()) {
    const other = await findUserByEmail(api.pool, email);
    if (other && other.id !== user.id) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    emailChangeTo = email;
    changes.email_change = email;
  }

  let updated = user;
  if (Object.keys(changes).length > 0) {
    updated = await withTransaction(api.pool, async (db) => {
      let row: UserRow;
      try {
        row = await updateUser(db, user.id, changes);
      } catch (error) {
        // GoTrue's answer when the database refuses a password write (e.g. a trigger: a child's
        // login, whose secret only the parent sets, docs/decisions/127).
        if (password === undefined) throw error;
        api.log('auth', `password storage refused: ${(error as Error).message}`);
        throw unexpectedFailure('Error during password storage');
      }
      if (password !== undefined) {
        // After a password change only the session that made it stays signed in (as GoTrue does).
        const others = await db.query<{ id: string }>(
          `select id from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)`,
          [user.id, r.sessionId ?? null],
        );
        const ids = others.rows.map((row) => row.id);
        if (ids.length) {
          await db.query(`delete from auth.refresh_tokens where session_id = any($1::uuid[])`, [ids]);
          await db.query(`delete from auth.sessions where id = any($1::uuid[])`, [ids]);
        }
      }
      return row;
    });
  }
  if (emailChangeTo) {
    api.limits.takeEmailTo(emailChangeTo);
    api.limits.takeEmail();
    await sendLinkEmail(api, updated, 'email_change', redirectParam(api, r), emailChangeTo);
    if (api.settings.doubleConfirmChanges && user.email) {
      // Secure email change: the current address confirms too (GoTrue mails both).
      api.limits.takeEmail();
      await sendLinkEmail(api, updated, 'email_change', redirectParam(api, r), user.email, true);
    }
  }
  return send(r.res, 200, userJson(updated));
}
