import { decodeJwt } from 'jose';
import type { AuthApi, AuthRequest } from './api.ts';
import { badRequest } from './errors.ts';
import { optionalString } from './request.ts';

/**
 * POST /token?grant_type=id_token (`signInWithIdToken`), answered as GoTrue answers when the
 * provider is not enabled: this project turns on no external provider, so after GoTrue's checks of
 * the request every known provider gets `provider_disabled` with its issuer (GoTrue's token_oidc.go).
 */
const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
};

function tokenIssuer(idToken: string, provider: string): string {
  try {
    const { iss } = decodeJwt(idToken);
    if (typeof iss === 'string' && iss) return iss;
  } catch {
    /* not a JWT: answered below */
  }
  throw badRequest('validation_failed', `Unable to detect issuer in ID token for ${provider} provider`);
}

export async function idTokenGrant(_api: AuthApi, r: AuthRequest): Promise<never> {
  const body = await r.body();
  const idToken = optionalString(body, 'id_token');
  const provider = optionalString(body, 'provider') ?? '';
  const issuerParam = optionalString(body, 'issuer') ?? '';
  if (!idToken) throw badRequest('validation_failed', 'id_token required');
  if (!provider && !(optionalString(body, 'client_id') && issuerParam)) {
    throw badRequest('validation_failed', 'provider or client_id and issuer required');
  }
  let issuer: string;
  if (provider === 'apple') issuer = tokenIssuer(idToken, 'Apple');
  else if (provider === 'azure') issuer = tokenIssuer(idToken, 'Azure');
  else if (provider === 'keycloak') issuer = '';
  else if (ISSUERS[provider]) issuer = ISSUERS[provider];
  else if (provider.startsWith('custom:')) {
    throw badRequest('validation_failed', 'Custom OAuth providers are disabled');
  } else {
    // No issuer is on the allowed list (GOTRUE_EXTERNAL_ALLOWED_ID_TOKEN_ISSUERS is empty).
    throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`);
  }
  throw badRequest('provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
}
