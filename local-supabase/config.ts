import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RateLimitSettings } from './auth/rate-limit-settings.ts';

/**
 * Settings of the local stand-in for the Supabase platform. The defaults are the Supabase CLI's
 * local defaults, so the app, the migrations and the functions run unchanged on `supabase start`.
 * `LOCAL_SUPABASE_PORT_OFFSET` shifts every port, so a test stack can run beside a dev stack.
 */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/**
 * The local Stripe stand-in's keys (local-supabase/stripe/): fixed, test-mode, local only. Hosted
 * projects set their own STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET as function secrets.
 */
export const STRIPE_SECRET_KEY = 'sk_test_ploom_local_stand_in_not_a_real_key';
export const STRIPE_WEBHOOK_SECRET = 'whsec_ploom_local_stand_in_not_a_real_secret';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface StackConfig {
  host: string;
  apiPort: number;
  dbPort: number;
  inboxPort: number;
  smtpPort: number;
  /** the local Stripe stand-in (API, hosted Checkout, invoices) */
  stripePort: number;
  /** where the stand-in sends its events (default: the stack's `stripe-webhook` function) */
  stripeWebhookUrl?: string;
  /** where the stack keeps its state (postgres data, lock file, deno cache) */
  stateDir: string;
  /** the site the auth emails link to (GoTrue's SITE_URL) */
  siteUrl: string;
  /** address the team's notifications go to */
  teamEmail: string;
  mailFrom: string;
  dbPassword: string;
  /** access token lifetime in seconds (GoTrue's JWT_EXP) */
  jwtExpiry: number;
  quiet: boolean;
  /**
   * Overrides of config.toml's `[auth.rate_limit]` for this stack only. The test stack sets them: its
   * suites sign up thousands of people from one address, which hosted Auth would rightly refuse.
   */
  authRateLimits?: Partial<RateLimitSettings>;
}

/** The stack's ports moved by `offset` (the Supabase CLI's defaults at 0). */
export function portsFor(offset: number) {
  return {
    apiPort: 54321 + offset,
    dbPort: 54322 + offset,
    inboxPort: 54324 + offset,
    smtpPort: 54325 + offset,
    stripePort: 54329 + offset,
  };
}

export function loadConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  const offset = Number(process.env.LOCAL_SUPABASE_PORT_OFFSET ?? 0);
  // The highest port (54329 + offset) must stay a valid port number.
  if (!Number.isInteger(offset) || offset < 0 || offset > 11000) {
    throw new Error('LOCAL_SUPABASE_PORT_OFFSET must be a whole number from 0 to 11000');
  }
  const stateDir =
    process.env.LOCAL_SUPABASE_STATE_DIR ??
    path.join(PROJECT_ROOT, '.local-supabase', offset === 0 ? 'default' : `offset-${offset}`);
  return {
    host: '127.0.0.1',
    ...portsFor(offset),
    stateDir,
    siteUrl: process.env.SITE_URL ?? `http://localhost:${5173 + offset}`,
    teamEmail: process.env.TEAM_EMAIL ?? 'team@ploom.local',
    mailFrom: process.env.MAIL_FROM ?? 'Ploom <hello@ploom.local>',
    dbPassword: 'postgres',
    jwtExpiry: Number(process.env.JWT_EXPIRY ?? 3600),
    quiet: process.env.LOCAL_SUPABASE_QUIET === '1',
    stripeWebhookUrl: process.env.STRIPE_WEBHOOK_URL || undefined,
    ...overrides,
  };
}

export const apiUrl = (c: StackConfig) => `http://${c.host}:${c.apiPort}`;
export const dbUrl = (c: StackConfig, user = 'postgres', password = c.dbPassword) =>
  `postgresql://${user}:${password}@${c.host}:${c.dbPort}/postgres`;
export const inboxUrl = (c: StackConfig) => `http://${c.host}:${c.inboxPort}`;
/** The stand-in's base URL: the functions' STRIPE_API_BASE. */
export const stripeUrl = (c: StackConfig) => `http://${c.host}:${c.stripePort}`;
export const stripeWebhookUrl = (c: StackConfig) =>
  c.stripeWebhookUrl ?? `${apiUrl(c)}/functions/v1/stripe-webhook`;
