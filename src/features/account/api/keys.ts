/** Query keys of the account feature; a change refetches what hangs under `all`. */
export const accountKeys = {
  all: ['account'] as const,
  profile: (userId: string) => [...accountKeys.all, 'profile', userId] as const,
  notifications: (userId: string) => [...accountKeys.all, 'notifications', userId] as const,
};
