import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import { readPlan, type PlanContent } from '../lib/content';
import { planKeys } from './keys';

export interface PlanVersion {
  id: string;
  version: number;
  status: 'draft' | 'shared';
  sharedAt: string | null;
  content: PlanContent;
}

export interface PlanReview {
  id: string;
  versionId: string;
  comment: string | null;
  createdAt: string;
}

/** A child's family plan as the caller may read it (a parent: the shared versions). */
export interface ChildFamilyPlan {
  /** what the family's plan includes: none, a plan, or a plan reviewed with the parent */
  kind: 'plan' | 'reviewed' | null;
  /** newest first */
  versions: PlanVersion[];
  /** milestone id → when it was ticked off */
  ticks: Record<string, string>;
  reviews: PlanReview[];
}

export async function getChildFamilyPlan(childId: string): Promise<ChildFamilyPlan> {
  // the read client: a screen's reads need not wait for supabase-js (decision 214)
  const supabase = getRest();
  const [kind, versions, ticks, reviews] = await Promise.all([
    supabase.rpc('get_family_plan_kind', { child_id: childId }),
    supabase
      .from('family_plan_versions')
      .select('id, version, status, shared_at, content')
      .eq('child_id', childId)
      .order('version', { ascending: false }),
    supabase.from('family_plan_ticks').select('milestone_id, ticked_at').eq('child_id', childId),
    supabase
      .from('family_plan_reviews')
      .select('id, version_id, comment, created_at')
      .eq('child_id', childId)
      .order('created_at'),
  ]);
  for (const r of [kind, versions, ticks, reviews]) if (r.error) throw r.error;
  return {
    kind: (kind.data as ChildFamilyPlan['kind']) ?? null,
    versions: (versions.data ?? []).map((v) => ({
      id: v.id,
      version: v.version,
      status: v.status as PlanVersion['status'],
      sharedAt: v.shared_at,
      content: readPlan(v.content),
    })),
    ticks: Object.fromEntries((ticks.data ?? []).map((t) => [t.milestone_id, t.ticked_at])),
    reviews: (reviews.data ?? []).map((r) => ({
      id: r.id,
      versionId: r.version_id,
      comment: r.comment,
      createdAt: r.created_at,
    })),
  };
}

export const childFamilyPlanQueryOptions = (childId: string) =>
  queryOptions({ queryKey: planKeys.child(childId), queryFn: () => getChildFamilyPlan(childId) });

export function useChildFamilyPlan(childId: string) {
  return useQuery(childFamilyPlanQueryOptions(childId));
}
