import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinName } from '@/lib/names';
import { getRest } from '@/lib/rest';
import { sessionKeys } from './keys';

export interface CoachOption {
  id: string;
  name: string;
  timeZone: string;
}

export interface ChildOption {
  id: string;
  firstName: string;
  parentId: string;
  coachId: string | null;
  /** the family's zone (the parent's profile); weekly slots are kept in it */
  familyTimeZone: string;
  /** the parent's full name, so two children of the same first name can be told apart */
  parentName: string | null;
}

/**
 * The coaches (staff accounts with the coach role: staff_coaches) and children the caller may
 * schedule or filter by (RLS decides which).
 */
export async function getSessionOptions(): Promise<{ coaches: CoachOption[]; children: ChildOption[] }> {
  const supabase = getRest();
  const [coaches, children] = await Promise.all([
    supabase.from('staff_coaches').select('id, display_name, time_zone').order('display_name'),
    supabase.from('children').select('id, first_name, coach_id, parent_id').order('first_name'),
  ]);
  if (coaches.error) throw coaches.error;
  if (children.error) throw children.error;
  const parentIds = [...new Set((children.data ?? []).map((c) => c.parent_id))];
  const profiles = parentIds.length
    ? await supabase.from('profiles').select('id, first_name, last_name, time_zone').in('id', parentIds)
    : { data: [], error: null };
  if (profiles.error) throw profiles.error;
  const byId = new Map((profiles.data ?? []).map((p) => [p.id, p]));
  return {
    // a view's columns read as nullable; the view's rows always have them
    coaches: (coaches.data ?? []).map((c) => ({
      id: c.id ?? '',
      name: c.display_name ?? '',
      timeZone: c.time_zone ?? 'America/New_York',
    })),
    children: (children.data ?? []).map((c) => {
      const parent = byId.get(c.parent_id);
      return {
        id: c.id,
        firstName: c.first_name,
        parentId: c.parent_id,
        coachId: c.coach_id,
        familyTimeZone: parent?.time_zone ?? 'America/New_York',
        parentName: joinName(parent?.first_name, parent?.last_name),
      };
    }),
  };
}

export function sessionOptionsQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.options(), queryFn: getSessionOptions, staleTime: 60_000 });
}

export function useSessionOptions() {
  return useQuery(sessionOptionsQueryOptions());
}
