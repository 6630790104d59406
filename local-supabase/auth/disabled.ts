import type { AuthApi, AuthRequest } from './api.ts';
import { notFound, unprocessable } from './errors.ts';

/**
 * Features this project does not turn on, answered as GoTrue answers them when they are off (its
 * requireSAMLEnabled, requirePasskeyEnabled and requireOAuthServerEnabled middleware, and the web3
 * grant), so a client learns "disabled" rather than "no such endpoint".
 */

export const samlDisabled = () => {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
};

export const passkeysDisabled = () => {
  throw notFound('passkey_disabled', 'Passkeys are disabled');
};

export const oauthServerDisabled = () => {
  throw notFound('feature_disabled', 'OAuth server is disabled');
};

/** /user/identities: linking and unlinking identities by hand ([auth] enable_manual_linking is off). */
export const manualLinkingDisabled = () => {
  throw notFound('manual_linking_disabled', 'Manual linking is disabled');
};

/** POST /token?grant_type=web3 (Sign in with Solana or Ethereum), off as in config.toml. */
export function web3Disabled(_api: AuthApi, _r: AuthRequest): never {
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}
