import type pg from 'pg';

/**
 * A signed-in session as row level security sees it for staff two-factor sign-in: the JWT's
 * assurance level, whether the account has a verified factor, and whether the
 * `require_staff_two_factor` setting is on.
 */
export interface TwoFactorSession {
  aal: 'aal1' | 'aal2';
  /** the account has a verified TOTP factor */
  factor?: boolean;
  /** the `require_staff_two_factor` setting is on */
  required?: boolean;
}

const inSnapshot = new WeakSet<pg.Client>();

/**
 * Runs `work` inside one REPEATABLE READ transaction (rolled back): every `asTwoFactorSession`
 * call on `db` within it reads the same committed rows, so counts read in several sessions compare
 * even while other test files add rows of their own.
 */
export async function inOneSnapshot<T>(db: pg.Client, work: () => Promise<T>): Promise<T> {
  await db.query('begin isolation level repeatable read');
  inSnapshot.add(db);
  try {
    return await work();
  } finally {
    inSnapshot.delete(db);
    await db.query('rollback');
  }
}

/**
 * Runs `work` as `userId` in `session`, as the API runs a request (role authenticated, the JWT's
 * claims set), after arranging the factor and the setting as the database owner. Everything is
 * rolled back: its own transaction, or a savepoint inside `inOneSnapshot`.
 */
export async function asTwoFactorSession<T>(
  db: pg.Client,
  userId: string,
  session: TwoFactorSession,
  work: (db: pg.Client) => Promise<T>,
): Promise<T> {
  const nested = inSnapshot.has(db);
  await db.query(nested ? 'savepoint two_factor_session' : 'begin');
  try {
    await db.query(`update public.feature_flags set enabled = $1 where key = 'require_staff_two_factor'`, [
      session.required ?? false,
    ]);
    if (session.factor) {
      await db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
         values (gen_random_uuid(), $1, 'Phone', 'totp', 'verified', 'JBSWY3DPEHPK3PXP')`,
        [userId],
      );
    }
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated', aud: 'authenticated', aal: session.aal }),
    ]);
    return await work(db);
  } finally {
    await db.query(nested ? 'rollback to savepoint two_factor_session' : 'rollback');
  }
}
