import { queryOptions, useQuery } from '@tanstack/react-query';
import { signedInUserId } from '@/lib/rest';
import { familyReads, type FamilyReads, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';
import type { DayPart, PreferredTime } from '../lib/options';

/** The terms and privacy policy versions a parent consents to (the latest in effect). */
export interface ConsentNotice {
  id: string;
  termsVersion: string;
  privacyVersion: string;
  summary: string | null;
}

export interface OnboardingChild {
  id: string;
  firstName: string;
  age: number | null;
  focusAreas: string[];
  hopes: string | null;
  /** consent recorded for the current notice */
  consented: boolean;
  times: PreferredTime[];
  /** a coach is assigned to the child: the family is being coached, not waiting to be matched */
  matched: boolean;
  /** the coach's name, when the parent may read it */
  coachName: string | null;
}

export interface Onboarding {
  notice: ConsentNotice | null;
  children: OnboardingChild[];
  /** at least one child, and every child with consent to the current notice and a preferred time */
  done: boolean;
  /** at least one child, and every child has a coach: the page is about their times, not a start */
  matched: boolean;
}

export function isOnboardingDone(notice: ConsentNotice | null, children: OnboardingChild[]): boolean {
  return notice !== null && children.length > 0 && children.every((c) => c.consented && c.times.length > 0);
}

/** The family's onboarding as it stands: the current notice and each child with what is recorded. */
export async function fetchOnboarding(client: Supabase): Promise<Onboarding> {
  const { data: session } = await client.auth.getSession();
  return readOnboarding(client, session.session?.user.id);
}

/** fetchOnboarding for the parent `userId`, with any client that reads. */
export async function readOnboarding(client: FamilyReads, userId: string | undefined): Promise<Onboarding> {
  if (!userId) throw { code: '42501', message: 'Not signed in' };
  // One round: the children's consents are matched to the notice here, not in the query.
  const [notices, children] = await Promise.all([
    client
      .from('consent_notices')
      .select('id, terms_version, privacy_version, summary')
      .lte('effective_at', new Date().toISOString())
      .order('effective_at', { ascending: false })
      .limit(1),
    client
      .from('children')
      .select(
        'id, first_name, age, focus_areas, hopes, coach_id, coaches(display_name), parental_consents(notice_id), preferred_session_times(weekday, day_part)',
      )
      .eq('parent_id', userId)
      // As the dashboard lists them: children added together, by name.
      .order('created_at')
      .order('first_name')
      .order('id'),
  ]);
  if (notices.error) throw notices.error;
  if (children.error) throw children.error;
  const row = notices.data[0];
  const notice: ConsentNotice | null = row
    ? {
        id: row.id,
        termsVersion: row.terms_version,
        privacyVersion: row.privacy_version,
        summary: row.summary,
      }
    : null;
  const list: OnboardingChild[] = children.data.map((c) => ({
    id: c.id,
    firstName: c.first_name,
    age: c.age,
    focusAreas: c.focus_areas,
    hopes: c.hopes,
    consented: notice !== null && c.parental_consents.some((p) => p.notice_id === notice.id),
    times: c.preferred_session_times
      .map((t) => ({ weekday: t.weekday, dayPart: t.day_part as DayPart }))
      .sort((a, b) => a.weekday - b.weekday || a.dayPart.localeCompare(b.dayPart)),
    matched: c.coach_id !== null,
    coachName: c.coaches?.display_name ?? null,
  }));
  return {
    notice,
    children: list,
    done: isOnboardingDone(notice, list),
    matched: list.length > 0 && list.every((c) => c.matched),
  };
}

export function onboardingQueryOptions() {
  return queryOptions({
    queryKey: familyKeys.onboarding(),
    queryFn: async () => readOnboarding(await familyReads(), await signedInUserId()),
  });
}

export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}
