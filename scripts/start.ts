import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../local-supabase/config.ts';
import { printStack, runStackUntilSignal } from '../local-supabase/cli.ts';
import { demoAccounts } from './demo-accounts.ts';
import { ensureDemoPlan } from './demo-plan.ts';
import { ensureDemoSession, type DemoSession } from './demo-session.ts';

/**
 * `npm start`: the local Supabase stack and the site's dev server, until Ctrl-C.
 */
const sitePort = 5173 + Number(process.env.LOCAL_SUPABASE_PORT_OFFSET ?? 0);

const { stack } = await runStackUntilSignal(async (stack) => {
  const vite = spawn(
    path.join(PROJECT_ROOT, 'node_modules', '.bin', 'vite'),
    ['--port', String(sitePort), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, VITE_SUPABASE_URL: stack.urls.api, VITE_SUPABASE_ANON_KEY: stack.keys.anon },
    },
  );
  const exited = new Promise<void>((resolve) => vite.on('exit', () => resolve()));
  vite.on('exit', (code) => {
    if (code) console.error(`The site's dev server stopped (exit ${code}).`);
  });
  return async () => {
    vite.kill('SIGTERM');
    await exited;
  };
});

printStack(stack);
console.log(`
  Site           http://localhost:${sitePort}
  Admin          http://localhost:${sitePort}/admin

Demo accounts (password for each: ${demoAccounts.password})
${demoAccounts.users.map((u) => `  ${u.role.padEnd(7)} ${'username' in u ? `${u.username} (username)` : u.email}`).join('\n')}

Press Ctrl-C to stop everything.`);

// A session room the demo accounts can hold a call in now, kept open while this runs.
const site = `http://localhost:${sitePort}`;
const time = (at: Date) => at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const announce = (session: DemoSession) =>
  console.log(`
Demo session room: Mia with Jordan Ellis, starts ${time(session.startsAt)}, open until ${time(session.closesAt)}
  coach   ${site}/admin/session-room/${session.id}
  parent  ${site}/app/session/${session.id}
  child   ${site}/child/session/${session.id}`);
// The demo family pays for its plan on the Stripe stand-in once, before its demo session is booked.
const plan = await ensureDemoPlan(stack.urls, stack.keys.anon);
if (plan?.created)
  console.log(`\nThe demo family's plan: ${plan.plan}, paid on the Stripe stand-in (${plan.status}).`);
const first = await ensureDemoSession(stack.urls.db);
if (first) announce(first);
// Before the room closes, the next demo session is booked (checked each minute).
setInterval(() => {
  void ensureDemoSession(stack.urls.db).then((session) => {
    if (session?.created) announce(session);
  });
}, 60_000).unref();
