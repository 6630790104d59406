import type { Db } from './store.ts';

/**
 * Multi-factor authentication rows, in the layout of Supabase's auth schema: auth.mfa_factors (one
 * row per enrolled factor, the TOTP secret in `secret`), auth.mfa_challenges (one per challenge,
 * with the address it was made from), and the assurance level a session reached in auth.sessions
 * (`aal`, and the factor that raised it in `factor_id`). Created on first use, like the other
 * tables this stack adds to the auth schema.
 */
export const MFA_SCHEMA_SQL = `
do $$ begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null; end $$;
do $$ begin
  create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
exception when duplicate_object then null; end $$;
create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  phone text,
  last_challenged_at timestamptz
);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet not null
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
create index if not exists mfa_challenges_factor_idx on auth.mfa_challenges (factor_id);
alter table auth.sessions add column if not exists aal auth.aal_level;
alter table auth.sessions add column if not exists factor_id uuid;
alter table auth.mfa_factors owner to supabase_auth_admin;
alter table auth.mfa_challenges owner to supabase_auth_admin;
grant all on auth.mfa_factors, auth.mfa_challenges to service_role;
`;

export type FactorType = 'totp' | 'webauthn' | 'phone';
export type FactorStatus = 'unverified' | 'verified';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: FactorType;
  status: FactorStatus;
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  last_challenged_at: Date | null;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
  expired: boolean;
}

const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret,
  last_challenged_at`;

/** GoTrue keeps an unverified factor this long; older ones are removed at the next enrolment. */
export const FACTOR_EXPIRY_SECONDS = 300;
/** A challenge must be verified within this long (GoTrue's default MFA challenge expiry). */
export const CHALLENGE_EXPIRY_SECONDS = 300;

/** The factor as GoTrue answers it (the secret never leaves the server). */
export function factorJson(factor: FactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    last_challenged_at: factor.last_challenged_at ? factor.last_challenged_at.toISOString() : null,
  };
}

export async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function findOwnedFactor(db: Db, userId: string, factorId: string) {
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2`,
    [factorId, userId],
  );
  return rows[0];
}

export async function deleteExpiredFactors(db: Db, userId: string) {
  await db.query(
    `delete from auth.mfa_factors
      where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
    [userId, FACTOR_EXPIRY_SECONDS],
  );
}

export async function insertFactor(
  db: Db,
  userId: string,
  friendlyName: string,
  type: FactorType,
  secret: string | null,
): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
     values (gen_random_uuid(), $1, $2, $3, 'unverified', $4) returning ${FACTOR_COLUMNS}`,
    [userId, friendlyName, type, secret],
  );
  return rows[0];
}

export async function insertChallenge(db: Db, factorId: string, ip: string): Promise<ChallengeRow> {
  const { rows } = await db.query<ChallengeRow>(
    `insert into auth.mfa_challenges (id, factor_id, ip_address) values (gen_random_uuid(), $1, $2)
     returning id, factor_id, created_at, verified_at, host(ip_address) as ip_address, false as expired`,
    [factorId, ip],
  );
  await db.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factorId]);
  return rows[0];
}

export async function findChallenge(db: Db, factorId: string, challengeId: string) {
  const { rows } = await db.query<ChallengeRow>(
    `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address,
            created_at < now() - make_interval(secs => $3) as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
    [challengeId, factorId, CHALLENGE_EXPIRY_SECONDS],
  );
  return rows[0];
}

/** A factor is gone: sessions it raised to aal2 go back to aal1, and lose its sign-in method. */
export async function downgradeSessionsOf(db: Db, factor: FactorRow) {
  await db.query(
    `delete from auth.mfa_amr_claims where authentication_method = $2
        and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id, factor.factor_type],
  );
  await db.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factor.id]);
}

/** Client addresses as Postgres' inet accepts them ("unknown" when the socket had none). */
export function inetOf(ip: string): string {
  const bare = ip.replace(/^::ffff:/, '');
  return /^[0-9a-f:.]+$/i.test(bare) ? bare : '0.0.0.0';
}

export async function sessionAal(db: Db, sessionId: string | undefined): Promise<string> {
  if (!sessionId) return 'aal1';
  const { rows } = await db.query<{ aal: string | null }>(
    `select aal::text as aal from auth.sessions where id = $1`,
    [sessionId],
  );
  return rows[0]?.aal ?? 'aal1';
}
