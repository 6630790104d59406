import { clientAddress } from '../_shared/caps.ts';
import { randomChildEmail } from '../_shared/child-email.ts';
import { json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { parsePayload, readJsonObject, z } from '../_shared/validation.ts';

/**
 * A child signs in with the username their parent gave them (docs/decisions/151-child-sign-in-function.md).
 * The child's Auth address is random (`c-<hex>@child.ploom.invalid`), so the browser cannot derive
 * it: this function looks it up with the service role and asks Auth's password grant itself, from the
 * child's address (so Auth's per-address limits and the lock of decision 125 still apply), then
 * hands the session back for `supabase.auth.setSession`.
 *
 * A username nobody has is answered exactly as a wrong secret: the same Auth call (with a random
 * address no one has), the same status and body, the same lock after five wrong tries (counted in
 * the database as a real login's are), and never sooner than `failureFloorMs` after the request came.
 */

/** bcrypt reads 72 bytes; Auth refuses longer passwords. */
const MAX_SECRET_BYTES = 72;

/**
 * Text no login has, refused before anything is looked up: a lone UTF-16 surrogate (JSON's "\ud800"
 * is no character; the database answers it with an error, as it does a NUL) and, in a username, any
 * control character (child_logins' check allows none). A secret is refused only what nobody types, a
 * lone surrogate or a NUL, so a password set with a tab still signs in.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;
const CONTROL = /\p{Cc}/u;
const NOT_TEXT = 'must be valid Unicode text';

export const childSignInPayload = z
  .object({
    username: z
      .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
      .trim()
      .toLowerCase()
      .min(1, 'is required')
      .max(64, 'must be at most 64 characters')
      .refine((value) => !LONE_SURROGATE.test(value), NOT_TEXT)
      .refine((value) => !CONTROL.test(value), 'must not contain control characters'),
    secret: z
      .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
      .min(1, 'is required')
      .refine(
        (value) => new TextEncoder().encode(value).byteLength <= MAX_SECRET_BYTES,
        `must be at most ${MAX_SECRET_BYTES} characters`,
      )
      .refine((value) => !LONE_SURROGATE.test(value), NOT_TEXT)
      .refine((value) => !value.includes('\u0000'), 'must not contain a NUL character'),
  })
  .strict();

/** Auth's answer to a password grant: its status, its JSON body, and Retry-After when limited. */
export interface GrantAnswer {
  status: number;
  body: Record<string, unknown>;
  retryAfter?: string | null;
}

/** What the handler needs; index.ts gives the real one, tests an in-memory one. */
export interface ChildSignInPort {
  /** The Auth address of the child login with this username, or null when nobody has it. */
  emailOf(username: string): Promise<string | null>;
  /** Auth's password grant for this address, from the client's address (null when unknown). */
  passwordGrant(input: { email: string; password: string; client: string | null }): Promise<GrantAnswer>;
  /**
   * Counts a wrong try on a username nobody has; the lock message when that name now answers
   * "locked" (as a real login would after as many wrong tries), else null.
   */
  judgeUnknown(username: string): Promise<string | null>;
}

export interface ChildSignInDeps {
  port: ChildSignInPort;
  logger?: Logger;
  /** A failed sign-in is answered no sooner than this after the request came (milliseconds). */
  failureFloorMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  randomEmail?: () => string;
}

/** Auth's words for a wrong email or password: the same for a username nobody has. */
export const INVALID_LOGIN = 'Invalid login credentials';
export const RATE_LIMITED =
  'Too many sign-in attempts from this device. Please wait a few minutes and try again.';
/** Longer than Auth's bcrypt check and the lock hook take on a busy machine. */
export const FAILURE_FLOOR_MS = 600;

const messageOf = (body: Record<string, unknown>) =>
  String(body.msg ?? body.message ?? body.error_description ?? body.error ?? '');
const codeOf = (body: Record<string, unknown>) => String(body.error_code ?? body.code ?? '');
const isLockMessage = (message: string) => /\blocked\b/i.test(message);

export function createHandler(deps: ChildSignInDeps): Handler {
  const {
    port,
    failureFloorMs = FAILURE_FLOOR_MS,
    now = () => performance.now(),
    sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    randomEmail = randomChildEmail,
  } = deps;

  return withHttp(
    ['POST'],
    async (req) => {
      const started = now();
      const { username, secret } = parsePayload(childSignInPayload, await readJsonObject(req));
      /** A refusal, never sooner than the floor: a quick answer would tell which path it took. */
      const refuse = async (status: number, body: Record<string, unknown>, headers = {}) => {
        const wait = failureFloorMs - (now() - started);
        if (wait > 0) await sleep(wait);
        return json(status, body, headers);
      };

      const email = await port.emailOf(username);
      const answer = await port.passwordGrant({
        email: email ?? randomEmail(),
        password: secret,
        client: clientAddress(req),
      });
      if (answer.status === 200 && email !== null) return json(200, answer.body);
      if (answer.status === 429) {
        return refuse(
          429,
          { error: RATE_LIMITED, code: 'over_request_rate_limit' },
          answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {},
        );
      }
      if (answer.status >= 500) {
        throw new Error(`auth answered ${answer.status}: ${codeOf(answer.body)} ${messageOf(answer.body)}`);
      }
      // Any other refusal (a wrong secret, a lock, a login the family's deletion banned) reads as one.
      const lock =
        email === null
          ? await port.judgeUnknown(username)
          : codeOf(answer.body) === 'invalid_credentials' && isLockMessage(messageOf(answer.body))
            ? messageOf(answer.body)
            : null;
      return refuse(400, { error: lock ?? INVALID_LOGIN, code: 'invalid_credentials' });
    },
    deps.logger,
  );
}
