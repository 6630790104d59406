/** A family plan's content, as the database keeps it (private.is_family_plan_content). */
export interface PlanMilestone {
  id: string;
  text: string;
}
export interface PlanGoal {
  id: string;
  title: string;
  /** the goal as the child reads it */
  child_words: string;
  milestones: PlanMilestone[];
}
export interface PlanContent {
  goals: PlanGoal[];
  strategies: string[];
  watch_for: string[];
}

export const LIMITS = {
  goals: 6,
  milestones: 8,
  items: 10,
  title: 120,
  childWords: 160,
  milestone: 160,
  item: 240,
} as const;

export const emptyPlan = (): PlanContent => ({ goals: [], strategies: [], watch_for: [] });

export const newGoal = (): PlanGoal => ({
  id: crypto.randomUUID(),
  title: '',
  child_words: '',
  milestones: [],
});
export const newMilestone = (): PlanMilestone => ({ id: crypto.randomUUID(), text: '' });

/** Reads kept content, whatever is missing in it, as a plan. */
export function readPlan(value: unknown): PlanContent {
  const v = (value ?? {}) as Partial<PlanContent>;
  return {
    goals: (v.goals ?? []).map((g) => ({ ...g, milestones: g.milestones ?? [] })),
    strategies: v.strategies ?? [],
    watch_for: v.watch_for ?? [],
  };
}

/** The content as it is saved: trimmed, with empty strategies, watch-fors and milestones left out. */
export function tidyPlan(plan: PlanContent): PlanContent {
  const trimmed = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);
  return {
    goals: plan.goals.map((g) => ({
      id: g.id,
      title: g.title.trim(),
      child_words: g.child_words.trim(),
      milestones: g.milestones.map((m) => ({ id: m.id, text: m.text.trim() })).filter((m) => m.text),
    })),
    strategies: trimmed(plan.strategies),
    watch_for: trimmed(plan.watch_for),
  };
}

/** What stops a plan from being saved, in words (the database refuses the same), or null. */
export function planProblem(plan: PlanContent): string | null {
  for (const [i, g] of plan.goals.entries()) {
    const n = `Goal ${i + 1}`;
    if (!g.title.trim()) return `${n} needs a title.`;
    if (g.title.trim().length > LIMITS.title) return `${n}'s title is at most ${LIMITS.title} characters.`;
    if (!g.child_words.trim()) return `${n} needs its words for the child.`;
    if (g.child_words.trim().length > LIMITS.childWords)
      return `${n}'s words for the child are at most ${LIMITS.childWords} characters.`;
    if (g.milestones.some((m) => m.text.trim().length > LIMITS.milestone))
      return `A milestone of ${n.toLowerCase()} is over ${LIMITS.milestone} characters.`;
  }
  if ([...plan.strategies, ...plan.watch_for].some((s) => s.trim().length > LIMITS.item))
    return `Each strategy and each sign to watch for is at most ${LIMITS.item} characters.`;
  return null;
}
