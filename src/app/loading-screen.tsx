import { messages } from '@/content/messages';

export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      data-loading-screen=""
      className="flex min-h-[60vh] items-center justify-center text-ink-muted"
    >
      {messages.loading}
    </div>
  );
}
