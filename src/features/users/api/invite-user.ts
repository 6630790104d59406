import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { accountKeys } from './get-accounts';
import { callAdminUsers } from './admin-users-function';

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter an email address.')
    .email('Please enter a valid email address.'),
  firstName: z.string().trim().min(1, 'Please enter a first name.').max(100, 'At most 100 characters.'),
  lastName: z.string().trim().max(100, 'At most 100 characters.'),
  role: z.enum(['coach', 'admin']),
});
export type InviteValues = z.infer<typeof inviteSchema>;

/** Creates the account and emails the invitation (its link lets the person choose a password). */
export function inviteUser(values: InviteValues) {
  return callAdminUsers<{ user_id: string; status: 'invited' }>({
    action: 'invite',
    email: values.email,
    first_name: values.firstName,
    last_name: values.lastName || null,
    role: values.role,
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
