import { describe, expect, it } from 'vitest';
import { serviceClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { clientFrom, fetchFrom, freshLoopbackAddress, median } from './auth-support.ts';

/**
 * Whether an address has an account must not show in Auth's answers or in how long they take; and
 * password hashing must not hold up the rest of the API while it runs.
 */

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [performance.now() - started, result];
}

describe('answers that do not tell who has an account', () => {
  it('answers a password reset for a known and an unknown address alike, in the same time', async () => {
    const client = clientFrom(freshLoopbackAddress());
    const known: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { data } = await serviceClient().auth.admin.createUser({
        email: uniqueEmail('known'),
        email_confirm: true,
      });
      known.push(data.user!.email!);
    }
    const times = { known: [] as number[], unknown: [] as number[] };
    for (const email of known) {
      for (const [kind, address] of [
        ['known', email],
        ['unknown', uniqueEmail('nobody')],
      ] as const) {
        const [ms, answer] = await timed(() => client.auth.resetPasswordForEmail(address));
        expect(answer).toEqual({ data: {}, error: null });
        times[kind].push(ms);
      }
    }
    // Sending the email took ~115 ms before it moved after the answer; now both are a lookup.
    expect(median(times.known) - median(times.unknown)).toBeLessThan(40);
  });

  it('answers a wrong password for a seeded account as slowly as one for an unknown address', async () => {
    const client = clientFrom(freshLoopbackAddress());
    const times = { seeded: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 5; i += 1) {
      for (const [kind, email] of [
        ['seeded', 'parent@ploom.local'],
        ['unknown', uniqueEmail('nobody')],
      ] as const) {
        const [ms, { error }] = await timed(() =>
          client.auth.signInWithPassword({ email, password: 'wrong-password-1' }),
        );
        expect(error?.code).toBe('invalid_credentials');
        times[kind].push(ms);
      }
    }
    // Seeded hashes at cost 6 answered ten times faster than the cost-10 dummy before.
    const ratio = median(times.seeded) / median(times.unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('password hashing off the event loop', () => {
  it('keeps REST answering quickly while sign-ins are being checked', async () => {
    const rest = fetchFrom('127.0.0.1');
    const restOnce = () =>
      timed(() =>
        rest(`${stackEnv.url}/rest/v1/feature_flags?select=key`, { headers: { apikey: stackEnv.anonKey } }),
      ).then(([ms]) => ms);
    const quiet: number[] = [];
    for (let i = 0; i < 10; i += 1) quiet.push(await restOnce());

    const { email } = await signedInClient();
    const attacker = clientFrom(freshLoopbackAddress());
    const attempts = Array.from({ length: 30 }, () =>
      attacker.auth.signInWithPassword({ email, password: 'wrong-password-1' }),
    );
    let settled = false;
    const all = Promise.all(attempts).finally(() => (settled = true));
    const busy: number[] = [];
    while (!settled || busy.length < 5) busy.push(await restOnce());
    await all;
    // 30 bcrypt comparisons on the event loop held every REST request for hundreds of ms.
    expect(median(busy)).toBeLessThan(median(quiet) + 100);
  });
});
