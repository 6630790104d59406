/** The demo accounts that supabase/seed.sql creates (kept in step with it by a database test). */
export const demoAccounts = {
  password: 'ploom-demo-2026',
  users: [
    { role: 'admin', email: 'admin@ploom.local' },
    { role: 'coach', email: 'coach@ploom.local' },
    { role: 'parent', email: 'parent@ploom.local' },
    { role: 'child', email: 'mia@child.ploom.invalid', username: 'mia' },
  ],
} as const;
