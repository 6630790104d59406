import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

/** An open time of the coach, as UTC instants (ms); the screen renders them in the parent's zone. */
export interface OpenSlot {
  startsAt: number;
  endsAt: number;
}

/** The coach's open times for coaching sessions in [from, to) (the server allows 62 days a call). */
export async function fetchOpenSlots(
  client: Supabase,
  input: { coachId: string; from: number; to: number },
): Promise<OpenSlot[]> {
  const { data, error } = await client.rpc('get_coach_open_slots', {
    coach_id: input.coachId,
    range_start: new Date(input.from).toISOString(),
    range_end: new Date(input.to).toISOString(),
  });
  if (error) throw error;
  return (data ?? []).map((s) => ({ startsAt: Date.parse(s.starts_at), endsAt: Date.parse(s.ends_at) }));
}

export function openSlotsQueryOptions(
  input: { coachId: string; from: number; to: number },
  getClient: () => Promise<Supabase> = familyClient,
) {
  return queryOptions({
    queryKey: familyKeys.openSlots(input.coachId, input.from, input.to),
    queryFn: async () => fetchOpenSlots(await getClient(), input),
  });
}

/**
 * No placeholder from the week shown before: while another week loads, the picker says so rather
 * than offer the last week's times under the new week's heading (a time chosen there would vanish
 * when the answer came).
 */
export function useOpenSlots(input: { coachId: string; from: number; to: number }) {
  return useQuery(openSlotsQueryOptions(input));
}

/**
 * The coach's first open time from `from` on, within `days` (the picker opens on its week), or
 * null when there is none.
 */
export async function fetchFirstOpenSlot(
  client: Supabase,
  input: { coachId: string; from: number; days: number },
): Promise<number | null> {
  const { data, error } = await client
    .rpc('get_coach_open_slots', {
      coach_id: input.coachId,
      range_start: new Date(input.from).toISOString(),
      range_end: new Date(input.from + input.days * 86_400_000).toISOString(),
    })
    .order('starts_at')
    .limit(1);
  if (error) throw error;
  const first = data?.[0];
  return first ? Date.parse(first.starts_at) : null;
}

export function useFirstOpenSlot(input: { coachId: string; from: number; days: number }, enabled: boolean) {
  return useQuery({
    queryKey: [
      ...familyKeys.openSlots(input.coachId, input.from, input.from + input.days * 86_400_000),
      'first',
    ],
    queryFn: async () => fetchFirstOpenSlot(await familyClient(), input),
    enabled,
  });
}

/** The plan's weekly allowance for the week (the family's Monday to Sunday) holding `weekOf`. */
export interface WeekAllowance {
  /** null: no weekly limit; 0: the plan books nothing (see `reason`) */
  sessionsPerWeek: number | null;
  reason: string | null;
  /** the week's Monday, 'YYYY-MM-DD' */
  weekStart: string;
  booked: number;
}

export async function fetchWeekAllowance(client: Supabase, weekOf: number): Promise<WeekAllowance> {
  const { data, error } = await client.rpc('get_family_week_allowance', {
    week_of: new Date(weekOf).toISOString(),
  });
  if (error) throw error;
  const row = data?.[0];
  if (!row) throw new Error('We could not read your plan.');
  return {
    sessionsPerWeek: row.sessions_per_week,
    reason: row.reason,
    weekStart: row.week_start,
    booked: row.booked,
  };
}

export function useWeekAllowance(weekOf: number) {
  return useQuery({
    queryKey: familyKeys.allowance(weekOf),
    queryFn: async () => fetchWeekAllowance(await familyClient(), weekOf),
    placeholderData: keepPreviousData,
  });
}
