/**
 * The demo accounts that supabase/seed.sql creates (kept in step with it by a database test). The
 * demo child has no email: she signs in with her username at /login (her Auth address is random,
 * docs/decisions/151-child-sign-in-function.md).
 */
export const demoAccounts = {
  password: 'ploom-demo-2026',
  users: [
    { role: 'admin', email: 'admin@ploom.local' },
    { role: 'coach', email: 'coach@ploom.local' },
    { role: 'parent', email: 'parent@ploom.local' },
    { role: 'child', username: 'mia' },
  ],
} as const;

export type DemoAccount = (typeof demoAccounts.users)[number];
export type DemoAdult = Extract<DemoAccount, { email: string }>;

/** The demo accounts that sign in with an email address (everyone but the child). */
export const demoAdults = demoAccounts.users.filter((u): u is DemoAdult => 'email' in u);

/** The email address of the demo account with this role. */
export const demoEmail = (role: DemoAdult['role']): string => demoAdults.find((u) => u.role === role)!.email;
