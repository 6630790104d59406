import { createClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';

const answer = vi.hoisted(() => ({ current: () => new Response('{}') as Response }));

// The real supabase-js client, its requests answered here: the errors are the ones it really throws.
vi.mock('@/lib/supabase', () => {
  const client = createClient('http://127.0.0.1:54321', 'test-anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: () => Promise.resolve(answer.current()) },
  });
  return { getSupabase: () => Promise.resolve(client) };
});

const { FunctionError, invokeFunction } = await import('../invoke-function');

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('invokeFunction', () => {
  it("answers the function's JSON body", async () => {
    answer.current = () => json({ user_id: 'u1' });
    await expect(invokeFunction('admin-users', { action: 'invite' })).resolves.toEqual({ user_id: 'u1' });
  });

  it("throws the function's own reason when it refuses", async () => {
    answer.current = () => json({ error: 'That email already has an account.' }, 409);
    await expect(invokeFunction('admin-users', {})).rejects.toThrow('That email already has an account.');
  });

  it("carries the function's code and the HTTP status, so a screen can tell refusals apart", async () => {
    answer.current = () => json({ error: 'Wrong username or PIN.', code: 'invalid_credentials' }, 400);
    const refusal = await invokeFunction('child-sign-in', {}).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(FunctionError);
    expect(refusal).toMatchObject({
      message: 'Wrong username or PIN.',
      code: 'invalid_credentials',
      status: 400,
    });
  });

  it("throws supabase-js's error when the refusal carries no reason", async () => {
    answer.current = () => new Response('gateway down', { status: 502 });
    await expect(invokeFunction('billing', {})).rejects.toThrow(/non-2xx/);
  });
});
