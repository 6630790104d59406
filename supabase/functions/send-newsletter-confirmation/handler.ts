import { json, withHttp, HttpError, type Handler, type Logger, consoleLogger } from '../_shared/http.ts';
import { NOTHING_TO_SEND, recentSince } from '../_shared/leads.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { emailField, optionalText, parsePayload, readJsonObject, z } from '../_shared/validation.ts';
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
export function createHandler(deps: {
  store: SubscriberStore;
  mailer: Mailer;
  siteUrl?: string;
  now?: () => Date;
  logger?: Logger;
}): Handler {
  const logger = deps.logger ?? consoleLogger;
  return withHttp(
    ['POST'],
    async (req) => {
      const payload = parsePayload(newsletterPayloadSchema, await readJsonObject(req));
      const subscriber = await deps.store.claimWelcome(payload.email, recentSince(deps.now?.()));
      if (!subscriber) return json(202, NOTHING_TO_SEND);
      try {
        await deps.mailer.send(
          welcomeEmail({
            to: subscriber.email,
            firstName: subscriber.firstName ?? payload.firstName,
            siteUrl: deps.siteUrl,
          }),
        );
      } catch (error) {
        logger.error('welcome email failed:', error);
        await deps.store.releaseWelcome(subscriber.id);
        throw new HttpError(502, 'The email could not be sent; please try again later');
      }
      return json(200, { sent: true });
    },
    logger,
  );
}
