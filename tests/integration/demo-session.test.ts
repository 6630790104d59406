import { afterAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoEmail } from '../../scripts/demo-accounts.ts';
import { signInChild } from '../support/child-login.ts';
import { ensureDemoSession } from '../../scripts/demo-session.ts';
import { adminDb, anonClient, stackEnv } from '../support/stack.ts';

/**
 * `npm start`'s demo session room (scripts/demo-session.ts) on the seeded stack: the seed's sessions
 * are not open at a later start, so one is booked whose room is open now, and the demo coach, parent
 * and child may each enter it (as the room screen asks). A second start reuses it.
 */

const created: string[] = [];
afterAll(async () => {
  const db = await adminDb();
  try {
    await db.query('delete from public.coaching_sessions where id = any($1)', [created]);
  } finally {
    await db.end();
  }
});

async function signIn(role: 'coach' | 'parent' | 'child') {
  // The demo child signs in with her username, as /login does (docs/decisions/151).
  if (role === 'child') return signInChild('mia', demoAccounts.password);
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({
    email: demoEmail(role),
    password: demoAccounts.password,
  });
  if (error) throw error;
  return client;
}

describe('the demo session room of npm start', () => {
  it('is open now for the demo coach, parent and child, and is reused by the next start', async () => {
    const session = await ensureDemoSession(stackEnv.dbUrl);
    expect(session).not.toBeNull();
    created.push(session!.id);
    expect(session!.created).toBe(true);

    for (const role of ['coach', 'parent', 'child'] as const) {
      const client = await signIn(role);
      const { data, error } = await client.rpc('get_session_room', { session_id: session!.id }).single<{
        status: string;
        opens_at: string;
        closes_at: string;
        child_first_name: string;
        coach_name: string;
        viewer_role: string;
      }>();
      expect(error).toBeNull();
      expect(data).toMatchObject({
        status: 'scheduled',
        child_first_name: 'Mia',
        coach_name: 'Jordan Ellis',
        viewer_role: role,
      });
      const now = Date.now();
      expect(Date.parse(data!.opens_at)).toBeLessThanOrEqual(now);
      expect(Date.parse(data!.closes_at)).toBeGreaterThan(now + 30 * 60_000);
      // Only this client's session: other files sign the demo accounts in at the same time.
      await client.auth.signOut({ scope: 'local' });
    }

    const again = await ensureDemoSession(stackEnv.dbUrl);
    expect(again).toMatchObject({ id: session!.id, created: false });
  });

  it('announces nothing to the demo accounts: its booking emails count as handled', async () => {
    const db = await adminDb();
    try {
      const { rows } = await db.query(
        `select outcome from public.outbox where session_id = any($1) and outcome is distinct from 'skipped'`,
        [created],
      );
      expect(rows).toEqual([]);
    } finally {
      await db.end();
    }
  });
});
