import { mailingHandler, type MailingDeps } from '../_shared/claim.ts';
import type { Handler } from '../_shared/http.ts';
import { emailField, optionalText, z } from '../_shared/validation.ts';
import { welcomeEmail } from './email.ts';

export const newsletterPayloadSchema = z.object({
  email: emailField,
  firstName: optionalText(100),
});

export interface Subscriber {
  id: string;
  email: string;
  firstName: string | null;
}

export interface SubscriberStore {
  /**
   * Atomically marks the welcome as sent for the subscriber with this email (any letter case)
   * who subscribed after `since` and was not welcomed yet; returns them, or null when none.
   */
  claimWelcome(email: string, since: Date): Promise<Subscriber | null>;
  /** Undoes a claim whose email could not be sent, so a retry may send it. */
  releaseWelcome(id: string): Promise<void>;
}

/**
 * Sends the welcome email after a newsletter sign-up, once, and only to an address that really
 * subscribed in the last minutes: the function cannot be used to mail arbitrary addresses.
 */
export function createHandler(deps: MailingDeps & { store: SubscriberStore; siteUrl?: string }): Handler {
  return mailingHandler('send-newsletter-confirmation', newsletterPayloadSchema, deps, (payload) => ({
    recipient: payload.email,
    claim: async (since) => {
      const subscriber = await deps.store.claimWelcome(payload.email, since);
      return subscriber ? [subscriber] : [];
    },
    emails: ([subscriber]) => [
      {
        message: welcomeEmail({
          to: subscriber.email,
          firstName: subscriber.firstName ?? payload.firstName,
          siteUrl: deps.siteUrl,
        }),
        failure: 'welcome email failed:',
      },
    ],
    release: ([subscriber]) => deps.store.releaseWelcome(subscriber.id),
  }));
}
