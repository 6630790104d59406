import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useAtHomeTools } from '../api/get-at-home-tools';
import { useDashboard } from '../api/get-dashboard';
import { useFamilyPlan } from '../api/get-family-plan';
import { useFamilyStanding } from '../api/get-family-standing';
import { useNow } from '@/lib/use-now';
import { ChildCard } from './child-card';
import { FamilyStandingNote } from './family-standing';
import { browserZone, zoneNote } from '../lib/zone';

/** /app: each child's next session, update, tools and points; where a family without a coach stands. */
export interface DashboardSlots {
  /** what the app layer adds to each child's card (their practice and check-ins) */
  renderChildProgress?: (child: { id: string; firstName: string }, now: number) => ReactNode;
}

export function DashboardScreen({ renderChildProgress }: DashboardSlots = {}) {
  const dashboard = useDashboard();
  const tools = useAtHomeTools();
  const needsStanding = dashboard.data?.some((child) => !child.coachName) ?? false;
  const standing = useFamilyStanding(needsStanding);
  // the family's plan and time zone: the next sessions are shown in that zone
  const plan = useFamilyPlan();
  const now = useNow(60_000);
  if (dashboard.isPending) return <p role="status">Loading...</p>;
  if (dashboard.isError) {
    return (
      <div role="alert" className="grid gap-3">
        <p>We could not load your dashboard.</p>
        <Button variant="secondary" className="w-fit" onClick={() => void dashboard.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      {needsStanding && standing.data ? (
        <FamilyStandingNote
          standing={standing.data}
          plan={plan.data}
          waitingNames={dashboard.data.filter((child) => !child.coachName).map((child) => child.firstName)}
        />
      ) : null}
      {plan.data ? (
        <p className="text-sm text-ink-muted">{zoneNote(plan.data.timeZone, browserZone())}</p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {dashboard.data.map((child) => (
          <ChildCard
            key={child.id}
            child={child}
            now={now}
            zone={plan.data?.timeZone}
            tools={(tools.data ?? []).filter((tool) => tool.childId === child.id)}
            progress={renderChildProgress?.(child, now)}
          />
        ))}
      </div>
    </div>
  );
}
