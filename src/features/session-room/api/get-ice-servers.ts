import { getSupabase, type Supabase } from '@/lib/supabase';
import { iceServers as configuredIceServers } from '../lib/ice-servers';

/**
 * The STUN/TURN servers for this session's room: the `ice-servers` function's (per-participant,
 * short-lived TURN credentials; none on the local stack) after any set at build time
 * (VITE_ICE_SERVERS). If the function cannot be reached, the call goes on with the build-time list:
 * most networks connect without a relay.
 */
export async function getIceServers(
  sessionId: string,
  getClient: () => Promise<Supabase> = getSupabase,
): Promise<RTCIceServer[]> {
  const configured = configuredIceServers();
  try {
    const supabase = await getClient();
    const { data, error } = await supabase.functions.invoke<{ iceServers?: RTCIceServer[] }>('ice-servers', {
      body: { session_id: sessionId },
    });
    if (error) throw error;
    return [...configured, ...(data?.iceServers ?? [])];
  } catch (error) {
    console.warn('session room: no STUN/TURN servers from the ice-servers function:', error);
    return configured;
  }
}
