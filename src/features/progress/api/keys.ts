/** Query keys of a child's progress: everything hangs under `all`, so a change refetches it all. */
export const progressKeys = {
  all: ['progress'] as const,
  checkIns: (childId: string) => [...progressKeys.all, 'check-ins', childId] as const,
  practice: (childId: string) => [...progressKeys.all, 'practice', childId] as const,
};
