import { HttpError } from './http.ts';

/**
 * For a function only the project itself may call (the database's scheduled jobs through pg_net,
 * with the service role key in `Authorization`): the anon key passes the platform's JWT check too,
 * so the function checks the key itself. 401 without a bearer token, 403 with any other token.
 */
export function requireServiceRole(req: Request, serviceRoleKey: string): void {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!match) throw new HttpError(401, 'Missing authorization');
  if (!serviceRoleKey || !sameText(match[1], serviceRoleKey)) {
    throw new HttpError(403, 'Only the project’s scheduled jobs may call this function');
  }
}

/** Compares in time that does not depend on where the texts differ. */
function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
