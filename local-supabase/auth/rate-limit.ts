import { tooManyRequests } from './errors.ts';
import type { RateLimitSettings } from './rate-limit-settings.ts';

/**
 * GoTrue's rate limits. Per-IP limits are token buckets (GoTrue uses tollbooth): each bucket holds
 * at most `burst` requests and refills at the configured rate, so short bursts pass and a steady
 * stream is held to the rate. Emails are counted project-wide in fixed hourly windows.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    /** requests added back per millisecond */
    private readonly perMs: number,
    private readonly burst: number,
    private readonly ttlMs: number,
  ) {}

  static per(events: number, windowMs: number, burst: number, ttlMs = 3_600_000) {
    return new TokenBuckets(events / windowMs, burst, ttlMs);
  }

  /** Takes one request from `key`'s bucket; false when it is empty. */
  take(key: string, now = Date.now()): boolean {
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.prune(now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private prune(now: number) {
    for (const [key, bucket] of this.buckets) if (now - bucket.at > this.ttlMs) this.buckets.delete(key);
  }
}

/** At most `events` per window, counted from the start of the current window (GoTrue's IntervalLimiter). */
export class IntervalLimiter {
  private windowStart = Date.now();
  private count = 0;

  constructor(
    private readonly events: number,
    private readonly windowMs: number,
  ) {}

  take(now = Date.now()): boolean {
    const windows = Math.floor((now - this.windowStart) / this.windowMs);
    if (windows > 0) {
      this.windowStart += windows * this.windowMs;
      this.count = 0;
    }
    if (this.count >= this.events) return false;
    this.count += 1;
    return true;
  }
}

const FIVE_MINUTES = 5 * 60_000;
const HOUR = 60 * 60_000;
// GoTrue lets 30 requests through at once before the rate applies (anonymous sign-ins: the hourly count).
const BURST = 30;

export type LimiterName =
  | 'token'
  | 'verify'
  | 'signups'
  | 'anonymous'
  | 'recover'
  | 'resend'
  | 'otp'
  | 'magiclink'
  | 'user'
  | 'factor_challenge'
  | 'factor_verify';

export interface RateLimiters {
  /** Counts one request from `ip` against the named limiter; 429 over_request_rate_limit when spent. */
  check(name: LimiterName, ip: string): void;
  /** Counts one email against the project's hourly budget; 429 over_email_send_rate_limit when spent. */
  takeEmail(): void;
  /** Counts one email to `address` (at most `perMinute` a minute). */
  takeEmailTo(address: string): void;
}

/**
 * `byAddress: false` turns the per-address request limits off, as GoTrue runs when it is given no
 * GOTRUE_RATE_LIMIT_HEADER (the Supabase CLI's `supabase start`); the email budgets still apply.
 * Hosted projects limit by address, and so does the local stack by default.
 */
export function createRateLimiters(
  settings: RateLimitSettings,
  emailsPerAddressPerMinute: number,
  byAddress = true,
) {
  const otpRate = () => TokenBuckets.per(settings.signInSignUps, FIVE_MINUTES, BURST);
  // As in GoTrue, each endpoint has its own buckets, at the rate of the config key it belongs to.
  const limiters: Record<LimiterName, TokenBuckets> = {
    token: TokenBuckets.per(settings.tokenRefresh, FIVE_MINUTES, BURST),
    verify: TokenBuckets.per(settings.tokenVerifications, FIVE_MINUTES, BURST),
    // MFA challenges and verifications: a guessed TOTP code is a verification like any other.
    factor_challenge: TokenBuckets.per(settings.tokenVerifications, FIVE_MINUTES, BURST),
    factor_verify: TokenBuckets.per(settings.tokenVerifications, FIVE_MINUTES, BURST),
    anonymous: TokenBuckets.per(settings.anonymousUsers, HOUR, settings.anonymousUsers),
    signups: otpRate(),
    recover: otpRate(),
    resend: otpRate(),
    otp: otpRate(),
    magiclink: otpRate(),
    user: otpRate(),
  };
  const emails = new IntervalLimiter(settings.emailSent, HOUR);
  const perAddress = new Map<string, number[]>();

  const limits: RateLimiters = {
    check(name, ip) {
      if (byAddress && !limiters[name].take(ip)) {
        throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
      }
    },
    takeEmail() {
      if (!emails.take()) throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
    },
    takeEmailTo(address) {
      const now = Date.now();
      const recent = (perAddress.get(address) ?? []).filter((t) => now - t < 60_000);
      if (recent.length >= emailsPerAddressPerMinute) {
        const wait = Math.max(1, Math.ceil((recent[0] + 60_000 - now) / 1000));
        throw tooManyRequests(
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${wait} seconds.`,
        );
      }
      recent.push(now);
      perAddress.set(address, recent);
      if (perAddress.size > 10_000) {
        for (const [key, times] of perAddress) {
          if (times.every((t) => now - t >= 60_000)) perAddress.delete(key);
        }
      }
    },
  };
  return limits;
}
