import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

export interface ScheduledSession {
  id: string;
  startsAt: number;
  endsAt: number;
  status: 'scheduled' | 'completed' | 'cancelled' | 'no_show';
  coachName: string | null;
  opensAt: number;
  closesAt: number;
  /** the last moment the parent may cancel or ask to reschedule in the app */
  changeDeadline: number;
  noticeHours: number;
  /** an open request for this session ('reschedule'), else null */
  openRequest: string | null;
}

export interface ChildSchedule {
  /** `coachId`: the child's current coach, with whom the parent books (null: none yet) */
  child: { id: string; firstName: string; coachId: string | null } | null;
  sessions: ScheduledSession[];
}

/** A child's sessions, oldest first; `child` is null when it is not the caller's child. */
export async function fetchChildSchedule(client: Supabase, childId: string): Promise<ChildSchedule> {
  const child = await client
    .from('children')
    .select('id, first_name, parent_id, coach_id')
    .eq('id', childId)
    .maybeSingle();
  if (child.error) {
    if (child.error.code === '22P02') return { child: null, sessions: [] };
    throw child.error;
  }
  const { data: session } = await client.auth.getSession();
  if (!child.data || child.data.parent_id !== session.session?.user.id) return { child: null, sessions: [] };
  const { data, error } = await client.rpc('get_child_schedule', { child_id: childId });
  if (error) throw error;
  return {
    child: { id: child.data.id, firstName: child.data.first_name, coachId: child.data.coach_id },
    sessions: (data ?? []).map((s) => ({
      id: s.id,
      startsAt: Date.parse(s.starts_at),
      endsAt: Date.parse(s.ends_at),
      status: s.status as ScheduledSession['status'],
      coachName: s.coach_name,
      opensAt: Date.parse(s.opens_at),
      closesAt: Date.parse(s.closes_at),
      changeDeadline: Date.parse(s.change_deadline),
      noticeHours: s.notice_hours,
      openRequest: s.open_request,
    })),
  };
}

export function childScheduleQueryOptions(
  childId: string,
  getClient: () => Promise<Supabase> = familyClient,
) {
  return queryOptions({
    queryKey: familyKeys.schedule(childId),
    queryFn: async () => fetchChildSchedule(await getClient(), childId),
  });
}

export function useChildSchedule(childId: string) {
  return useQuery(childScheduleQueryOptions(childId));
}
