import crypto from 'node:crypto';
import type pg from 'pg';

/**
 * Auth's rows in Postgres: auth.users (the Supabase layout, so triggers written for Supabase see
 * `raw_user_meta_data` as they expect), auth.sessions, auth.refresh_tokens, and two tables of the
 * real Supabase auth schema that this stack creates itself on first use: auth.one_time_tokens
 * (hashed email link tokens) and auth.mfa_amr_claims (how each session was signed in).
 */
export const AUTH_SCHEMA_SQL = `
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);
-- The token types (GoTrue's): a data directory from before email_change_token_current gets the wider check.
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check check (token_type in
  ('confirmation_token', 'recovery_token', 'email_change_token_new', 'email_change_token_current',
   'reauthentication_token'));
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);
-- The 6-digit code of the same email ({{ .Token }}), kept as a hash of the address and the code.
alter table auth.one_time_tokens add column if not exists otp_hash text;
create index if not exists one_time_tokens_otp_hash_idx on auth.one_time_tokens (otp_hash);
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);
create index if not exists refresh_tokens_user_idx on auth.refresh_tokens (user_id);
create index if not exists sessions_user_idx on auth.sessions (user_id);
alter table auth.one_time_tokens owner to supabase_auth_admin;
alter table auth.mfa_amr_claims owner to supabase_auth_admin;
grant all on auth.one_time_tokens, auth.mfa_amr_claims to service_role;
`;

export type Db = pg.Pool | pg.PoolClient;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  deleted_at: Date | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
  confirmation_sent_at, recovery_sent_at, email_change, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at, banned_until, is_anonymous,
  deleted_at`;

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);

export async function withTransaction<T>(pool: pg.Pool, work: (db: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return rows[0];
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  if (!/[0-9]/.test(phone)) return undefined;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where regexp_replace(phone, '[^0-9]', '', 'g') = $1 and deleted_at is null`,
    [phone.replace(/[^0-9]/g, '')],
  );
  return rows[0];
}

export interface NewUser {
  id?: string;
  email: string | null;
  phone?: string | null;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  emailConfirmed: boolean;
  phoneConfirmed?: boolean;
  role?: string;
  bannedUntil?: Date | null;
  /** a user of signInAnonymously(): no email, phone or password until they add one */
  anonymous?: boolean;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        phone, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data, banned_until, is_anonymous,
        created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', coalesce($1::uuid, gen_random_uuid()), 'authenticated',
        $2, $3, $4, case when $5 then now() end, $6, case when $7 then now() end, $8, $9, $10, $11, now(), now())
     returning ${USER_COLUMNS}`,
    [
      user.id ?? null,
      user.role ?? 'authenticated',
      user.email,
      user.passwordHash,
      user.emailConfirmed,
      user.phone ?? null,
      Boolean(user.phone && user.phoneConfirmed),
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
      user.bannedUntil ?? null,
      user.anonymous ?? false,
    ],
  );
  return rows[0];
}

/** Updates the given columns (names are fixed by the callers, never from input) and returns the row. */
export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<Record<keyof UserRow, unknown>>,
): Promise<UserRow> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const sets = entries.map(([column], index) => {
    const jsonColumn = column === 'raw_app_meta_data' || column === 'raw_user_meta_data';
    return `${column} = $${index + 2}${jsonColumn ? '::jsonb' : ''}`;
  });
  const values = entries.map(([column, value]) =>
    column === 'raw_app_meta_data' || column === 'raw_user_meta_data' ? JSON.stringify(value) : value,
  );
  const { rows } = await db.query<UserRow>(
    `update auth.users set ${[...sets, 'updated_at = now()'].join(', ')}
      where id = $1 returning ${USER_COLUMNS}`,
    [id, ...values],
  );
  return rows[0];
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

export function isEmailConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null;
}

/** A stable identity id for the email identity of a user (GoTrue keeps one row per identity). */
function identityId(userId: string): string {
  const hex = sha256(`email-identity:${userId}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

/** The user as GoTrue answers it (fields that GoTrue omits when empty are left out here too). */
export function userJson(user: UserRow, factors: Record<string, unknown>[] = []): Record<string, unknown> {
  const appMetadata = user.raw_app_meta_data ?? {};
  const providers = Array.isArray(appMetadata.providers) ? (appMetadata.providers as unknown[]) : [];
  const identities =
    user.email && (providers.length === 0 || providers.includes('email'))
      ? [
          {
            identity_id: identityId(user.id),
            id: user.id,
            user_id: user.id,
            identity_data: {
              email: user.email,
              email_verified: isEmailConfirmed(user),
              phone_verified: false,
              sub: user.id,
            },
            provider: 'email',
            last_sign_in_at: iso(user.last_sign_in_at),
            created_at: iso(user.created_at),
            updated_at: iso(user.updated_at),
            email: user.email,
          },
        ]
      : [];
  const json: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata,
    user_metadata: user.raw_user_meta_data ?? {},
    identities,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
    // GoTrue leaves `factors` out when the user has none.
    factors: factors.length ? factors : undefined,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}

// ---- one-time tokens (email links) ----

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

/** The hash kept for an email's 6-digit code: tied to the address, so a code alone matches nothing. */
export const otpHash = (email: string, otp: string) => sha256(`${email.toLowerCase()}:${otp}`);

/** A fresh 6-digit code, as GoTrue puts in emails for `verifyOtp({ email, token, type })`. */
export const randomOtp = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** Stores the hashes of a new link token and code for the user (replacing older ones of that type). */
export async function saveOneTimeToken(
  db: Db,
  userId: string,
  type: OneTimeTokenType,
  token: string,
  relatesTo: string,
  otp: string,
  /** the address the 6-digit code is typed with (the one the email went to); relatesTo by default */
  otpEmail = relatesTo,
): Promise<void> {
  await db.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, otp_hash)
     values ($1, $2, $3, $4, $5)
     on conflict (user_id, token_type)
     do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
                   otp_hash = excluded.otp_hash, created_at = now(), updated_at = now()`,
    [userId, type, sha256(token), relatesTo, otpHash(otpEmail, otp)],
  );
}

/**
 * Takes (finds and deletes, so it works once) the link token, or with `email` also the 6-digit
 * code, of one of the given types, if it is younger than `maxAgeSeconds`. Returns the user id and
 * what it relates to.
 */
export async function consumeOneTimeToken(
  db: Db,
  types: OneTimeTokenType[],
  token: string,
  maxAgeSeconds: number,
  email?: string,
): Promise<{ userId: string; relatesTo: string; type: OneTimeTokenType } | undefined> {
  const { rows } = await db.query<{
    user_id: string;
    relates_to: string;
    token_type: OneTimeTokenType;
    fresh: boolean;
  }>(
    `delete from auth.one_time_tokens
      where token_type = any($2) and (token_hash = $1 or ($4::text is not null and otp_hash = $4))
      returning user_id, relates_to, token_type, created_at > now() - make_interval(secs => $3) as fresh`,
    [sha256(token), types, maxAgeSeconds, email && /^\d{6}$/.test(token) ? otpHash(email, token) : null],
  );
  const row = rows[0];
  if (!row || !row.fresh) return undefined;
  return { userId: row.user_id, relatesTo: row.relates_to, type: row.token_type };
}
