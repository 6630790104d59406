import type { AuthApi, AuthRequest } from './api.ts';
import { admin } from './admin.ts';
import { notFound } from './errors.ts';
import { linkIdentity, unlinkIdentity } from './identities.ts';
import { invite } from './invite.ts';
import { manualLinkingDisabled, oauthServerDisabled, passkeysDisabled, samlDisabled } from './disabled.ts';
import { generateLink } from './generate-link.ts';
import { logout } from './logout.ts';
import {
  adminDeleteFactor,
  adminListFactors,
  adminUpdateFactor,
  challenge,
  enroll,
  getUserWithFactors,
  requireNotAnonymous,
  unenroll,
  verify as verifyFactor,
} from './mfa.ts';
import { limit, requireAdmin, requireAuthentication, type Middleware } from './middleware.ts';
import { otp, recover, resend } from './recover.ts';
import { reauthenticate } from './reauthenticate.ts';
import { health, jwksEndpoint, settings } from './settings.ts';
import { isAnonymousSignup, signup } from './signup.ts';
import { token } from './token.ts';
import { putUser } from './user.ts';
import { verifyGet, verifyPost } from './verify.ts';

/**
 * Every endpoint in one table, with the middleware that runs before it, in order (GoTrue's
 * internal/api/api.go). A request flows one way: route → middleware → endpoint → answer.
 */
type Handler = (api: AuthApi, r: AuthRequest) => Promise<void> | void;

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | '*';
  path: string | RegExp;
  use?: Middleware[];
  handler: Handler;
}

/** Sign-ups count against the sign-up limit; anonymous ones against the hourly anonymous limit. */
const limitSignup: Middleware = async (api, r) =>
  api.limits.check((await isAnonymousSignup(r)) ? 'anonymous' : 'signups', r.ip);

const factorAuth: Middleware[] = [requireAuthentication, requireNotAnonymous];

export const ROUTES: Route[] = [
  { method: 'GET', path: '/health', handler: health },
  { method: 'GET', path: '/settings', handler: settings },
  { method: 'GET', path: '/.well-known/jwks.json', handler: jwksEndpoint },
  { method: 'POST', path: '/signup', use: [limitSignup], handler: signup },
  // The token endpoint applies its limit itself, once it knows the grant type.
  { method: 'POST', path: '/token', handler: token },
  { method: 'POST', path: '/recover', use: [limit('recover')], handler: recover },
  { method: 'POST', path: '/resend', use: [limit('resend')], handler: resend },
  { method: 'POST', path: '/magiclink', use: [limit('magiclink')], handler: otp },
  { method: 'POST', path: '/otp', use: [limit('otp')], handler: otp },
  { method: 'GET', path: '/verify', use: [limit('verify')], handler: verifyGet },
  { method: 'POST', path: '/verify', use: [limit('verify')], handler: verifyPost },
  { method: 'POST', path: '/logout', use: [requireAuthentication], handler: logout },
  { method: 'GET', path: '/reauthenticate', use: [requireAuthentication], handler: reauthenticate },
  { method: 'GET', path: '/user', use: [requireAuthentication], handler: getUserWithFactors },
  { method: 'PUT', path: '/user', use: [requireAuthentication, limit('user')], handler: putUser },
  { method: 'POST', path: '/invite', use: [requireAdmin], handler: invite },
  { method: 'POST', path: '/factors', use: factorAuth, handler: enroll },
  {
    method: 'POST',
    path: /^\/factors\/[^/]+\/challenge$/,
    use: [...factorAuth, limit('factor_challenge')],
    handler: challenge,
  },
  {
    method: 'POST',
    path: /^\/factors\/[^/]+\/verify$/,
    use: [...factorAuth, limit('factor_verify')],
    handler: verifyFactor,
  },
  { method: 'DELETE', path: /^\/factors\/[^/]+$/, use: factorAuth, handler: unenroll },
  { method: 'GET', path: /^\/admin\/users\/[^/]+\/factors$/, use: [requireAdmin], handler: adminListFactors },
  {
    method: 'DELETE',
    path: /^\/admin\/users\/[^/]+\/factors\/[^/]+$/,
    use: [requireAdmin],
    handler: adminDeleteFactor,
  },
  {
    method: 'PUT',
    path: /^\/admin\/users\/[^/]+\/factors\/[^/]+$/,
    use: [requireAdmin],
    handler: adminUpdateFactor,
  },
  { method: '*', path: /^\/sso(\/|$)/, handler: samlDisabled },
  { method: '*', path: /^\/passkeys(\/|$)/, handler: passkeysDisabled },
  { method: '*', path: /^\/oauth\//, handler: oauthServerDisabled },
  { method: 'GET', path: '/.well-known/oauth-authorization-server', handler: oauthServerDisabled },
  {
    method: 'GET',
    path: '/user/identities/authorize',
    use: [requireAuthentication],
    handler: linkIdentity,
  },
  {
    method: 'DELETE',
    path: /^\/user\/identities\/[^/]+$/,
    use: [requireAuthentication],
    handler: unlinkIdentity,
  },
  {
    method: '*',
    path: /^\/user\/identities(\/|$)/,
    use: [requireAuthentication],
    handler: manualLinkingDisabled,
  },
  {
    method: '*',
    path: /^\/user\/oauth\/grants(\/|$)/,
    use: [requireAuthentication],
    handler: oauthServerDisabled,
  },
  { method: 'POST', path: '/admin/generate_link', use: [requireAdmin], handler: generateLink },
  { method: '*', path: /^\/admin\/oauth\//, use: [requireAdmin], handler: oauthServerDisabled },
  { method: '*', path: /^\/admin\//, use: [requireAdmin], handler: admin },
];

export async function route(api: AuthApi, r: AuthRequest): Promise<void> {
  const method = r.req.method ?? 'GET';
  const found = ROUTES.find(
    (entry) =>
      (entry.method === '*' || entry.method === method) &&
      (typeof entry.path === 'string' ? entry.path === r.path : entry.path.test(r.path)),
  );
  if (!found) throw notFound('not_found', 'Not Found');
  for (const middleware of found.use ?? []) await middleware(api, r);
  await found.handler(api, r);
}
