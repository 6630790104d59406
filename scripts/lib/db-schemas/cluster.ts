import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT, dbUrl, loadConfig, type StackConfig } from '../../../local-supabase/config.ts';
import { installCronEmulation } from '../../../local-supabase/cron.ts';
import { installDatabaseBroadcast } from '../../../local-supabase/realtime/database-broadcast.ts';
import { startPostgres, wipe, type RunningPostgres } from '../../../local-supabase/postgres.ts';

/**
 * One throwaway PostgreSQL cluster holding several databases, each with the platform bootstrap the
 * local stack applies before any migration (local-supabase/postgres.ts `migrate`): comparing two
 * databases of one cluster costs one start instead of two.
 */

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'supabase', 'migrations');
export const SCHEMAS_DIR = path.join(PROJECT_ROOT, 'supabase', 'schemas');
export const SEED_FILE = path.join(PROJECT_ROOT, 'supabase', 'seed.sql');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  config: StackConfig;
  /** the connection string of database `name` */
  url(name: string): string;
  /** runs `fn` with a client connected to database `name` */
  withClient<T>(name: string, fn: (client: pg.Client) => Promise<T>): Promise<T>;
  /** a new database holding the platform bootstrap, nothing of the project */
  createBootstrapped(name: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-db-schemas-'));
  fs.chmodSync(stateDir, 0o755);
  const config = loadConfig({ stateDir, dbPort: await freePort(), quiet: true });
  let server: RunningPostgres | undefined;
  const cleanUp = async () => {
    await server?.stop();
    await wipe(config);
    fs.rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    server = await startPostgres(config);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const url = (name: string) => dbUrl(config).replace(/\/[^/?]*(\?.*)?$/, `/${name}$1`);
  const withClient = async <T>(name: string, fn: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url(name) });
    client.on('error', () => {});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const bootstrapSql = fs.readFileSync(path.join(PROJECT_ROOT, 'local-supabase', 'bootstrap.sql'), 'utf8');
  return {
    config,
    url,
    withClient,
    async createBootstrapped(name) {
      await withClient('postgres', (c) => c.query(`create database "${name}" template template0`));
      await withClient(name, async (client) => {
        // The bootstrap names the stack's database; here each database is its own.
        await client.query(bootstrapSql.replace(/alter database postgres /g, `alter database "${name}" `));
        await installCronEmulation(client);
        await installDatabaseBroadcast(client);
      });
    },
    stop: cleanUp,
  };
}

/** The `.sql` files of a folder, in name order (the order the CLI applies them). */
export function sqlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Applies files in order, each in its own transaction, as `migrate` does (and records migrations in
 * supabase_migrations.schema_migrations like it, when `record`).
 */
export async function applyFiles(client: pg.Client, files: string[], { record = false } = {}) {
  for (const file of files) {
    const sql = fs.readFileSync(file, 'utf8');
    try {
      await client.query('begin');
      await client.query(sql);
      if (record) {
        const [version, ...rest] = path.basename(file, '.sql').split('_');
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [version, rest.join('_')],
        );
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      const position = Number((error as { position?: string }).position);
      const line = position ? ` (line ${sql.slice(0, position).split('\n').length})` : '';
      throw new Error(`${path.relative(PROJECT_ROOT, file)}${line} failed: ${(error as Error).message}`);
    }
  }
}
