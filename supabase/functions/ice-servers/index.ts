import { createClient } from 'npm:@supabase/supabase-js@2.109.0';
import { requireEnv } from '../_shared/supabase.ts';
import { createHandler, iceConfigFrom, type RoomsPort } from './handler.ts';

/** The caller's part in the session, read as the caller: row level security decides. */
const rooms: RoomsPort = {
  async participantOf(token, sessionId) {
    const asCaller = createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${token}`, 'X-Client-Info': 'ploom-edge-functions' } },
    });
    const { data: user, error: userError } = await asCaller.auth.getUser(token);
    if (userError || !user.user) return null;
    const { data, error } = await asCaller
      .rpc('get_session_room', { session_id: sessionId })
      .maybeSingle<{ viewer_role: string | null }>();
    if (error) throw new Error(`database: ${error.code ?? ''} ${error.message}`);
    return data?.viewer_role ? { userId: user.user.id, role: data.viewer_role } : null;
  },
};

Deno.serve(createHandler({ rooms, config: iceConfigFrom((name) => Deno.env.get(name)) }));
