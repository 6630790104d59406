import type { AuthApi, AuthRequest } from './api.ts';
import { jwks } from '../jwt.ts';
import { send } from './request.ts';

export const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
];

/** GET /health */
export function health(_api: AuthApi, r: AuthRequest) {
  return send(r.res, 200, {
    version: 'local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

/** GET /settings: what the client may use (email sign-up only, as configured). */
export function settings(api: AuthApi, r: AuthRequest) {
  return send(r.res, 200, {
    external: Object.fromEntries(PROVIDERS.map((name) => [name, name === 'email'])),
    disable_signup: api.disableSignup,
    mailer_autoconfirm: api.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    passkeys_enabled: false,
  });
}

/** GET /.well-known/jwks.json: the public signing keys, for clients that verify tokens themselves. */
export async function jwksEndpoint(_api: AuthApi, r: AuthRequest) {
  return send(r.res, 200, await jwks());
}
