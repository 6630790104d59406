import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, subscribeToasts, type ToastItem } from '@/components/ui/toast-store';
import { createFakeSupabase } from '@/features/lead-forms/__tests__/fake-supabase';
import { createMemoryHistory } from '@/lib/history';
import { NavigationProvider } from '@/lib/navigation';
import RequestFitCallPage from '../routes/landing/request-fit-call';

const fake = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('@/lib/supabase', () => ({ getSupabase: async () => fake.current }));

const TOKEN = 'e'.repeat(64);
let supabase: ReturnType<typeof createFakeSupabase>;
let toastShownAt: number | undefined;
let toasts: ToastItem[] = [];

beforeEach(() => {
  supabase = createFakeSupabase();
  fake.current = supabase.client;
  resetToasts();
  toastShownAt = undefined;
  subscribeToasts((items) => {
    toasts = items;
    if (items.length) toastShownAt ??= Date.now();
  });
});

async function sendRequest(answer: { sent: boolean; bookingToken?: string }) {
  supabase.client.functions.invoke.mockResolvedValueOnce({ data: answer, error: null });
  const history = createMemoryHistory(['/request-fit-call']);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: 0 } } })}>
      <NavigationProvider history={history}>
        <RequestFitCallPage />
      </NavigationProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/parent's name/i), 'Dana Parent');
  await user.type(screen.getByLabelText(/^email/i), 'dana@example.com');
  await user.type(screen.getByLabelText(/^phone/i), '555 123 4567');
  await user.click(screen.getByRole('button', { name: 'Request My Free Intro Call' }));
  await waitFor(() => expect(toastShownAt).toBeDefined());
  return history;
}

describe('/request-fit-call on success', () => {
  it("shows the spec's toast, then after 1.5 s goes back to /coaching with the link token in the fragment", async () => {
    const history = await sendRequest({ sent: true, bookingToken: TOKEN });
    expect(toasts[0]).toMatchObject({
      title: 'Request Received!',
      description: "We'll reach out within 24 hours to schedule your free Intro Call.",
    });
    expect(history.location.pathname).toBe('/request-fit-call');

    await waitFor(() => expect(history.location.pathname).toBe('/coaching'), { timeout: 3000 });
    // a timer never fires early; the toast came before it was set
    expect(Date.now() - toastShownAt!).toBeGreaterThanOrEqual(1490);
    expect(history.location.hash).toBe(`#intro-call-token=${TOKEN}`);
    expect(history.location.search).toBe('');
  });

  it('goes back to /coaching without a fragment when the request answered no link', async () => {
    const history = await sendRequest({ sent: false });
    await waitFor(() => expect(history.location.pathname).toBe('/coaching'), { timeout: 3000 });
    expect(history.location.hash).toBe('');
  });
});
