import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type ChildSignInPort, type TryJudgement } from './handler.ts';

/** public.begin_child_sign_in's answer: `{try}`, `{refused: 'locked', message}` or `{refused: 'address', retry_after}`. */
function judgementOf(value: unknown): TryJudgement {
  const answer = (value ?? {}) as {
    try?: unknown;
    refused?: unknown;
    message?: unknown;
    retry_after?: unknown;
  };
  if (typeof answer.try === 'number') return { kind: 'go', tryId: answer.try };
  if (answer.refused === 'locked' && typeof answer.message === 'string') {
    return { kind: 'locked', message: answer.message };
  }
  if (answer.refused === 'address' && typeof answer.retry_after === 'number') {
    return { kind: 'address', retryAfter: answer.retry_after };
  }
  throw new Error(`begin_child_sign_in answered ${JSON.stringify(value)}`);
}

const port: ChildSignInPort = {
  async beginTry(username, client) {
    return judgementOf(
      check(
        await serviceClient().rpc('begin_child_sign_in', {
          login_username: username,
          client_address: client,
        }),
      ),
    );
  },
  async emailOf(username) {
    const email = check(await serviceClient().rpc('child_sign_in_email', { login_username: username }));
    return typeof email === 'string' ? email : null;
  },
  async passwordGrant({ email, password, client }) {
    const key = requireEnv('SUPABASE_SERVICE_ROLE_KEY');
    const response = await fetch(`${requireEnv('SUPABASE_URL')}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: key,
        Authorization: `Bearer ${key}`,
        'X-Client-Info': 'ploom-edge-functions',
        // Auth counts this sign-in against the child's address, not this function's (Auth's
        // GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED; docs/decisions/151).
        ...(client ? { 'Sb-Forwarded-For': client } : {}),
      },
      body: JSON.stringify({ email, password }),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        body = parsed as Record<string, unknown>;
    } catch {
      body = { msg: text.slice(0, 200) };
    }
    return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
  },
  async finishTry(tryId, outcome) {
    const lock = check(await serviceClient().rpc('finish_child_sign_in', { try_id: tryId, outcome }));
    return typeof lock === 'string' ? lock : null;
  },
};

Deno.serve(createHandler({ port }));
