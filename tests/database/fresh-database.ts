import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dbUrl, loadConfig } from '../../local-supabase/config.ts';
import { migrate, startPostgres, wipe } from '../../local-supabase/postgres.ts';

/**
 * A throwaway PostgreSQL with the platform bootstrap and the migrations applied, nothing else: for
 * tests about the schema itself (the catalog), which must not see the tables and functions other
 * test files create in the test stack's database for themselves.
 */
export interface FreshDatabase {
  db: pg.Client;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

export async function startFreshDatabase(): Promise<FreshDatabase> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-fresh-db-'));
  fs.chmodSync(stateDir, 0o755);
  const config = loadConfig({ stateDir, dbPort: await freePort(), quiet: true });
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
    return {
      db,
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
