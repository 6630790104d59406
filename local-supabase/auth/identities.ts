import type { AuthApi, AuthRequest } from './api.ts';
import { manualLinkingDisabled } from './disabled.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { PROVIDERS } from './settings.ts';
import { isUuid, userJson } from './store.ts';

/**
 * Linking and unlinking identities by hand (GoTrue's identity.go), behind `[auth]
 * enable_manual_linking` (off for the product: both answer "Manual linking is disabled"). No OAuth
 * provider is enabled in this project, so a link is refused as GoTrue refuses a provider that is off,
 * and a user keeps the one identity they signed up with, which cannot be unlinked.
 */
const OAUTH_PROVIDERS = new Set(
  PROVIDERS.filter((name) => !['email', 'phone', 'anonymous_users'].includes(name)),
);

/** GET /user/identities/authorize?provider=… (`linkIdentity`). */
export function linkIdentity(api: AuthApi, r: AuthRequest): never {
  if (!api.settings.manualLinking) manualLinkingDisabled();
  const provider = r.url.searchParams.get('provider') ?? '';
  throw badRequest(
    'validation_failed',
    OAUTH_PROVIDERS.has(provider)
      ? 'Unsupported provider: provider is not enabled'
      : `Unsupported provider: Provider ${provider} could not be found`,
  );
}

/** DELETE /user/identities/{identity_id} (`unlinkIdentity`). */
export function unlinkIdentity(api: AuthApi, r: AuthRequest): never {
  if (!api.settings.manualLinking) manualLinkingDisabled();
  const identityId = r.path.split('/').pop() ?? '';
  if (!isUuid(identityId)) throw notFound('validation_failed', 'identity_id must be an UUID');
  const identities = userJson(r.user!).identities as { identity_id: string }[];
  if (identities.length <= 1) {
    throw unprocessable(
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    );
  }
  throw unprocessable('identity_not_found', "Identity doesn't exist");
}
