import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { staffTwoFactorStepOf } from '../_shared/staff-two-factor.ts';
import { requireEnv } from '../_shared/supabase.ts';
import { createHandler, iceConfigFrom, type RoomsPort } from './handler.ts';

function asCaller(token: string) {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}`, 'X-Client-Info': 'ploom-edge-functions' } },
  });
}

const rooms: RoomsPort = {
  async callerOf(token) {
    const { data, error } = await asCaller(token).auth.getUser(token);
    return error || !data.user ? null : data.user.id;
  },
  twoFactorStep: staffTwoFactorStepOf,
  // Read as the caller: row level security and the session's participants decide.
  async roleIn(token, sessionId) {
    const { data, error } = await asCaller(token)
      .rpc('get_session_room', { session_id: sessionId })
      .maybeSingle<{ viewer_role: string | null }>();
    if (error) throw new Error(`database: ${error.code ?? ''} ${error.message}`);
    return data?.viewer_role ?? null;
  },
};

Deno.serve(createHandler({ rooms, config: iceConfigFrom((name) => Deno.env.get(name)) }));
