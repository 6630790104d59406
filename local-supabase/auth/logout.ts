import type { AuthApi, AuthRequest } from './api.ts';
import { badRequest } from './errors.ts';
import { CORS_HEADERS } from '../http.ts';
import { logout as endSessions, type LogoutScope } from './sessions.ts';

/** POST /logout?scope=global|local|others */
export async function logout(api: AuthApi, r: AuthRequest) {
  const scope = r.url.searchParams.get('scope') ?? 'global';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  await endSessions(api.pool, r.user!.id, r.sessionId, (scope || 'global') as LogoutScope);
  r.res.writeHead(204, CORS_HEADERS);
  r.res.end();
}
