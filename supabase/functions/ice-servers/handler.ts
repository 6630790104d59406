import { HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { requireStaffTwoFactor, type StaffTwoFactorStep } from '../_shared/staff-two-factor.ts';
import { parsePayload, readJsonObject, z } from '../_shared/validation.ts';

/**
 * The STUN and TURN servers a session room connects through, for a participant of that session
 * (its coach, its child, the child's parents, or an admin). TURN credentials are minted per request
 * and expire, in the scheme of coturn's REST API (`use-auth-secret`): username `<expiry>:<user id>`,
 * credential base64(HMAC-SHA1(TURN_SECRET, username)). No static TURN password ever reaches a
 * browser, so a leaked one cannot turn our relay into anyone's free proxy for long.
 */

export const iceServersSchema = z.object({
  session_id: z
    .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
    .uuid('must be a session id'),
});

export interface IceConfig {
  /** stun: / stuns: URLs (STUN_URLS) */
  stunUrls: string[];
  /** turn: / turns: URLs (TURN_URLS); none means no TURN (the local stack, loopback) */
  turnUrls: string[];
  /** the secret shared with the TURN server (TURN_SECRET) */
  turnSecret: string | undefined;
  /** how long a credential is valid (TURN_TTL_SECONDS, default 4 hours: a session with margin) */
  ttlSeconds: number;
}

export interface RoomsPort {
  /** The signed-in user behind an access token, or null (no session: the anon key, a bad token). */
  callerOf(token: string): Promise<string | null>;
  /** The caller's part in a session (get_session_room read as the caller), or null when none. */
  roleIn(token: string, sessionId: string): Promise<string | null>;
  /** What two-factor sign-in still asks of the caller's session (staff only; else 'none'). */
  twoFactorStep(token: string): Promise<StaffTwoFactorStep>;
}

export interface IceServersDeps {
  rooms: RoomsPort;
  config: IceConfig;
  now?: () => Date;
  logger?: Logger;
}

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

const DEFAULT_TTL_SECONDS = 4 * 60 * 60;

/** Reads the configuration from the function's secrets; malformed URLs are a server fault. */
export function iceConfigFrom(env: (name: string) => string | undefined): IceConfig {
  const list = (name: string, scheme: RegExp) => {
    const urls = (env(name) ?? '').split(/[\s,]+/).filter(Boolean);
    const bad = urls.find((u) => !scheme.test(u));
    if (bad) throw new Error(`${name}: ${bad} is not a ${scheme.source} URL`);
    return urls;
  };
  const ttl = Number(env('TURN_TTL_SECONDS') ?? '');
  return {
    stunUrls: list('STUN_URLS', /^stuns?:/),
    turnUrls: list('TURN_URLS', /^turns?:/),
    turnSecret: env('TURN_SECRET') || undefined,
    ttlSeconds: Number.isInteger(ttl) && ttl >= 60 && ttl <= 86_400 ? ttl : DEFAULT_TTL_SECONDS,
  };
}

/** coturn's REST API credential: base64(HMAC-SHA1(secret, username)). */
export async function turnCredential(secret: string, username: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(username)));
  return btoa(String.fromCharCode(...mac));
}

function bearerToken(req: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) throw new HttpError(401, 'Sign in to join the session room');
  return match[1];
}

export function createHandler(deps: IceServersDeps): Handler {
  const now = deps.now ?? (() => new Date());
  return withHttp(
    ['POST'],
    async (req) => {
      const token = bearerToken(req);
      const { session_id } = parsePayload(iceServersSchema, await readJsonObject(req));
      const userId = await deps.rooms.callerOf(token);
      if (!userId) throw new HttpError(401, 'Sign in to join the session room');
      // The room (and its TURN relay) is the family's: staff enter it after two-factor sign-in,
      // as the room's Realtime channel requires; say so rather than "not a participant".
      requireStaffTwoFactor(await deps.rooms.twoFactorStep(token));
      if (!(await deps.rooms.roleIn(token, session_id))) {
        throw new HttpError(403, "Only the session's participants may join its room");
      }

      const { stunUrls, turnUrls, turnSecret, ttlSeconds } = deps.config;
      const iceServers: IceServer[] = [];
      if (stunUrls.length) iceServers.push({ urls: stunUrls });
      let expiresAt: string | null = null;
      if (turnUrls.length) {
        if (!turnSecret) throw new Error('TURN_URLS is set but TURN_SECRET is not');
        const expiry = Math.floor(now().getTime() / 1000) + ttlSeconds;
        const username = `${expiry}:${userId}`;
        iceServers.push({ urls: turnUrls, username, credential: await turnCredential(turnSecret, username) });
        expiresAt = new Date(expiry * 1000).toISOString();
      }
      return json(200, { iceServers, expiresAt });
    },
    deps.logger,
  );
}
