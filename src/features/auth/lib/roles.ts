import { paths } from '@/config/paths';

export type AppRole = 'admin' | 'coach' | 'parent' | 'child';

/** The user's effective role: admin, then coach, otherwise the first role found; none → null. */
export function pickRole(roles: readonly AppRole[]): AppRole | null {
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('coach')) return 'coach';
  return roles[0] ?? null;
}

/** Where a signed-in user starts: admins and coaches in /admin, parents in /app, children in their dashboard. */
export function homePathForRole(role: AppRole | null): string {
  switch (role) {
    case 'admin':
    case 'coach':
      return paths.admin;
    case 'child':
      return paths.childDashboard;
    default:
      return paths.app;
  }
}
