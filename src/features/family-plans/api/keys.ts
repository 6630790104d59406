export const planKeys = {
  all: ['family-plans'] as const,
  child: (childId: string) => [...planKeys.all, 'child', childId] as const,
  mine: () => [...planKeys.all, 'mine'] as const,
};
