/** Query keys of the parent app: everything hangs under `all`, so any change refetches the family's views. */
export const familyKeys = {
  all: ['family'] as const,
  onboarding: () => [...familyKeys.all, 'onboarding'] as const,
  dashboard: () => [...familyKeys.all, 'dashboard'] as const,
  standing: () => [...familyKeys.all, 'standing'] as const,
  tools: () => [...familyKeys.all, 'tools'] as const,
  schedule: (childId: string) => [...familyKeys.all, 'schedule', childId] as const,
  series: (childId: string) => [...familyKeys.all, 'series', childId] as const,
  session: (sessionId: string) => [...familyKeys.all, 'session', sessionId] as const,
  openSlots: (coachId: string, from: number, to: number) =>
    [...familyKeys.all, 'open-slots', coachId, from, to] as const,
  allowance: (weekOf: number) => [...familyKeys.all, 'allowance', weekOf] as const,
  plan: () => [...familyKeys.all, 'plan'] as const,
};
