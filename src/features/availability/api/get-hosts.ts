import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

/** Someone who keeps a schedule: a coach (with or without a login) or a team member. */
export interface Host {
  /** `coach:<coaches.id>` or `user:<auth user id>`. */
  key: string;
  label: string;
  coachId: string | null;
  userId: string | null;
  /** Null while the host has no schedule yet (the first save creates it, for a coach). */
  scheduleId: string | null;
  timeZone: string | null;
  /** The zone a new schedule starts from (the coach's own). */
  defaultTimeZone: string | null;
  /** Whether the host is offered for intro calls (an admin switches it). */
  takesIntroCalls: boolean;
  /** A coach listing without a login cannot take intro calls. */
  canTakeIntroCalls: boolean;
}

/**
 * The hosts the viewer may edit: an admin every coach and every team member (with a schedule, or
 * the staff accounts who are not coaches, whose first save creates one), a coach themselves (RLS
 * shows a coach only their own schedule).
 */
export async function getHosts(viewer: { isAdmin: boolean; userId: string }): Promise<Host[]> {
  const supabase = await getSupabase();
  let coachQuery = supabase.from('coaches').select('id, user_id, display_name, time_zone, sort_order');
  if (!viewer.isAdmin) coachQuery = coachQuery.eq('user_id', viewer.userId);
  const [coaches, schedules, staff] = await Promise.all([
    coachQuery.order('sort_order'),
    supabase.from('availability_schedules').select('id, coach_id, user_id, time_zone, takes_intro_calls'),
    viewer.isAdmin ? supabase.rpc('lead_assignees') : Promise.resolve({ data: [], error: null }),
  ]);
  if (coaches.error) throw coaches.error;
  if (schedules.error) throw schedules.error;
  if (staff.error) throw staff.error;
  const teamIds = schedules.data.flatMap((s) => (s.user_id ? [s.user_id] : []));
  const names = new Map<string, string>();
  if (teamIds.length > 0) {
    const profiles = await supabase.from('profiles').select('id, first_name, last_name').in('id', teamIds);
    if (profiles.error) throw profiles.error;
    for (const p of profiles.data) {
      names.set(p.id, [p.first_name, p.last_name].filter(Boolean).join(' ') || 'Team member');
    }
  }
  const hosts: Host[] = coaches.data.map((coach) => {
    const schedule = schedules.data.find((s) => s.coach_id === coach.id);
    return {
      key: `coach:${coach.id}`,
      label: coach.display_name,
      coachId: coach.id,
      userId: coach.user_id,
      scheduleId: schedule?.id ?? null,
      timeZone: schedule?.time_zone ?? null,
      defaultTimeZone: coach.time_zone,
      takesIntroCalls: schedule?.takes_intro_calls ?? false,
      canTakeIntroCalls: coach.user_id !== null,
    };
  });
  for (const schedule of schedules.data) {
    if (!schedule.user_id) continue;
    if (!viewer.isAdmin && schedule.user_id !== viewer.userId) continue;
    hosts.push({
      key: `user:${schedule.user_id}`,
      label: `${names.get(schedule.user_id) ?? 'Team member'} (team)`,
      coachId: null,
      userId: schedule.user_id,
      scheduleId: schedule.id,
      timeZone: schedule.time_zone,
      defaultTimeZone: schedule.time_zone,
      takesIntroCalls: schedule.takes_intro_calls,
      canTakeIntroCalls: true,
    });
  }
  // team members who are not coaches and keep no hours yet (an admin creates their schedule)
  const coachUsers = new Set(coaches.data.flatMap((c) => (c.user_id ? [c.user_id] : [])));
  for (const member of staff.data ?? []) {
    if (coachUsers.has(member.id) || member.role === 'coach') continue;
    if (schedules.data.some((s) => s.user_id === member.id)) continue;
    hosts.push({
      key: `user:${member.id}`,
      label: `${member.name || 'Team member'} (team)`,
      coachId: null,
      userId: member.id,
      scheduleId: null,
      timeZone: null,
      defaultTimeZone: null,
      takesIntroCalls: false,
      canTakeIntroCalls: true,
    });
  }
  return hosts;
}

export const availabilityKey = ['availability'] as const;

export const hostsQueryOptions = (viewer: { isAdmin: boolean; userId: string }) =>
  queryOptions({
    queryKey: [...availabilityKey, 'hosts', viewer.isAdmin, viewer.userId],
    queryFn: () => getHosts(viewer),
  });

export function useHosts(viewer: { isAdmin: boolean; userId: string }) {
  return useQuery(hostsQueryOptions(viewer));
}
