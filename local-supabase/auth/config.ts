import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';
import type { RateLimitSettings } from './rate-limit-settings.ts';
import { parseToml, type TomlValue } from './toml.ts';

/**
 * Auth's settings, read from `supabase/config.toml` as the Supabase CLI reads them, so the local
 * stack and a hosted project (`supabase config push`) behave alike:
 *   [auth]                          enable_signup, minimum_password_length
 *   [auth.email]                    enable_signup, enable_confirmations
 *   [auth.rate_limit]               email_sent, token_refresh, sign_in_sign_ups, token_verifications, anonymous_users
 *   [auth.email.template.<kind>]    subject, content_path (relative to the project folder)
 *   [auth.hook.before_user_created] enabled, uri = "pg-functions://postgres/<schema>/<function>"
 *   [auth.hook.password_verification_attempt], [auth.hook.mfa_verification_attempt]: the same keys
 *   [auth.mfa]                      max_enrolled_factors; [auth.mfa.totp] enroll_enabled, verify_enabled
 */

/** Multi-factor settings (GoTrue's MFA_* variables); TOTP is on unless config.toml turns it off. */
export interface MfaSettings {
  maxEnrolledFactors: number;
  totpEnrollEnabled: boolean;
  totpVerifyEnabled: boolean;
  /** `[auth.mfa.web_authn] enroll_enabled`: off unless config.toml turns it on */
  webauthnEnrollEnabled: boolean;
}

export type EmailKind =
  'confirmation' | 'recovery' | 'magic_link' | 'invite' | 'email_change' | 'reauthentication';
/** The emails the product brands with its own templates (config.toml names each). */
export const EMAIL_KINDS: EmailKind[] = ['confirmation', 'recovery', 'magic_link', 'invite', 'email_change'];
/** Every kind config.toml may give a template: also the reauthentication nonce (GoTrue's default otherwise). */
const TEMPLATE_KINDS: EmailKind[] = [...EMAIL_KINDS, 'reauthentication'];

export interface EmailTemplateSetting {
  subject?: string;
  /** absolute path of the HTML template */
  contentPath?: string;
}

export interface HookSetting {
  enabled: boolean;
  /** `pg-functions://postgres/<schema>/<function>` */
  uri: string;
}

export interface AuthSettings {
  enableSignup: boolean;
  enableConfirmations: boolean;
  /**
   * Secure email change (`double_confirm_changes`, GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED): a
   * new address takes effect only once the links sent to the current and the new address are both
   * followed. GoTrue's default is on.
   */
  doubleConfirmChanges: boolean;
  /**
   * `[auth.email] secure_password_change` (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION):
   * a password change in a session older than 24 hours needs the nonce `reauthenticate()` emails.
   */
  securePasswordChange: boolean;
  /** `[auth.email] otp_expiry`: seconds an emailed code (and a reauthentication nonce) stays valid. */
  otpExpiry: number;
  minimumPasswordLength: number;
  rateLimit: RateLimitSettings;
  templates: Partial<Record<EmailKind, EmailTemplateSetting>>;
  beforeUserCreated?: HookSetting;
  passwordVerificationAttempt?: HookSetting;
  mfaVerificationAttempt?: HookSetting;
  mfa: MfaSettings;
  /** `[auth] signing_keys_path`, resolved: private JWKs to sign tokens with (else HS256). */
  signingKeysPath?: string;
  /** `[auth] enable_anonymous_sign_ins` (GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED), off by default. */
  anonymousSignIns: boolean;
  /** `[auth] enable_manual_linking` (GOTRUE_SECURITY_MANUAL_LINKING_ENABLED), off by default. */
  manualLinking: boolean;
  /** `[auth.sms] enable_signup`: phone sign-ups and OTP (an SMS provider or test OTPs needed). */
  phoneSignup: boolean;
  /** `[auth.sms.test_otp]`: phone number (digits) → fixed code, for which no SMS is sent. */
  testOtp: Record<string, string>;
}

/** GoTrue's own defaults, for keys config.toml leaves out. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  emailSent: 30,
  anonymousUsers: 30,
  tokenRefresh: 150,
  signInSignUps: 30,
  tokenVerifications: 30,
};

/**
 * The project's config.toml; `LOCAL_SUPABASE_AUTH_CONFIG` names another one for Auth alone (e.g. the
 * auth-js suite's own `test/supabase/config.toml`, see docs/auth-conformance.md).
 */
export const CONFIG_TOML =
  process.env.LOCAL_SUPABASE_AUTH_CONFIG ?? path.join(PROJECT_ROOT, 'supabase', 'config.toml');

function bool(value: TomlValue | undefined, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function count(value: TomlValue | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Error(`config.toml: ${name} must be a whole number, got ${JSON.stringify(value)}`);
  }
  return value;
}

export function parseAuthSettings(
  toml: string,
  projectRoot = PROJECT_ROOT,
  supabaseDir = path.join(projectRoot, 'supabase'),
): AuthSettings {
  const tables = parseToml(toml);
  const auth = tables.get('auth') ?? {};
  const email = tables.get('auth.email') ?? {};
  const limits = tables.get('auth.rate_limit') ?? {};
  const templates: AuthSettings['templates'] = {};
  for (const kind of TEMPLATE_KINDS) {
    const table = tables.get(`auth.email.template.${kind}`);
    if (!table) continue;
    const contentPath = typeof table.content_path === 'string' ? table.content_path : undefined;
    templates[kind] = {
      subject: typeof table.subject === 'string' ? table.subject : undefined,
      contentPath: contentPath ? path.resolve(projectRoot, contentPath) : undefined,
    };
  }
  const hookSetting = (name: string): HookSetting | undefined => {
    const hook = tables.get(`auth.hook.${name}`);
    return hook && typeof hook.uri === 'string'
      ? { enabled: bool(hook.enabled, false), uri: hook.uri }
      : undefined;
  };
  const mfa = tables.get('auth.mfa') ?? {};
  const totp = tables.get('auth.mfa.totp') ?? {};
  const sms = tables.get('auth.sms') ?? {};
  const testOtp: Record<string, string> = {};
  for (const [phone, code] of Object.entries(tables.get('auth.sms.test_otp') ?? {})) {
    testOtp[phone.replace(/\D/g, '')] = String(code);
  }
  return {
    enableSignup: bool(auth.enable_signup, true) && bool(email.enable_signup, true),
    enableConfirmations: bool(email.enable_confirmations, false),
    doubleConfirmChanges: bool(email.double_confirm_changes, true),
    securePasswordChange: bool(email.secure_password_change, false),
    otpExpiry: count(email.otp_expiry, 3600, 'auth.email.otp_expiry'),
    minimumPasswordLength: count(auth.minimum_password_length, 6, 'auth.minimum_password_length'),
    rateLimit: {
      emailSent: count(limits.email_sent, DEFAULT_RATE_LIMITS.emailSent, 'email_sent'),
      anonymousUsers: count(limits.anonymous_users, DEFAULT_RATE_LIMITS.anonymousUsers, 'anonymous_users'),
      tokenRefresh: count(limits.token_refresh, DEFAULT_RATE_LIMITS.tokenRefresh, 'token_refresh'),
      signInSignUps: count(limits.sign_in_sign_ups, DEFAULT_RATE_LIMITS.signInSignUps, 'sign_in_sign_ups'),
      tokenVerifications: count(
        limits.token_verifications,
        DEFAULT_RATE_LIMITS.tokenVerifications,
        'token_verifications',
      ),
    },
    templates,
    beforeUserCreated: hookSetting('before_user_created'),
    passwordVerificationAttempt: hookSetting('password_verification_attempt'),
    mfaVerificationAttempt: hookSetting('mfa_verification_attempt'),
    mfa: {
      maxEnrolledFactors: count(mfa.max_enrolled_factors, 10, 'auth.mfa.max_enrolled_factors'),
      totpEnrollEnabled: bool(totp.enroll_enabled, true),
      totpVerifyEnabled: bool(totp.verify_enabled, true),
      webauthnEnrollEnabled: bool(tables.get('auth.mfa.web_authn')?.enroll_enabled, false),
    },
    signingKeysPath:
      typeof auth.signing_keys_path === 'string' && auth.signing_keys_path
        ? path.resolve(supabaseDir, auth.signing_keys_path)
        : undefined,
    anonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
    manualLinking: bool(auth.enable_manual_linking, false),
    phoneSignup: bool(sms.enable_signup, false),
    testOtp,
  };
}

export function readAuthSettings(file = CONFIG_TOML): AuthSettings {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    /* no config.toml: GoTrue's defaults */
  }
  return parseAuthSettings(text, path.resolve(path.dirname(file), '..'), path.dirname(file));
}
