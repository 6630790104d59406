/** Query keys of the calendar feed feature. */
export const calendarFeedKeys = {
  all: ['calendar-feed'] as const,
  mine: (userId: string) => [...calendarFeedKeys.all, userId] as const,
};
