export const childLoginKeys = {
  all: ['child-logins'] as const,
  ofParent: (parentId: string) => ['child-logins', parentId] as const,
  attemptsOf: (childId: string) => ['child-logins', 'attempts', childId] as const,
};
