import { clientAddress, type MailCaps } from './caps.ts';
import { consoleLogger, HttpError, json, withHttp, type Handler, type Logger } from './http.ts';
import { NOTHING_TO_SEND, recentSince } from './leads.ts';
import type { EmailMessage, Mailer } from './mailer.ts';
import { parsePayload, readJsonObject, type z } from './validation.ts';

/** One email to send, and what to log when it cannot be sent. */
export interface Outgoing {
  message: EmailMessage;
  /** the log line on failure, e.g. 'welcome email failed:' */
  failure: string;
}

/** Rows of a form's table whose emails are sent once: see claimRecentRows (_shared/supabase.ts). */
export interface NotificationStore<Row> {
  /**
   * Atomically stamps `notified_at` on the rows with this email (any letter case) created after
   * `since` and not yet notified; returns them newest first, or [] when there are none.
   */
  claimNotification(email: string, since: Date): Promise<Row[]>;
  /** Undoes a claim when nothing could be sent, so a retry may send it. */
  releaseNotification(ids: string[]): Promise<void>;
}

/** What every mailing function is given besides its store and settings. */
export interface MailingDeps {
  mailer: Mailer;
  /** the sending caps (per recipient, per client) kept in Postgres */
  caps: MailCaps;
  now?: () => Date;
  logger?: Logger;
}

/** The per-function parts of claimAndSend. */
export interface SendFlow<T> {
  /** the form's address the emails go to: what the per-recipient cap counts */
  recipient: string;
  /** Claims the rows to send for, saved after `since`; [] when there is nothing to send. */
  claim(since: Date): Promise<T[]>;
  /** The emails for the claimed rows (never empty); if it throws, the claim is released. */
  emails(claimed: T[]): Outgoing[] | Promise<Outgoing[]>;
  /** Undoes the claim when no email could be sent. */
  release?(claimed: T[]): Promise<void>;
  /** Runs once at least one email was sent. */
  afterSent?(claimed: T[]): Promise<void>;
  /** The 200 answer, given which emails were sent (in the order of `emails`). */
  body?(delivered: boolean[]): Record<string, unknown>;
}

/**
 * A mailing function (`name`, as deployed): POST only, the JSON body checked against `schema`
 * (400 with the reason), then `flow(payload)` run by claimAndSend within the sending caps, the
 * client being the last x-forwarded-for address (the gateway's). `flow` may throw to refuse the request.
 */
export function mailingHandler<S extends z.ZodTypeAny, T>(
  name: string,
  schema: S,
  deps: MailingDeps,
  flow: (payload: z.output<S>) => SendFlow<T>,
): Handler {
  const logger = deps.logger ?? consoleLogger;
  return withHttp(
    ['POST'],
    async (req) => {
      const payload = parsePayload(schema, await readJsonObject(req));
      return claimAndSend({
        name,
        client: clientAddress(req),
        mailer: deps.mailer,
        caps: deps.caps,
        logger,
        now: deps.now,
        ...flow(payload),
      });
    },
    logger,
  );
}

/** Where claimAndSend runs: the function, the client, and what it sends with. */
export interface SendContext {
  name: string;
  client: string | null;
  mailer: Mailer;
  caps: MailCaps;
  logger: Logger;
  now?: () => Date;
}

/**
 * The flow every mailing function shares, so it can only mail what was really saved moments ago,
 * and only once: claims the rows saved in the last minutes and not handled yet (atomically, so a
 * second call finds nothing), answers 202 `{ sent: false }` when there are none. Over a sending cap
 * it releases the claim and answers 429 with the reason and Retry-After, sending nothing (the saved
 * row stays). Otherwise it sends the emails side by side, and when none could be sent releases the
 * claim (a retry may send them) and answers 502; else 200 with `body` (by default `{ sent: true }`).
 */
export async function claimAndSend<T>(flow: SendFlow<T> & SendContext): Promise<Response> {
  const claimed = await flow.claim(recentSince(flow.now?.()));
  if (claimed.length === 0) return json(202, NOTHING_TO_SEND);
  const decision = await flow.caps.reserve({ fn: flow.name, recipient: flow.recipient, client: flow.client });
  if (!decision.allowed) {
    await flow.release?.(claimed);
    throw new HttpError(429, decision.reason, { 'Retry-After': String(decision.retryAfterSeconds) });
  }
  let outgoing: Outgoing[];
  try {
    outgoing = await flow.emails(claimed);
  } catch (error) {
    await flow.release?.(claimed);
    throw error;
  }
  const results = await Promise.allSettled(outgoing.map((email) => flow.mailer.send(email.message)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') flow.logger.error(outgoing[i].failure, result.reason);
  });
  const delivered = results.map((result) => result.status === 'fulfilled');
  if (!delivered.includes(true)) {
    await flow.release?.(claimed);
    const what = outgoing.length === 1 ? 'email' : 'emails';
    throw new HttpError(502, `The ${what} could not be sent; please try again later`);
  }
  await flow.afterSent?.(claimed);
  return json(200, flow.body?.(delivered) ?? { sent: true });
}
