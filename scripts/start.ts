import { printStack, runStackUntilSignal } from '../local-supabase/cli.ts';
import { plans } from '../src/content/plans.ts';
import { demoAccounts } from './demo-accounts.ts';
import { ensureDemoPlan } from './demo-plan.ts';
import { ensureDemoSession, type DemoSession } from './demo-session.ts';
import { serveBuiltSite } from './lib/site-rebuild.ts';

/**
 * `npm start`: the local Supabase stack and the site's production build, served as its host serves
 * it and built again when its sources change, until Ctrl-C. `npm run dev` is Vite's dev server.
 */
const sitePort = 5173 + Number(process.env.LOCAL_SUPABASE_PORT_OFFSET ?? 0);

const { stack } = await runStackUntilSignal(async (stack) => {
  const site = await serveBuiltSite({
    port: sitePort,
    supabaseUrl: stack.urls.api,
    anonKey: stack.keys.anon,
  });
  return site.stop;
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
if (plan?.created) {
  const name = plans.find((p) => p.id === plan.plan)?.name ?? plan.plan;
  console.log(`\nThe demo family's plan: ${name}, paid on the Stripe stand-in (${plan.status}).`);
}
const first = await ensureDemoSession(stack.urls.db);
if (first) announce(first);
// Before the room closes, the next demo session is booked (checked each minute).
setInterval(() => {
  void ensureDemoSession(stack.urls.db).then((session) => {
    if (session?.created) announce(session);
  });
}, 60_000).unref();
