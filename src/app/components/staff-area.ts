import { useAuth } from '@/features/auth/hooks/use-auth';

/** What the staff area is called for the person signed in: an admin's "Admin", a coach's "Coach". */
export function useStaffArea(): 'Admin' | 'Coach' {
  return useAuth().isAdmin ? 'Admin' : 'Coach';
}
