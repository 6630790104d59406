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

/** Servers fetched this recently serve a (re)join (their TURN credentials last longer). */
export const WARM_ICE_MS = 5 * 60_000;
const fetched = new Map<string, { at: number; servers: Promise<RTCIceServer[]> }>();

/**
 * The servers for this session, fetched once for the lobby, the Join and a rejoin after a reload
 * (which starts fetching them before the room's details arrive).
 */
export function iceServersFor(sessionId: string, now = Date.now()): Promise<RTCIceServer[]> {
  const known = fetched.get(sessionId);
  if (known && now - known.at < WARM_ICE_MS) return known.servers;
  const servers = getIceServers(sessionId);
  fetched.set(sessionId, { at: now, servers });
  return servers;
}
