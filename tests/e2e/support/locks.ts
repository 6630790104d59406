import type pg from 'pg';
import { adminDb } from '../../support/stack.ts';

/**
 * Named locks between specs that meet in shared state on the stack: a test that changes it holds
 * the lock alone, a test that relies on it holds it shared. They are Postgres advisory locks, so
 * tests in different Playwright workers (processes) wait for each other instead of racing; ending
 * the holder's database session releases them, whatever happened to the test.
 */
export type LockName =
  /** the signup_enabled flag: ./signup-flag.ts */
  | 'signup_enabled'
  /** a session of the demo child Mia in progress now, which her family's dashboard shows as next */
  | 'mia_session_now'
  /** the sessions of this week that the admin overview counts (created, deleted or ended) */
  | 'sessions_this_week'
  /** the latest weekly update shared about Mia, which her family's dashboard shows */
  | 'mia_latest_update'
  /** Mia's points total (a test that awards her points holds it alone while it does) */
  | 'mia_points';

export interface HeldLock {
  /** the holder's own connection, for what it does under the lock */
  db: pg.Client;
  release(): Promise<void>;
}

/** Takes `name` alone or shared, waiting for the holders it conflicts with. */
export async function takeLock(name: LockName, mode: 'alone' | 'shared'): Promise<HeldLock> {
  const db = await adminDb();
  try {
    await db.query(`select pg_advisory_lock${mode === 'shared' ? '_shared' : ''}(hashtext($1))`, [
      `ploom-e2e:${name}`,
    ]);
  } catch (error) {
    await db.end();
    throw error;
  }
  return { db, release: () => db.end() };
}

/** Runs `work` holding `name` alone or shared. */
export async function holding<T>(
  name: LockName,
  mode: 'alone' | 'shared',
  work: (db: pg.Client) => Promise<T>,
): Promise<T> {
  const lock = await takeLock(name, mode);
  try {
    return await work(lock.db);
  } finally {
    await lock.release();
  }
}
