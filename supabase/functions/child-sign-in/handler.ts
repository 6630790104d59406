import { clientAddress } from '../_shared/caps.ts';
import { randomChildEmail } from '../_shared/child-email.ts';
import { json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { parsePayload, readJsonObject, z } from '../_shared/validation.ts';

/**
 * A child signs in with the username their parent gave them (docs/decisions/151-child-sign-in-function.md).
 * The child's Auth address is random (`c-<hex>@child.ploom.invalid`), so the browser cannot derive
 * it: this function looks it up with the service role and asks Auth's password grant itself, from the
 * child's address (so Auth's per-address limits still apply), then hands the session back for
 * `supabase.auth.setSession`.
 *
 * Every try is judged in the database before Auth is asked, by username and client address
 * (docs/decisions/229-child-login-lockout.md): a few wrong tries refuse that address alone (429), so a
 * stranger who knows a username cannot keep the child out; a username's wrong tries of the day over
 * all addresses lock it for everyone until a parent unlocks it.
 *
 * A username nobody has is answered exactly as a wrong secret: the same steps (the same counting, an
 * Auth call with a random address no one has), the same status and body, the same lock, and never
 * sooner than `failureFloorMs` after the request came.
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

/** The database's judgement of a try before Auth is asked (public.begin_child_sign_in). */
export type TryJudgement =
  | { kind: 'go'; tryId: number }
  /** the username is locked for everyone: the lock message */
  | { kind: 'locked'; message: string }
  /** this address has had its tries for now: seconds until the next one */
  | { kind: 'address'; retryAfter: number };

/** How a try went, as the database counts it: 'unchecked' when Auth compared no secret. */
export type TryOutcome = 'succeeded' | 'failed' | 'unchecked';

/** What the handler needs; index.ts gives the real one, tests an in-memory one. */
export interface ChildSignInPort {
  /** Judges a try on this username from this client address, and counts it when it may go on. */
  beginTry(username: string, client: string | null): Promise<TryJudgement>;
  /** The Auth address of the child login with this username, or null when nobody has it. */
  emailOf(username: string): Promise<string | null>;
  /** Auth's password grant for this address, from the client's address (null when unknown). */
  passwordGrant(input: { email: string; password: string; client: string | null }): Promise<GrantAnswer>;
  /** Records how a try went; the lock message when this wrong try locked the username, else null. */
  finishTry(tryId: number, outcome: TryOutcome): Promise<string | null>;
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
/** This address's tries on this username (or on any) are used up for now. */
export const tooManyTries = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many tries from this device. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};
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

      const client = clientAddress(req);
      const judged = await port.beginTry(username, client);
      if (judged.kind === 'address') {
        return refuse(
          429,
          { error: tooManyTries(judged.retryAfter), code: 'over_request_rate_limit' },
          { 'Retry-After': String(judged.retryAfter) },
        );
      }
      if (judged.kind === 'locked') {
        return refuse(400, { error: judged.message, code: 'invalid_credentials' });
      }

      const email = await port.emailOf(username);
      let answer: GrantAnswer;
      try {
        answer = await port.passwordGrant({ email: email ?? randomEmail(), password: secret, client });
      } catch (error) {
        await port.finishTry(judged.tryId, 'unchecked');
        throw error;
      }
      const signedIn = answer.status === 200 && email !== null;
      // Auth's own limit (429) and its failures (5xx) tell nothing of the secret: those tries do not
      // count. Any other answer but a session is a wrong try (a wrong secret, the hook's lock, a login
      // the family's deletion banned).
      const uncompared = answer.status === 429 || answer.status >= 500;
      const lockedNow = await port.finishTry(
        judged.tryId,
        signedIn ? 'succeeded' : uncompared ? 'unchecked' : 'failed',
      );
      if (signedIn) return json(200, answer.body);
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
      // Every other refusal reads as one; a lock (this try's, or the hook's) says so.
      const hookLock =
        email !== null &&
        codeOf(answer.body) === 'invalid_credentials' &&
        isLockMessage(messageOf(answer.body))
          ? messageOf(answer.body)
          : null;
      return refuse(400, { error: lockedNow ?? hookLock ?? INVALID_LOGIN, code: 'invalid_credentials' });
    },
    deps.logger,
  );
}
