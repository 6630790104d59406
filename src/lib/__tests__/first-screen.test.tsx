import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@supabase/supabase-js', () => ({ createClient: () => ({ loaded: true }) }));

/** Whether `promise` has settled within a few turns of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
}

beforeEach(() => vi.resetModules());

describe('supabase-js on a signed-in screen opened directly (decision 215)', () => {
  it('is not held on any other page', async () => {
    const { afterFirstScreen } = await import('../supabase');
    expect(await settled(afterFirstScreen())).toBe(true);
  });

  it('waits until the first screen has drawn', async () => {
    const { afterFirstScreen, firstScreenDrawn, holdForFirstScreen } = await import('../supabase');
    holdForFirstScreen();
    expect(await settled(afterFirstScreen())).toBe(false);
    firstScreenDrawn();
    expect(await settled(afterFirstScreen())).toBe(true);
  });

  it('stops waiting as soon as anything needs the client itself', async () => {
    const { afterFirstScreen, getSupabase, holdForFirstScreen } = await import('../supabase');
    holdForFirstScreen();
    await getSupabase();
    expect(await settled(afterFirstScreen())).toBe(true);
  });

  it('is released once the first screen’s reads are drawn, not before', async () => {
    const supabase = await import('../supabase');
    const { useFirstReadsWaiting } = await import('../first-screen');
    supabase.holdForFirstScreen();
    let answer: (rows: string[]) => void = () => undefined;
    const rows = new Promise<string[]>((resolve) => (answer = resolve));
    function Screen() {
      const waiting = useFirstReadsWaiting();
      const query = useQuery({ queryKey: ['rows'], queryFn: () => rows });
      return (
        <>
          <h1 hidden={waiting}>Leads</h1>
          <p>{query.data ? query.data.join(', ') : 'Loading...'}</p>
        </>
      );
    }
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    render(<Screen />, { wrapper });
    expect(await settled(supabase.afterFirstScreen())).toBe(false);
    answer(['Ava', 'Leo']);
    await screen.findByText('Ava, Leo');
    await vi.waitFor(async () => expect(await settled(supabase.afterFirstScreen())).toBe(true));
    expect(screen.getByRole('heading', { name: 'Leads' })).toBeVisible();
  });

  it('keeps what the frame shows beside the screen (its unread count) until the screen has drawn', async () => {
    const supabase = await import('../supabase');
    const { useFirstScreenDrawn } = await import('../first-screen');
    supabase.holdForFirstScreen();
    const { result } = renderHook(() => useFirstScreenDrawn());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current).toBe(false);
    act(() => supabase.firstScreenDrawn());
    await vi.waitFor(() => expect(result.current).toBe(true));
  });
});
