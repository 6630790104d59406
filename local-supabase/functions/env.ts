import path from 'node:path';
import fs from 'node:fs';
import {
  ANON_KEY,
  SERVICE_ROLE_KEY,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  apiUrl,
  dbUrl,
  stripeUrl,
  type StackConfig,
} from '../config.ts';
import { denoBaseEnv } from './deno.ts';

/**
 * The environment of a function's Deno process: what Deno needs to run and reach the network (the
 * machine's certificate and proxy settings), secrets from `supabase/functions/.env` as
 * `supabase functions serve` reads them (they may replace the local Stripe stand-in's settings), then
 * what Supabase gives every function. Nothing else of
 * the stack's environment leaks in.
 */
export function functionEnv(config: StackConfig, functionsDir: string, denoDir?: string): NodeJS.ProcessEnv {
  return {
    ...denoBaseEnv(denoDir),
    DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
    // The local Stripe stand-in; supabase/functions/.env may point the functions at Stripe's own
    // test mode instead (STRIPE_API_BASE=https://api.stripe.com and real test keys).
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripeUrl(config),
    ...readEnvFile(path.join(functionsDir, '.env')),
    SUPABASE_URL: apiUrl(config),
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: dbUrl(config),
    SMTP_HOST: config.host,
    SMTP_PORT: String(config.smtpPort),
    MAIL_FROM: config.mailFrom,
    TEAM_EMAIL: config.teamEmail,
    SITE_URL: config.siteUrl,
  };
}

/** KEY=value lines (with optional quotes); comments and blank lines are skipped. */
function readEnvFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const env: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const entry = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!entry) continue;
    let value = entry[2];
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2];
    else value = value.replace(/\s+#.*$/, '');
    env[entry[1]] = value;
  }
  return env;
}
