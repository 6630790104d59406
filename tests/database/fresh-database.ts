import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dbUrl, loadConfig } from '../../local-supabase/config.ts';
import { MFA_SCHEMA_SQL } from '../../local-supabase/auth/mfa-store.ts';
import { AUTH_SCHEMA_SQL } from '../../local-supabase/auth/store.ts';
import { migrate, startPostgres, wipe } from '../../local-supabase/postgres.ts';
import { freePorts } from '../support/ports.ts';

/**
 * A throwaway PostgreSQL with the platform bootstrap and the migrations applied, nothing else: for
 * tests about the schema itself (the catalog), which must not see the tables and functions other
 * test files create in the test stack's database for themselves; and for tests about every row of
 * a kind (every admin of the project), which other test files add to the stack's database.
 */
export interface FreshDatabase {
  db: pg.Client;
  /** For another connection (a second transaction at once). */
  url: string;
  stop(): Promise<void>;
}

/**
 * `authSchema`: also the tables the Auth service creates when it starts (sessions, MFA factors),
 * which some policies and functions read; for tests about rows rather than the catalog.
 */
export async function startFreshDatabase({ authSchema = false } = {}): Promise<FreshDatabase> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-fresh-db-'));
  fs.chmodSync(stateDir, 0o755);
  const config = loadConfig({ stateDir, dbPort: (await freePorts(1))[0], quiet: true });
  const postgres = await startPostgres(config);
  const cleanUp = async () => {
    await postgres.stop();
    await wipe(config);
    fs.rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    await migrate(config, { seed: false });
    const db = new pg.Client({ connectionString: dbUrl(config) });
    db.on('error', () => {});
    await db.connect();
    if (authSchema) await db.query(AUTH_SCHEMA_SQL + MFA_SCHEMA_SQL);
    return {
      db,
      url: dbUrl(config),
      async stop() {
        await db.end();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
