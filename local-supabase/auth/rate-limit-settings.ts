/**
 * The shape of Auth's rate limits, on its own below both the stack's settings (../config.ts, which
 * lets a test stack override them) and Auth's reading of config.toml (config.ts).
 */

/** The `[auth.rate_limit]` keys, with the Supabase CLI's units. */
export interface RateLimitSettings {
  /** emails Auth may send per hour, project-wide (GOTRUE_RATE_LIMIT_EMAIL_SENT) */
  emailSent: number;
  /** anonymous sign-ins per hour per IP (GOTRUE_RATE_LIMIT_ANONYMOUS_USERS) */
  anonymousUsers: number;
  /** /token requests (password and refresh grants) per 5 minutes per IP (GOTRUE_RATE_LIMIT_TOKEN_REFRESH) */
  tokenRefresh: number;
  /** sign-ups, OTP and magic links, recovery, resend, user updates per 5 minutes per IP (GOTRUE_RATE_LIMIT_OTP) */
  signInSignUps: number;
  /** /verify requests per 5 minutes per IP (GOTRUE_RATE_LIMIT_VERIFY) */
  tokenVerifications: number;
}
