import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAccounts } from '../../../scripts/demo-accounts.ts';

export type DemoRole = 'admin' | 'coach' | 'parent' | 'child';
export const demoRoles: DemoRole[] = ['admin', 'coach', 'parent', 'child'];

const authDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.auth');

/** The browser state (the persisted Supabase session) of a demo account, saved by auth.setup.ts. */
export const storageStateOf = (role: DemoRole) => path.join(authDir, `${role}.json`);

/** What the demo account types into "Email or username" at /login: the demo child her username. */
export const demoEmail = (role: DemoRole): string => {
  const account = demoAccounts.users.find((user) => user.role === role)!;
  return 'email' in account ? account.email : account.username;
};
export const demoPassword = demoAccounts.password;

/** Where each demo role lands after signing in. */
export const homeOf: Record<DemoRole, string> = {
  admin: '/admin',
  coach: '/admin',
  parent: '/app',
  child: '/child/dashboard',
};
