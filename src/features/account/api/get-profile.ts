import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { accountKeys } from './keys';

export interface Profile {
  firstName: string;
  lastName: string;
  phone: string;
}

/** The signed-in user's names and contact phone (their own profile row; RLS). */
export async function getProfile(userId: string): Promise<Profile> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('profiles')
    .select('first_name, last_name, phone')
    .eq('id', userId)
    .single();
  if (error) throw error;
  return { firstName: data.first_name ?? '', lastName: data.last_name ?? '', phone: data.phone ?? '' };
}

export function profileQueryOptions(userId: string) {
  return queryOptions({ queryKey: accountKeys.profile(userId), queryFn: () => getProfile(userId) });
}

export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}
