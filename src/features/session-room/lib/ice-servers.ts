/**
 * STUN and TURN servers for the peer connections, from configuration: `VITE_ICE_SERVERS`, a JSON
 * array of RTCIceServer (`[{"urls":"stun:stun.example.org:3478"},{"urls":["turn:turn.example.org:3478?transport=udp","turns:turn.example.org:5349"],"username":"…","credential":"…"}]`).
 * Unset or empty: none, which is all loopback and most home networks need; families behind strict
 * NATs need a TURN server (docs/decisions/080-session-room.md says which and how).
 */
export function parseIceServers(raw: string | undefined): RTCIceServer[] {
  if (!raw || !raw.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('VITE_ICE_SERVERS must be a JSON array of RTCIceServer objects');
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.every((server) => {
      if (typeof server !== 'object' || server === null) return false;
      const urls = (server as { urls?: unknown }).urls;
      const list = Array.isArray(urls) ? urls : [urls];
      return (
        list.length > 0 && list.every((u) => typeof u === 'string' && /^(stun|stuns|turn|turns):/.test(u))
      );
    });
  if (!valid)
    throw new Error('VITE_ICE_SERVERS: each entry needs `urls` (stun:, stuns:, turn: or turns: URLs)');
  return parsed as RTCIceServer[];
}

export const iceServers = (): RTCIceServer[] =>
  parseIceServers(import.meta.env.VITE_ICE_SERVERS as string | undefined);
