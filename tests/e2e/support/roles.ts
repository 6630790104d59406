import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoAccounts } from '../../../scripts/demo-accounts.ts';

export type DemoRole = 'admin' | 'coach' | 'parent' | 'child';
export const demoRoles: DemoRole[] = ['admin', 'coach', 'parent', 'child'];

const authDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.auth');

/** The browser state (the persisted Supabase session) of a demo account, saved by auth.setup.ts. */
export const storageStateOf = (role: DemoRole) => path.join(authDir, `${role}.json`);

export const demoEmail = (role: DemoRole) => demoAccounts.users.find((user) => user.role === role)!.email;
export const demoPassword = demoAccounts.password;

/** Where each demo role lands after signing in. */
export const homeOf: Record<DemoRole, string> = {
  admin: '/admin',
  coach: '/admin',
  parent: '/app',
  child: '/child/dashboard',
};
