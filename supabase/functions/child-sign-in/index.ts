import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type ChildSignInPort } from './handler.ts';

const port: ChildSignInPort = {
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
  async judgeUnknown(username) {
    const lock = check(
      await serviceClient().rpc('judge_unknown_child_sign_in', { login_username: username }),
    );
    return typeof lock === 'string' ? lock : null;
  },
};

Deno.serve(createHandler({ port }));
