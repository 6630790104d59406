/** Query keys of the messages feature; a new message refetches everything under `all`. */
export const messageKeys = {
  all: ['messages'] as const,
  conversation: (familyId: string) => [...messageKeys.all, 'conversation', familyId] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  replyPromise: () => ['message-reply-promise'] as const,
  emails: (userId: string) => ['message-emails', userId] as const,
};
