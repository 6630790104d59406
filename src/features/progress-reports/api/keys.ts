/** Query keys of the progress reports: everything under `all`, so a change refreshes every view. */
export const reportKeys = {
  all: ['progress-reports'] as const,
  due: () => [...reportKeys.all, 'due'] as const,
  child: (childId: string) => [...reportKeys.all, 'child', childId] as const,
  one: (reportId: string) => [...reportKeys.all, 'one', reportId] as const,
};
