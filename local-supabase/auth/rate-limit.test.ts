import { describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY } from '../config.ts';
import { applySbForwardedFor, type AuthRequest } from './api.ts';
import { parseAuthSettings } from './config.ts';
import { DEFAULT_PASSWORD_REJECTION, hookFunctionName, hookRefusal, verificationDecision } from './hooks.ts';
import { IntervalLimiter, TokenBuckets } from './rate-limit.ts';

describe('token buckets (GoTrue: 30 at once, then the configured rate)', () => {
  it('lets a burst through, then one request per refill, per key', () => {
    const buckets = TokenBuckets.per(150, 300_000, 30); // 150 per 5 minutes: one every 2 s
    const t = 1_000_000;
    for (let i = 0; i < 30; i += 1) expect(buckets.take('1.2.3.4', t)).toBe(true);
    expect(buckets.take('1.2.3.4', t)).toBe(false);
    expect(buckets.take('5.6.7.8', t)).toBe(true);
    expect(buckets.take('1.2.3.4', t + 1999)).toBe(false);
    expect(buckets.take('1.2.3.4', t + 2001)).toBe(true);
    expect(buckets.take('1.2.3.4', t + 2002)).toBe(false);
  });

  it('counts emails in fixed windows', () => {
    const emails = new IntervalLimiter(2, 3_600_000);
    const t = Date.now();
    expect([emails.take(t), emails.take(t + 1), emails.take(t + 2)]).toEqual([true, true, false]);
    expect(emails.take(t + 3_600_001)).toBe(true);
  });
});

describe('config.toml', () => {
  it('reads [auth.rate_limit], templates and the hook as the CLI names them', () => {
    const settings = parseAuthSettings(
      `[auth]\nenable_signup = true # comment\nminimum_password_length = 8\n` +
        `[auth.rate_limit]\nemail_sent = 7\ntoken_refresh = 99\n` +
        `[auth.email.template.invite]\nsubject = "Come in"\ncontent_path = "./supabase/templates/invite.html"\n` +
        `[auth.hook.before_user_created]\nenabled = true\nuri = "pg-functions://postgres/public/hook"\n` +
        `[auth.hook.password_verification_attempt]\nenabled = true\nuri = "pg-functions://postgres/public/pw"\n` +
        `[auth.hook.mfa_verification_attempt]\nuri = "pg-functions://postgres/public/mfa"\n`,
      '/project',
    );
    expect(settings.rateLimit).toMatchObject({ emailSent: 7, tokenRefresh: 99, signInSignUps: 30 });
    expect(settings.minimumPasswordLength).toBe(8);
    expect(settings.templates.invite).toEqual({
      subject: 'Come in',
      contentPath: '/project/supabase/templates/invite.html',
    });
    expect(settings.beforeUserCreated).toEqual({ enabled: true, uri: 'pg-functions://postgres/public/hook' });
    expect(settings.passwordVerificationAttempt).toEqual({
      enabled: true,
      uri: 'pg-functions://postgres/public/pw',
    });
    expect(settings.mfaVerificationAttempt).toEqual({
      enabled: false,
      uri: 'pg-functions://postgres/public/mfa',
    });
  });
});

describe('hook answers', () => {
  it('reads a refusal with its status, defaults to 500, and allows anything else', () => {
    expect(hookRefusal({ error: { http_code: 403, message: 'closed' } })).toMatchObject({
      status: 403,
      message: 'closed',
    });
    expect(hookRefusal({ error: { message: 'no status' } })?.status).toBe(500);
    expect(hookRefusal({ error: { http_code: 403 } })).toBeUndefined();
    expect(hookRefusal({})).toBeUndefined();
    expect(
      verificationDecision({ decision: 'reject', message: 'locked' }, DEFAULT_PASSWORD_REJECTION),
    ).toEqual({
      reject: true,
      message: 'locked',
      shouldLogoutUser: false,
    });
    // GoTrue's own message when the hook gives none; anything but "reject" continues.
    expect(
      verificationDecision({ decision: 'reject', should_logout_user: true }, DEFAULT_PASSWORD_REJECTION),
    ).toEqual({
      reject: true,
      message: 'Further password verification attempts will be rejected.',
      shouldLogoutUser: true,
    });
    expect(verificationDecision({ decision: 'continue' }, DEFAULT_PASSWORD_REJECTION).reject).toBe(false);
    expect(() => verificationDecision({ error: { http_code: 429, message: 'slow down' } }, '')).toThrow(
      'slow down',
    );
    expect(hookFunctionName('pg-functions://postgres/auth/before-user-created-hook')).toBe(
      '"auth"."before-user-created-hook"',
    );
  });
});

describe('Sb-Forwarded-For (GoTrue: the client address a trusted server names)', () => {
  const request = (headers: Record<string, string>) =>
    ({
      req: { headers, socket: { remoteAddress: '127.0.0.1' } },
      ip: '127.0.0.1',
    }) as unknown as AuthRequest;

  it('names the address the limits count, from a caller with the service role key only', async () => {
    const trusted = request({ 'sb-forwarded-for': '198.51.100.7, 10.0.0.1', apikey: SERVICE_ROLE_KEY });
    await applySbForwardedFor(trusted);
    expect(trusted.ip).toBe('198.51.100.7');

    const bearer = request({
      'sb-forwarded-for': '2001:db8::1',
      authorization: `Bearer ${SERVICE_ROLE_KEY}`,
    });
    await applySbForwardedFor(bearer);
    expect(bearer.ip).toBe('2001:db8::1');

    // A browser with the anon key cannot choose its address; nor can anyone with an invalid value.
    const untrusted: Record<string, string>[] = [
      { 'sb-forwarded-for': '198.51.100.7', apikey: ANON_KEY },
      { 'sb-forwarded-for': '198.51.100.7' },
      { 'sb-forwarded-for': 'not-an-address', apikey: SERVICE_ROLE_KEY },
    ];
    for (const headers of untrusted) {
      const r = request(headers);
      await applySbForwardedFor(r);
      expect(r.ip).toBe('127.0.0.1');
    }
  });
});
