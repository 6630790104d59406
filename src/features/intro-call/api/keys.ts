/** Query keys of the intro-call page. */
export const introCallKeys = {
  all: ['intro-call'] as const,
  booking: (token: string) => [...introCallKeys.all, 'booking', token] as const,
  slots: (from: number, to: number) => [...introCallKeys.all, 'slots', from, to] as const,
  firstSlot: (from: number, to: number, except: number | null) =>
    [...introCallKeys.all, 'first-slot', from, to, except] as const,
};
