import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { AuthApi, AuthRequest } from './api.ts';
import { AuthError, badRequest, forbidden, notFound, unexpectedFailure, unprocessable } from './errors.ts';
import type { Middleware } from './middleware.ts';
import {
  deleteExpiredFactors,
  downgradeSessionsOf,
  factorJson,
  findChallenge,
  findOwnedFactor,
  inetOf,
  insertChallenge,
  insertFactor,
  listFactors,
  sessionAal,
  CHALLENGE_EXPIRY_SECONDS,
  type FactorRow,
} from './mfa-store.ts';
import { optionalString, send } from './request.ts';
import { logout as endSessions, raiseSessionToAal2 } from './sessions.ts';
import { findUserById, isUuid, userJson, withTransaction } from './store.ts';

/**
 * Multi-factor authentication with TOTP, as GoTrue's internal/api/mfa.go answers it: enrol a factor
 * (a secret, its otpauth:// URI and a QR code of it as SVG), challenge it, verify a code against a
 * challenge (the session reaches aal2), unenrol it, and the admin's view of a user's factors.
 * Codes follow RFC 6238 as authenticator apps do: SHA-1, 6 digits, 30-second steps, one step of skew.
 */

const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** The factor named in the path, which must belong to the caller (GoTrue's loadFactor). */
async function loadFactor(api: AuthApi, userId: string, raw: string): Promise<FactorRow> {
  const id = decodeURIComponent(raw);
  if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await findOwnedFactor(api.pool, userId, id);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

const factorIdOf = (r: AuthRequest) => /^\/factors\/([^/]+)/.exec(r.path)?.[1] ?? '';

/** Whether the caller's session reached aal2 (as stored: a removed factor lowers it at once). */
const isAal2 = async (api: AuthApi, r: AuthRequest) => (await sessionAal(api.pool, r.sessionId)) === 'aal2';

/** GoTrue's requireNotAnonymous: anonymous users have no factors. */
export const requireNotAnonymous: Middleware = (_api, r) => {
  if (r.claims?.is_anonymous === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  }
};

function requireSession(r: AuthRequest, what: string): string {
  if (!r.sessionId || !r.user) {
    throw unexpectedFailure(`A valid session and a registered user are required to ${what}`);
  }
  return r.sessionId;
}

/** GET /user: the signed-in user, with the factors they enrolled. */
export async function getUserWithFactors(api: AuthApi, r: AuthRequest) {
  const factors = await listFactors(api.pool, r.user!.id);
  return send(r.res, 200, userJson(r.user!, factors.map(factorJson)));
}

/** POST /factors: enrols a new, unverified factor. */
export async function enroll(api: AuthApi, r: AuthRequest) {
  requireSession(r, 'enroll a factor');
  const user = r.user!;
  const body = await r.body();
  const factorType = optionalString(body, 'factor_type');
  const friendlyName = optionalString(body, 'friendly_name') ?? '';
  const issuerParam = optionalString(body, 'issuer') ?? '';
  if (factorType === 'phone')
    throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (factorType === 'webauthn' && !api.settings.mfa.webauthnEnrollEnabled) {
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (factorType !== 'totp' && factorType !== 'webauthn') {
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  if (factorType === 'totp' && !api.settings.mfa.totpEnrollEnabled) {
    throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  }
  const issuer = issuerParam || new URL(api.config.siteUrl).host;

  await deleteExpiredFactors(api.pool, user.id);
  const factors = await listFactors(api.pool, user.id);
  if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
    );
  }
  const verified = factors.filter((factor) => factor.status === 'verified').length;
  if (factors.length >= api.settings.mfa.maxEnrolledFactors) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && !(await isAal2(api, r)))
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  if (factorType === 'webauthn') return enrollWebAuthn(api, r, friendlyName);

  const totp = new OTPAuth.TOTP({
    ...TOTP_OPTIONS,
    issuer,
    label: user.email ?? '',
    secret: new OTPAuth.Secret({ size: 20 }),
  });
  const uri = totp.toString();
  let qrCode: string;
  try {
    qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  } catch {
    throw unexpectedFailure('Error generating QR Code');
  }
  const factor = await insertNamedFactor(api, user.id, friendlyName, 'totp', totp.secret.base32);
  // The SVG itself, not a data URI: auth-js turns it into one (as GoTrue answers).
  return send(r.res, 200, {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: qrCode.trim(), secret: totp.secret.base32, uri },
  });
}

/** Records a new factor; a friendly name the user already has answers as GoTrue does (422). */
async function insertNamedFactor(
  api: AuthApi,
  userId: string,
  friendlyName: string,
  type: Parameters<typeof insertFactor>[3],
  secret: string | null,
): Promise<FactorRow> {
  try {
    return await insertFactor(api.pool, userId, friendlyName, type, secret);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    throw error;
  }
}

/**
 * A WebAuthn factor, with `[auth.mfa.web_authn] enroll_enabled` (off in this project): GoTrue
 * records it unverified and answers its id; the key is registered at its first challenge and
 * verification, the WebAuthn ceremony, which this stack does not run (those answer as disabled).
 */
async function enrollWebAuthn(api: AuthApi, r: AuthRequest, friendlyName: string) {
  const factor = await insertNamedFactor(api, r.user!.id, friendlyName, 'webauthn', null);
  return send(r.res, 200, { id: factor.id, type: 'webauthn', friendly_name: factor.friendly_name ?? '' });
}

function refuseWebAuthnCeremony(factor: FactorRow) {
  if (factor.factor_type === 'webauthn') {
    throw unprocessable('mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
  }
}

/** POST /factors/{id}/challenge: a challenge to verify a code against, tied to the caller's address. */
export async function challenge(api: AuthApi, r: AuthRequest) {
  const factor = await loadFactor(api, r.user!.id, factorIdOf(r));
  refuseWebAuthnCeremony(factor);
  if (!api.settings.mfa.totpVerifyEnabled) {
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  }
  const created = await insertChallenge(api.pool, factor.id, inetOf(r.ip));
  return send(r.res, 200, {
    id: created.id,
    type: factor.factor_type,
    expires_at: Math.floor(created.created_at.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS,
  });
}

/** POST /factors/{id}/verify: checks the code; the session reaches aal2 and a new one is answered. */
export async function verify(api: AuthApi, r: AuthRequest) {
  const sessionId = requireSession(r, 'verify a factor');
  const user = r.user!;
  const factor = await loadFactor(api, user.id, factorIdOf(r));
  refuseWebAuthnCeremony(factor);
  const body = await r.body();
  const challengeId = optionalString(body, 'challenge_id');
  if (challengeId !== undefined && !isUuid(challengeId)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: challenge_id must be a UUID');
  }
  const code = optionalString(body, 'code') ?? '';
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
  if (!api.settings.mfa.totpVerifyEnabled) {
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
  }

  let failure: AuthError | undefined;
  let rejected = false;
  const session = await withTransaction(api.pool, async (db) => {
    const found = challengeId ? await findChallenge(db, factor.id, challengeId) : undefined;
    if (!found) {
      throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    if (found.verified_at !== null || found.ip_address !== inetOf(r.ip)) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (found.expired) {
      await db.query(`delete from auth.mfa_challenges where id = $1`, [found.id]);
      failure = unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
      );
      return undefined;
    }
    const { rows } = await db.query<{ secret: string | null }>(
      `select secret from auth.mfa_factors where id = $1 for update`,
      [factor.id],
    );
    const secret = rows[0]?.secret;
    const valid =
      secret !== null &&
      secret !== undefined &&
      /^\d{6}$/.test(code) &&
      new OTPAuth.TOTP({ ...TOTP_OPTIONS, secret: OTPAuth.Secret.fromBase32(secret) }).validate({
        token: code,
        window: 1,
      }) !== null;
    // GoTrue asks the mfa-verification hook about every checked code (in the hook's own transaction,
    // while this one holds the challenge, so one factor's attempts are judged one at a time). A
    // rejection signs the user out everywhere and answers 403 with the hook's message.
    const decision = await api.hooks.mfaVerificationAttempt(
      { userId: user.id, factorId: factor.id, factorType: factor.factor_type, valid },
      r.ip,
    );
    if (decision?.reject) {
      rejected = true;
      failure = forbidden('mfa_verification_rejected', decision.message);
      return undefined;
    }
    if (!valid) {
      // As GoTrue: a wrong code leaves the challenge usable until it expires; the hook limits guesses.
      failure = unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
      return undefined;
    }
    await db.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [found.id]);
    if (factor.status !== 'verified') {
      await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
        factor.id,
      ]);
    }
    const answer = await raiseSessionToAal2(db, api.config, user.id, sessionId, factor.id, 'totp');
    // Once one factor of a type is verified, the user's half-enrolled ones of that type go.
    await db.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = $2 and status = 'unverified'`,
      [user.id, factor.factor_type],
    );
    return answer;
  });
  if (rejected) await endSessions(api.pool, user.id, undefined, 'global');
  if (failure) throw failure;
  return send(r.res, 200, session);
}

/** DELETE /factors/{id}: removes a factor; a verified one only from a session at aal2. */
export async function unenroll(api: AuthApi, r: AuthRequest) {
  requireSession(r, 'unenroll a factor');
  const factor = await loadFactor(api, r.user!.id, factorIdOf(r));
  if (factor.status === 'verified' && !(await isAal2(api, r))) {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await withTransaction(api.pool, async (db) => {
    await db.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    await downgradeSessionsOf(db, factor);
  });
  return send(r.res, 200, { id: factor.id });
}

// ---- the admin API: /admin/users/{user_id}/factors[/{factor_id}] ----

const ADMIN_FACTORS = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/;
export const ADMIN_FACTORS_PATH = ADMIN_FACTORS;

async function adminTarget(api: AuthApi, r: AuthRequest) {
  const [, rawUser, rawFactor] = ADMIN_FACTORS.exec(r.path) ?? [];
  const userId = decodeURIComponent(rawUser ?? '');
  if (!isUuid(userId)) throw notFound('user_not_found', 'User not found');
  const user = await findUserById(api.pool, userId);
  if (!user) throw notFound('user_not_found', 'User not found');
  const factor = rawFactor === undefined ? undefined : await loadFactor(api, user.id, rawFactor);
  return { user, factor };
}

/** GET /admin/users/{id}/factors */
export async function adminListFactors(api: AuthApi, r: AuthRequest) {
  const { user, factor } = await adminTarget(api, r);
  if (factor) throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  return send(r.res, 200, (await listFactors(api.pool, user.id)).map(factorJson));
}

/** DELETE /admin/users/{id}/factors/{factor_id}: answers the deleted factor. */
export async function adminDeleteFactor(api: AuthApi, r: AuthRequest) {
  const { factor } = await adminTarget(api, r);
  if (!factor) throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  await withTransaction(api.pool, async (db) => {
    await db.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    await downgradeSessionsOf(db, factor);
  });
  return send(r.res, 200, factorJson(factor));
}

/** PUT /admin/users/{id}/factors/{factor_id}: renames a factor. */
export async function adminUpdateFactor(api: AuthApi, r: AuthRequest) {
  const { factor } = await adminTarget(api, r);
  if (!factor) throw new AuthError(405, 'method_not_allowed', 'Method not allowed');
  const friendlyName = optionalString(await r.body(), 'friendly_name');
  if (friendlyName !== undefined) {
    const { rows } = await api.pool.query<FactorRow>(
      `update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1
       returning id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, last_challenged_at`,
      [factor.id, friendlyName],
    );
    return send(r.res, 200, factorJson(rows[0]));
  }
  return send(r.res, 200, factorJson(factor));
}
