import { loadConfig } from '../local-supabase/config.ts';
import { migrate, startPostgres, wipe } from '../local-supabase/postgres.ts';
import fs from 'node:fs';
import path from 'node:path';

/** `npm run db:reset`: wipe local data, re-apply the migrations and the seed. */
const config = loadConfig();
const lock = path.join(config.stateDir, 'stack.pid');
if (fs.existsSync(lock)) {
  const pid = Number(fs.readFileSync(lock, 'utf8'));
  try {
    process.kill(pid, 0);
    console.error(`The local stack is running (process ${pid}): stop it first, then run db:reset again.`);
    process.exit(1);
  } catch {
    /* stale lock */
  }
}
const started = Date.now();
await wipe(config);
fs.rmSync(path.join(config.stateDir, 'mail'), { recursive: true, force: true });
const pg = await startPostgres(config);
try {
  await migrate(config, { seed: true });
} finally {
  await pg.stop();
}
console.log(
  `Local database reset: migrations and seed applied in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
