/** Query keys of the sessions feature: every list and detail hangs under `all`, so a change refetches them. */
export const sessionKeys = {
  all: ['sessions'] as const,
  lists: () => [...sessionKeys.all, 'list'] as const,
  list: (params: object) => [...sessionKeys.lists(), params] as const,
  detail: (id: string) => [...sessionKeys.all, 'detail', id] as const,
  options: () => [...sessionKeys.all, 'options'] as const,
  followUp: (id: string) => [...sessionKeys.all, 'follow-up', id] as const,
};
