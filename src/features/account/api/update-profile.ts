import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { nameSchema, optionalNameSchema, phonePattern } from '@/lib/validation';
import { accountKeys } from './keys';

export const profileSchema = z.object({
  firstName: nameSchema,
  lastName: optionalNameSchema,
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || phonePattern.test(value), 'Please enter a valid phone number.')
    .transform((value) => (value === '' ? null : value)),
});
export type ProfileInput = z.output<typeof profileSchema>;

/**
 * Saves the names and phone on the profile, and the names in the account's metadata too (what the
 * area's header greets the user with).
 */
export async function updateProfile({ userId, ...input }: ProfileInput & { userId: string }) {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('profiles')
    .update({ first_name: input.firstName, last_name: input.lastName, phone: input.phone })
    .eq('id', userId);
  if (error) throw error;
  const metadata = await supabase.auth.updateUser({
    data: { first_name: input.firstName, last_name: input.lastName ?? '' },
  });
  if (metadata.error) throw metadata.error;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (_data, { userId }) =>
      queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) }),
  });
}
