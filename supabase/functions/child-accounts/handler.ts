import { HttpError, json, withHttp, type Handler, type Logger } from '../_shared/http.ts';
import { parsePayload, readJsonObject, z } from '../_shared/validation.ts';
import { randomChildEmail } from '../_shared/child-email.ts';

/**
 * A child's login, given by their parent (docs/decisions/091-child-logins.md): create it (a
 * username and a password or PIN), change the username or the secret, or remove it. The child has
 * no email address: the Auth user gets a random address on a reserved non-routable domain no mail
 * is ever sent to (`c-<hex>@child.ploom.invalid`, docs/decisions/151), confirmed at creation. The
 * username lives in public.child_logins alone, so a rename changes no address. The caller must be
 * the child's parent.
 */

/** Auth's minimum password length (supabase/config.toml [auth] minimum_password_length). */
export const MIN_SECRET_LENGTH = 8;
/** bcrypt reads 72 bytes; Auth refuses longer passwords. */
export const MAX_SECRET_BYTES = 72;

const USERNAME_RE = /^[a-z0-9](?:[a-z0-9]|[.-](?=[a-z0-9])){2,29}$/;

/**
 * Text nobody types, refused with a 400 before anything reaches Auth or the database (which answer a
 * NUL or a lone UTF-16 surrogate, JSON's "\ud800", with an error of their own): a lone surrogate is
 * no character, and a control character (NUL, a line break, a tab) cannot be typed into the field.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;
const CONTROL = /\p{Cc}/u;
const NOT_TEXT = 'must be valid Unicode text';
const NO_CONTROL = 'must not contain control characters';

export const usernameField = z
  .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
  .trim()
  .toLowerCase()
  .min(3, 'must be at least 3 characters')
  .max(30, 'must be at most 30 characters')
  .refine((value) => !LONE_SURROGATE.test(value), NOT_TEXT)
  .refine((value) => !CONTROL.test(value), NO_CONTROL)
  .refine(
    (value) => USERNAME_RE.test(value),
    'may use letters, digits, dots and dashes, starting and ending with a letter or digit',
  );

const childId = z
  .string({ required_error: 'is required', invalid_type_error: 'must be a string' })
  .uuid('must be a child id');

const secretKind = z.enum(['password', 'pin'], {
  errorMap: () => ({ message: "must be 'password' or 'pin'" }),
});

/** A run like 12345678 or 98765432, or one digit repeated: the first PINs anyone tries. */
function isObviousPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]));
  return steps.size === 1 && [...steps].every((step) => Math.abs(step) <= 1);
}

/** The secret's own rules, by kind; the message names the field. */
function secretProblem(kind: 'password' | 'pin', secret: string): string | undefined {
  if (LONE_SURROGATE.test(secret)) return NOT_TEXT;
  if (CONTROL.test(secret)) return NO_CONTROL;
  if (new TextEncoder().encode(secret).byteLength > MAX_SECRET_BYTES) {
    return `must be at most ${MAX_SECRET_BYTES} characters`;
  }
  if (kind === 'pin') {
    if (!/^\d+$/.test(secret)) return 'a PIN must be digits only';
    if (secret.length < MIN_SECRET_LENGTH) return `a PIN must be at least ${MIN_SECRET_LENGTH} digits`;
    if (isObviousPin(secret)) return 'a PIN must not be one digit repeated or a straight run';
    return undefined;
  }
  if (secret.length < MIN_SECRET_LENGTH) return `must be at least ${MIN_SECRET_LENGTH} characters`;
  if (secret.trim() === '') return 'must not be only spaces';
  return undefined;
}

const secretField = z.string({ required_error: 'is required', invalid_type_error: 'must be a string' });

/** Checks `secret` against `secret_kind` when both are there. */
function withSecretRules<T extends { secret?: string; secret_kind?: 'password' | 'pin' }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.secret === undefined) return;
  if (value.secret_kind === undefined) {
    ctx.addIssue({ code: 'custom', path: ['secret_kind'], message: "is required with 'secret'" });
    return;
  }
  const problem = secretProblem(value.secret_kind, value.secret);
  if (problem) ctx.addIssue({ code: 'custom', path: ['secret'], message: problem });
}

export const childAccountsSchema = z.discriminatedUnion(
  'action',
  [
    z
      .object({
        action: z.literal('create'),
        child_id: childId,
        username: usernameField,
        secret: secretField,
        secret_kind: secretKind,
      })
      .strict(),
    z
      .object({
        action: z.literal('update'),
        child_id: childId,
        username: usernameField.optional(),
        secret: secretField.optional(),
        secret_kind: secretKind.optional(),
      })
      .strict(),
    z.object({ action: z.literal('remove'), child_id: childId }).strict(),
  ],
  { errorMap: () => ({ message: "must be 'create', 'update' or 'remove'" }) },
);

/** The schema with the secret's rules (zod cannot refine the members of a discriminated union). */
export const childAccountsPayload = childAccountsSchema.superRefine((value, ctx) => {
  if (value.action === 'remove') return;
  withSecretRules(value, ctx);
  if (
    value.action === 'update' &&
    value.username === undefined &&
    value.secret === undefined &&
    value.secret_kind === undefined
  ) {
    ctx.addIssue({ code: 'custom', path: [], message: "Nothing to change: send 'username' or 'secret'" });
  }
});
export type ChildAccountsPayload = z.output<typeof childAccountsSchema>;

export interface ChildRecord {
  id: string;
  parentId: string;
  firstName: string;
  /** the child's Auth user, when they have a login */
  userId: string | null;
  username: string | null;
  secretKind: 'password' | 'pin' | null;
}

/** What the handler needs from Supabase; index.ts gives the real one, tests an in-memory one. */
export interface ChildAccountsPort {
  /** The user behind an access token, or null when the token is not a valid session. */
  callerOf(token: string): Promise<string | null>;
  childOf(childId: string): Promise<ChildRecord | null>;
  /**
   * Counts one username tried by the parent (each answer tells whether a name is taken); false when
   * the parent's tries for the hour are used up.
   */
  takeUsernameTry(parentId: string): Promise<boolean>;
  /** Whether another child (not `exceptChildId`) or any account already uses this username. */
  usernameTaken(username: string, exceptChildId: string): Promise<boolean>;
  /**
   * Creates the confirmed Auth user with the role 'child'; returns its id, or null when the address
   * is already registered.
   */
  createUser(input: { email: string; password: string; firstName: string }): Promise<string | null>;
  /** Changes the Auth user's password (its address never changes). */
  updateUser(userId: string, changes: { password: string }): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  /** Links the login to the child (children.user_id) and records the username, in one transaction. */
  link(input: {
    childId: string;
    userId: string;
    username: string;
    secretKind: 'password' | 'pin';
  }): Promise<void>;
}

export interface ChildAccountsDeps {
  accounts: ChildAccountsPort;
  logger?: Logger;
  /** A new login's Auth address (random: it must say nothing of the username). */
  newEmail?: () => string;
}

const SIGN_IN = "Sign in as the child's parent to manage their login";
const TAKEN = 'That username is taken: try another one';
const TOO_MANY_TRIES = 'You have tried many usernames in the last hour: please try again later';

/** A username is tried only so many times an hour per parent, so the answers are no lookup service. */
async function takeUsernameTry(accounts: ChildAccountsPort, parentId: string) {
  if (!(await accounts.takeUsernameTry(parentId))) {
    throw new HttpError(429, TOO_MANY_TRIES, { 'Retry-After': '3600' });
  }
}

function bearerToken(req: Request): string {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new HttpError(401, SIGN_IN);
  return match[1];
}

export function createHandler(deps: ChildAccountsDeps): Handler {
  const { accounts, newEmail = randomChildEmail } = deps;
  return withHttp(
    ['POST'],
    async (req) => {
      const caller = await accounts.callerOf(bearerToken(req));
      if (!caller) throw new HttpError(401, SIGN_IN);
      const payload = parsePayload(childAccountsPayload, await readJsonObject(req));
      const child = await accounts.childOf(payload.child_id);
      // Another family's child is answered as no child at all.
      if (!child || child.parentId !== caller) throw new HttpError(404, 'No such child');

      if (payload.action === 'create') {
        if (child.userId)
          throw new HttpError(409, `${child.firstName} already has a login: change it instead`);
        await takeUsernameTry(accounts, caller);
        if (await accounts.usernameTaken(payload.username, child.id)) throw new HttpError(409, TAKEN);
        const userId = await accounts.createUser({
          email: newEmail(),
          password: payload.secret,
          firstName: child.firstName,
        });
        if (!userId) throw new HttpError(409, TAKEN);
        try {
          await accounts.link({
            childId: child.id,
            userId,
            username: payload.username,
            secretKind: payload.secret_kind,
          });
        } catch (error) {
          // No login half made: the Auth user goes if it cannot be linked.
          await accounts.deleteUser(userId);
          throw error;
        }
        return json(201, {
          child_id: child.id,
          username: payload.username,
          secret_kind: payload.secret_kind,
        });
      }

      if (!child.userId || !child.username || !child.secretKind) {
        throw new HttpError(404, `${child.firstName} has no login yet`);
      }

      if (payload.action === 'remove') {
        // Deleting the Auth user unlinks the child and removes the username (foreign keys).
        await accounts.deleteUser(child.userId);
        return json(200, { child_id: child.id, status: 'removed' });
      }

      const username = payload.username ?? child.username;
      if (
        payload.secret === undefined &&
        payload.secret_kind !== undefined &&
        payload.secret_kind !== child.secretKind
      ) {
        throw new HttpError(400, "secret: is required to change 'secret_kind'");
      }
      const secretKind = payload.secret_kind ?? child.secretKind;
      if (username !== child.username) {
        await takeUsernameTry(accounts, caller);
        if (await accounts.usernameTaken(username, child.id)) throw new HttpError(409, TAKEN);
      }
      if (payload.secret !== undefined) {
        await accounts.updateUser(child.userId, { password: payload.secret });
      }
      if (username !== child.username || secretKind !== child.secretKind) {
        await accounts.link({ childId: child.id, userId: child.userId, username, secretKind });
      }
      return json(200, { child_id: child.id, username, secret_kind: secretKind });
    },
    deps.logger,
  );
}
