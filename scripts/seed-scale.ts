import bcrypt from 'bcryptjs';
import pg from 'pg';
import { loadConfig } from '../local-supabase/config.ts';
import { startPostgres, type RunningPostgres } from '../local-supabase/postgres.ts';
import { seedAdSpend } from './lib/ad-spend-seed.ts';
import { SCALE_EMAIL_DOMAIN, seedScale } from './lib/scale-seed.ts';

/**
 * `npm run seed:scale`: fill the local database (the running stack's, or the stopped one's, started
 * for the load) with the scale seed (scripts/lib/scale-seed.ts) and the marketing cockpit's ad spend
 * and invoices (scripts/lib/ad-spend-seed.ts). SCALE=0.1 makes a tenth of it (the spend stays 90 days
 * of 50 campaigns).
 * Every seeded account signs in with the password `ploom-scale-2026`.
 */
const PASSWORD = 'ploom-scale-2026';
const scale = Number(process.env.SCALE ?? 1);
if (!(scale > 0 && scale <= 1)) {
  console.error('SCALE must be a number above 0 and at most 1.');
  process.exit(1);
}
const config = loadConfig();
const url = `postgresql://postgres:${config.dbPassword}@${config.host}:${config.dbPort}/postgres`;

let server: RunningPostgres | undefined;
const connect = async () => {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
};
let db: pg.Client;
try {
  db = await connect();
} catch {
  // The stack is not running: start its database for the load (migrated by `npm run db:reset`).
  server = await startPostgres(config);
  db = await connect();
}
const started = performance.now();
try {
  const counts = await seedScale(db, {
    scale,
    passwordHash: bcrypt.hashSync(PASSWORD, 10),
    onStep: (step, ms) => console.log(`${(ms / 1000).toFixed(1).padStart(6)} s  ${step}`),
  });
  const spend = await seedAdSpend(db, {
    onStep: (step, ms) => console.log(`${(ms / 1000).toFixed(1).padStart(6)} s  ${step}`),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Scale seed loaded in ${seconds.toFixed(1)} s: ${counts.families} families, ${counts.children} children, ` +
      `${counts.coaches} coaches, ${counts.sessions} sessions, ${counts.leads} leads, ` +
      `${counts.analytics} analytics rows, ${counts.conversions} conversions, ${counts.audit} audit rows, ` +
      `${spend.spendRows} ad spend rows (${spend.campaigns} campaigns × ${spend.spendDays} days), ${spend.invoices} invoices. ` +
      `Accounts: parent.N@${SCALE_EMAIL_DOMAIN} and coach.N@${SCALE_EMAIL_DOMAIN}, password ${PASSWORD}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.end();
  await server?.stop();
}
