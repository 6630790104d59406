import { challengeLabel } from '@/content/challenges';

/** What the product knew of a report's period (private.report_facts), as kept with the report. */
export interface ReportFacts {
  sessions: { attended: number; missed: number; cancelled: number; still_scheduled: number };
  check_ins: {
    taken: { taken_at: string; scores: Record<string, number> }[];
    before: { taken_at: string; scores: Record<string, number> } | null;
  };
  practice: { title: string; days: number; of_days: number }[];
  points: { earned: number; total: number };
}

export type Cadence = 'weekly' | 'monthly';

const SKILLS = ['emotions', 'confidence', 'focus', 'connection'] as const;

/** Reads the kept facts, whatever their age: a missing part reads as nothing. */
export function readFacts(value: unknown): ReportFacts {
  const v = (value ?? {}) as Partial<ReportFacts>;
  return {
    sessions: { attended: 0, missed: 0, cancelled: 0, still_scheduled: 0, ...(v.sessions ?? {}) },
    check_ins: { taken: v.check_ins?.taken ?? [], before: v.check_ins?.before ?? null },
    practice: v.practice ?? [],
    points: { earned: 0, total: 0, ...(v.points ?? {}) },
  };
}

export interface SkillChange {
  skill: string;
  label: string;
  /** the score the period started from: the check-in before it, or its own first */
  from: number | null;
  /** the period's latest score */
  to: number | null;
  change: number | null;
}

/** Each skill's score at the start and end of the period, and the change ("+25"). */
export function skillChanges(facts: ReportFacts): SkillChange[] {
  const taken = facts.check_ins.taken;
  const start = facts.check_ins.before ?? (taken.length > 1 ? taken[0] : null);
  const end = taken.length ? taken[taken.length - 1] : null;
  return SKILLS.map((skill) => {
    const from = start?.scores[skill] ?? null;
    const to = end?.scores[skill] ?? null;
    return {
      skill,
      label: challengeLabel(skill) || skill,
      from,
      to,
      change: from !== null && to !== null ? to - from : null,
    };
  });
}

/** "+25", "−5", "no change". */
export function changeText(change: number | null): string {
  if (change === null) return '—';
  if (change === 0) return 'no change';
  return change > 0 ? `+${change}` : `−${Math.abs(change)}`;
}

const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "November 2026", or "the week of November 23". */
export function periodLabel(cadence: Cadence, periodStart: string): string {
  const start = new Date(`${periodStart}T00:00:00Z`);
  return cadence === 'monthly' ? month.format(start) : `the week of ${day.format(start)}`;
}

/** "November 2026", or "Week of November 23": a heading's form. */
export function periodTitle(cadence: Cadence, periodStart: string): string {
  const label = periodLabel(cadence, periodStart);
  return label.charAt(0).toUpperCase() + label.slice(1);
}
