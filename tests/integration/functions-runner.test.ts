import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, PROJECT_ROOT, loadConfig } from '../../local-supabase/config.ts';
import { NETWORK_SETTINGS } from '../../local-supabase/functions/deno.ts';
import { createFunctions } from '../../local-supabase/functions/service.ts';
import { parseFunctionSettings } from '../../local-supabase/functions/config.ts';
import type { HttpService, StackContext } from '../../local-supabase/types.ts';

/**
 * The functions runner on its own: a throwaway functions folder and config.toml, real Deno
 * processes, and a small server routing /functions/v1 to it as the gateway does.
 */

const ECHO = `
Deno.serve(async (req) => {
  const url = new URL(req.url);
  if (url.pathname.endsWith('/exit')) Deno.exit(1);
  return new Response(
    JSON.stringify({
      pid: Deno.pid,
      version: 1,
      method: req.method,
      path: url.pathname,
      query: url.search,
      header: req.headers.get('x-custom'),
      authorization: req.headers.get('authorization'),
      forwardedFor: req.headers.get('x-forwarded-for'),
      body: await req.text(),
      env: {
        SUPABASE_URL: Deno.env.get('SUPABASE_URL'),
        SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY') ? 'set' : undefined,
        SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ? 'set' : undefined,
        SUPABASE_DB_URL: Deno.env.get('SUPABASE_DB_URL'),
        SMTP_HOST: Deno.env.get('SMTP_HOST'),
        SMTP_PORT: Deno.env.get('SMTP_PORT'),
        MAIL_FROM: Deno.env.get('MAIL_FROM'),
        TEAM_EMAIL: Deno.env.get('TEAM_EMAIL'),
        SITE_URL: Deno.env.get('SITE_URL'),
      },
    }),
    { status: 201, headers: { 'content-type': 'application/json', 'x-answer': 'yes' } },
  );
});
`;

const STREAM = `
Deno.serve(() => {
  let i = 0;
  const body = new ReadableStream({
    async pull(controller) {
      if (i === 3) return controller.close();
      controller.enqueue(new TextEncoder().encode('chunk' + i++ + '\\n'));
      await new Promise((r) => setTimeout(r, 50));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/plain' } });
});
`;

let dir: string;
let fns: HttpService;
let server: http.Server;
let base: string;
const logs: string[] = [];
const config = loadConfig({
  stateDir: os.tmpdir(),
  teamEmail: 'team@example.com',
  siteUrl: 'http://site.test',
});

function writeFunction(name: string, source: string) {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  fs.writeFileSync(path.join(dir, name, 'index.ts'), source);
}

function pidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const auth = { Authorization: `Bearer ${ANON_KEY}` };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-functions-'));
  fs.writeFileSync(path.join(dir, 'deno.json'), JSON.stringify({ nodeModulesDir: 'none' }));
  writeFunction('echo', ECHO);
  writeFunction('open', ECHO);
  writeFunction('stream', STREAM);
  writeFunction('broken', `throw new Error('boom at import');\n`);
  writeFunction('_shared', ECHO);
  fs.writeFileSync(
    path.join(dir, 'config.toml'),
    [
      'project_id = "test"',
      '[functions.open]',
      'verify_jwt = false # beacons',
      '[functions.stream]',
      'verify_jwt = false',
      '',
    ].join('\n'),
  );
  const ctx = {
    config,
    log: (part: string, message: string) => logs.push(`[${part}] ${message}`),
  } as unknown as StackContext; // the runner uses only config and log
  fns = createFunctions(ctx, { functionsDir: dir, configFile: path.join(dir, 'config.toml') });
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    fns.handle(req, res, url.pathname.slice('/functions/v1'.length), url).catch((error) => {
      res.writeHead(Number((error as { status?: number }).status ?? 500)).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/functions/v1`;
});

afterAll(async () => {
  await fns?.close?.();
  server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('config.toml', () => {
  it('reads verify_jwt per function, true unless set to false', () => {
    const settings = parseFunctionSettings(
      [
        'project_id = "x"',
        '[auth]',
        'verify_jwt = false',
        '[functions.track-page-leave]',
        'verify_jwt = false # beacons carry no header',
        '[functions."quoted-name"]',
        'verify_jwt=false',
        '[functions.send-newsletter-confirmation]',
        'import_map = "./x.json"',
      ].join('\n'),
    );
    expect(Object.fromEntries(settings)).toEqual({
      'track-page-leave': { verifyJwt: false },
      'quoted-name': { verifyJwt: false },
      'send-newsletter-confirmation': { verifyJwt: true },
    });
  });

  it("marks only track-page-leave, stripe-webhook (Stripe signs it) and calendar-feed (its URL's secret token) as open in the project's own config", () => {
    const settings = parseFunctionSettings(
      fs.readFileSync(path.join(PROJECT_ROOT, 'supabase', 'config.toml'), 'utf8'),
    );
    const open = [...settings].filter(([, s]) => !s.verifyJwt).map(([name]) => name);
    // calendar-feed: calendar apps subscribe to a URL and send no key; the secret token in the
    // path is checked by its hash, and anything else is a 404 (docs/decisions/176).
    expect(open).toEqual(['track-page-leave', 'stripe-webhook', 'calendar-feed']);
    for (const name of fs.readdirSync(path.join(PROJECT_ROOT, 'supabase', 'functions'))) {
      if (fs.existsSync(path.join(PROJECT_ROOT, 'supabase', 'functions', name, 'index.ts'))) {
        expect(settings.has(name), `${name} is listed in config.toml`).toBe(true);
      }
    }
  });
});

describe('the functions runner', () => {
  it('forwards method, path, query, headers and body, and returns status, headers and body', async () => {
    const response = await fetch(`${base}/echo/sub/path?a=1&b=two`, {
      method: 'PATCH',
      headers: { ...auth, 'x-custom': 'kept', 'content-type': 'text/plain' },
      body: 'hello body',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-answer')).toBe('yes');
    expect(await response.json()).toMatchObject({
      method: 'PATCH',
      path: '/echo/sub/path',
      query: '?a=1&b=two',
      header: 'kept',
      authorization: `Bearer ${ANON_KEY}`,
      body: 'hello body',
    });
  });

  it("gives functions Supabase's environment plus the stack's mail settings", async () => {
    const response = await fetch(`${base}/echo`, { method: 'POST', headers: auth });
    const { env } = (await response.json()) as { env: Record<string, string> };
    expect(env).toEqual({
      SUPABASE_URL: `http://127.0.0.1:${config.apiPort}`,
      SUPABASE_ANON_KEY: 'set',
      SUPABASE_SERVICE_ROLE_KEY: 'set',
      SUPABASE_DB_URL: `postgresql://postgres:postgres@127.0.0.1:${config.dbPort}/postgres`,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(config.smtpPort),
      MAIL_FROM: config.mailFrom,
      TEAM_EMAIL: 'team@example.com',
      SITE_URL: 'http://site.test',
    });
  });

  it("appends the client's address to X-Forwarded-For, as Supabase's edge gateway does", async () => {
    const direct = await fetch(`${base}/echo`, { method: 'POST', headers: auth });
    expect(await direct.json()).toMatchObject({ forwardedFor: '127.0.0.1' });
    const proxied = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { ...auth, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(await proxied.json()).toMatchObject({ forwardedFor: '203.0.113.7, 127.0.0.1' });
  });

  it("passes the machine's certificate, proxy and registry settings on to Deno", async () => {
    // Without them Deno cannot fetch npm: packages on a network with its own certificate authority.
    const bundle = path.join(dir, 'ca-bundle.pem');
    fs.writeFileSync(bundle, tls.rootCertificates.join('\n'));
    const wanted: Record<string, string> = {
      SSL_CERT_FILE: bundle,
      SSL_CERT_DIR: path.dirname(bundle),
      NODE_EXTRA_CA_CERTS: bundle,
      DENO_CERT: bundle,
      HTTPS_PROXY: 'http://127.0.0.1:9',
      NO_PROXY: '127.0.0.1,localhost',
      NPM_CONFIG_REGISTRY: 'https://registry.npmjs.org/',
    };
    writeFunction(
      'network-settings',
      `Deno.serve(() => Response.json(Object.fromEntries(${JSON.stringify(NETWORK_SETTINGS)}.map((k) => [k, Deno.env.get(k) ?? null]))));\n`,
    );
    const saved = Object.fromEntries(NETWORK_SETTINGS.map((key) => [key, process.env[key]]));
    Object.assign(process.env, wanted);
    try {
      const response = await fetch(`${base}/network-settings`, { method: 'POST', headers: auth });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject(wanted);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it("fetches a function's npm: packages into an empty Deno cache before the first request", async () => {
    const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-functions-fresh-'));
    const denoDir = path.join(freshDir, '.deno');
    fs.writeFileSync(path.join(freshDir, 'deno.json'), JSON.stringify({ nodeModulesDir: 'none' }));
    fs.mkdirSync(path.join(freshDir, 'uses-npm'));
    fs.writeFileSync(
      path.join(freshDir, 'uses-npm', 'index.ts'),
      `import ms from 'npm:ms@2.1.3';\nDeno.serve(() => new Response(ms(90000)));\n`,
    );
    const fresh = createFunctions(
      {
        config,
        log: (part: string, message: string) => logs.push(`[${part}] ${message}`),
      } as unknown as StackContext,
      {
        functionsDir: freshDir,
        configFile: path.join(freshDir, 'config.toml'),
        denoDir,
      },
    );
    const local = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      void fresh.handle(req, res, url.pathname, url);
    });
    try {
      const prepared = await fresh.prepared;
      expect(prepared, logs.join('\n')).toMatchObject({ ok: true });
      expect(prepared.downloads).toBeGreaterThan(0);
      await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
      const port = (local.address() as { port: number }).port;
      const response = await fetch(`http://127.0.0.1:${port}/uses-npm`, { method: 'POST', headers: auth });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('2m');
    } finally {
      await fresh.close?.();
      local.close();
      fs.rmSync(freshDir, { recursive: true, force: true });
    }
  }, 60000);

  it('streams a response body as the function produces it', async () => {
    const response = await fetch(`${base}/stream`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('chunk0\nchunk1\nchunk2\n');
  });

  it('applies verify_jwt from config.toml (default true), and a change without restart', async () => {
    expect((await fetch(`${base}/echo`, { method: 'POST' })).status).toBe(401);
    const forged = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { Authorization: 'Bearer x.y.z' },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ msg: 'Invalid JWT' });
    expect((await fetch(`${base}/open`, { method: 'POST' })).status).toBe(201);
    // A preflight never carries credentials, so it always reaches the function.
    expect((await fetch(`${base}/echo`, { method: 'OPTIONS' })).status).toBe(201);

    const file = path.join(dir, 'config.toml');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, original.replace('verify_jwt = false # beacons', 'verify_jwt = true'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    try {
      expect((await fetch(`${base}/open`, { method: 'POST' })).status).toBe(401);
    } finally {
      fs.writeFileSync(file, original);
      fs.utimesSync(file, new Date(), new Date(Date.now() + 10000));
    }
  });

  it('answers 404 for an unknown function and for shared folders', async () => {
    for (const name of ['missing', '_shared', '..', '%2e%2e']) {
      const response = await fetch(`${base}/${name}`, { method: 'POST', headers: auth });
      expect(response.status, name).toBe(404);
    }
  });

  it('starts one process for concurrent first requests', async () => {
    writeFunction('fresh', ECHO);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${base}/fresh`, { method: 'POST', headers: auth }).then((r) => r.json()),
      ),
    );
    expect(new Set(answers.map((a) => (a as { pid: number }).pid)).size).toBe(1);
  });

  it('restarts a function that died, without failing the next request', async () => {
    const starts = () => logs.filter((line) => line.startsWith('[functions:echo] started')).length;
    const first = (await (await fetch(`${base}/echo`, { method: 'POST', headers: auth })).json()) as {
      pid: number;
    };
    const startsBefore = starts();
    const crashed = await fetch(`${base}/echo/exit`, { method: 'POST', headers: auth });
    // The request that crashed it is not sent again (it could have had side effects).
    expect(crashed.status).toBe(502);
    expect(starts()).toBe(startsBefore);
    await waitUntil(() => !pidAlive(first.pid));
    const next = await fetch(`${base}/echo`, { method: 'POST', headers: auth });
    expect(next.status).toBe(201);
    expect(((await next.json()) as { pid: number }).pid).not.toBe(first.pid);
  });

  it('keeps a function running when another function is edited', async () => {
    const pidOf = async () =>
      ((await (await fetch(`${base}/echo`, { method: 'POST', headers: auth })).json()) as { pid: number })
        .pid;
    const before = await pidOf();
    writeFunction('neighbour', ECHO);
    await new Promise((resolve) => setTimeout(resolve, 600)); // past the watcher's debounce
    expect(await pidOf()).toBe(before);
  });

  it('picks up an edited function on the next request', async () => {
    writeFunction('edited', ECHO);
    const before = (await (await fetch(`${base}/edited`, { method: 'POST', headers: auth })).json()) as {
      version: number;
    };
    expect(before.version).toBe(1);
    writeFunction('edited', ECHO.replace('version: 1', 'version: 2'));
    await waitUntil(async () => {
      const answer = await fetch(`${base}/edited`, { method: 'POST', headers: auth }).then((r) => r.json());
      return (answer as { version: number }).version === 2;
    });
  });

  it('lets a request in flight finish on the old code when the function is edited', async () => {
    // `/slow/wait` says when it has started, then takes a while; `/slow` answers at once.
    const slow = (version: number) => `
Deno.serve(async (req) => {
  if (new URL(req.url).pathname.endsWith('/wait')) {
    console.error('slow ${version} waiting');
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  return new Response(JSON.stringify({ version: ${version}, pid: Deno.pid }));
});
`;
    writeFunction('slow', slow(1));
    const inFlight = fetch(`${base}/slow/wait`, { method: 'POST', headers: auth });
    await waitUntil(() => logs.includes('[functions:slow] slow 1 waiting'), 30_000);
    writeFunction('slow', slow(2));
    // Once the runner has seen the edit, new requests reach the new code...
    await waitUntil(async () => {
      const answer = await fetch(`${base}/slow`, { method: 'POST', headers: auth }).then((r) => r.json());
      return (answer as { version: number }).version === 2;
    }, 30_000);
    // ...while the request in flight finishes on the old code.
    const old = await inFlight;
    expect(old.status).toBe(200);
    const oldBody = (await old.json()) as { version: number; pid: number };
    expect(oldBody.version).toBe(1);
    await waitUntil(() => !pidAlive(oldBody.pid));
  });

  it("sends a function's stderr to the stack's log", async () => {
    writeFunction(
      'noisy',
      `Deno.serve(() => { console.error('noisy says hello'); return new Response('ok'); });\n`,
    );
    // The runner looks for the function's folder on each request.
    expect(await (await fetch(`${base}/noisy`, { method: 'POST', headers: auth })).text()).toBe('ok');
    await waitUntil(() => logs.includes('[functions:noisy] noisy says hello'));
  });

  it('answers 503 when a function cannot start, and logs why', async () => {
    const response = await fetch(`${base}/broken`, { method: 'POST', headers: auth });
    expect(response.status).toBe(503);
    expect(logs.join('\n')).toContain('boom at import');
  });

  it('leaves no Deno process behind when it is closed', async () => {
    const own = createFunctions({ config, log: () => {} } as unknown as StackContext, {
      functionsDir: dir,
      configFile: path.join(dir, 'config.toml'),
    });
    const local = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      void own.handle(req, res, url.pathname, url);
    });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const port = (local.address() as { port: number }).port;
    const pids = await Promise.all(
      ['open', 'stream'].map(async (name) => {
        const response = await fetch(`http://127.0.0.1:${port}/${name}`, { method: 'POST' });
        await response.text();
        return name;
      }),
    );
    expect(pids).toHaveLength(2);
    const before = denoChildrenOf(process.pid);
    await own.close?.();
    local.close();
    const after = denoChildrenOf(process.pid);
    expect(before.length - after.length).toBe(2);
  });

  it('leaves no Deno process behind when the stack is killed outright', async () => {
    const script = path.join(dir, 'host.ts');
    fs.writeFileSync(
      script,
      `
import http from 'node:http';
import { createFunctions } from ${JSON.stringify(path.join(PROJECT_ROOT, 'local-supabase', 'functions', 'service.ts'))};
const fns = createFunctions({ config: { host: '127.0.0.1', apiPort: 1, dbPort: 2, smtpPort: 3, dbPassword: 'x', mailFrom: 'a', teamEmail: 'b', siteUrl: 'c' }, log: () => {} } as never, {
  functionsDir: ${JSON.stringify(dir)},
  configFile: ${JSON.stringify(path.join(dir, 'config.toml'))},
});
const server = http.createServer((req, res) => { const url = new URL(req.url ?? '/', 'http://x'); void fns.handle(req, res, url.pathname, url); });
server.listen(0, '127.0.0.1', () => console.log('port ' + (server.address() as { port: number }).port));
`,
    );
    const host = spawn(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), [script], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        host.stdout.on('data', (chunk: Buffer) => {
          const match = /port (\d+)/.exec(chunk.toString());
          if (match) resolve(Number(match[1]));
        });
        host.once('exit', () => reject(new Error('host exited')));
      });
      const answer = (await (await fetch(`http://127.0.0.1:${port}/open`, { method: 'POST' })).json()) as {
        pid: number;
      };
      expect(pidAlive(answer.pid)).toBe(true);
      // Kill the process that spawned Deno (tsx runs the script in a child node) with no cleanup.
      const parent = parentOf(answer.pid);
      expect(parent).not.toBe(process.pid);
      process.kill(parent, 'SIGKILL');
      await waitUntil(() => !pidAlive(answer.pid));
    } finally {
      if (host.exitCode === null) host.kill('SIGKILL');
    }
  });
});

function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Deno processes whose parent is `pid`, from /proc. */
function denoChildrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (Number(fields[1]) === pid && command.startsWith('deno')) children.push(Number(entry));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return children;
}
