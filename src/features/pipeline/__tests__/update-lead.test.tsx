import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { leadQueryOptions } from '../api/get-lead';
import { leadsKey } from '../api/get-leads';
import { useUpdateLead } from '../api/update-lead';
import type { LeadRow } from '../lib/lead-query';

/** The update's answer, settled by the test: the rows changed, or an error. */
let settle:
  ((answer: { data: { id: string }[] | null; error: { message: string } | null }) => void) | undefined;
const update = vi.fn();
vi.mock('@/lib/supabase', () => ({
  getSupabase: () =>
    Promise.resolve({
      from: () => ({
        update: (values: unknown) => {
          update(values);
          const chain = {
            eq: () => chain,
            select: () =>
              new Promise((resolve) => {
                settle = resolve;
              }),
          };
          return chain;
        },
      }),
    }),
}));

const lead = (id: string, status: string) =>
  ({ id, name: `Lead ${id}`, status, assignee_id: null, assignee_name: null }) as unknown as LeadRow;
const listKey = [...leadsKey, 'list', { sort: 'created_at', dir: 'desc', page: 1 }];

function setUp() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(listKey, { rows: [lead('a', 'new'), lead('b', 'new')], count: 2 });
  queryClient.setQueryData(leadQueryOptions('a').queryKey, lead('a', 'new'));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useUpdateLead(), { wrapper });
  settle = undefined;
  return { queryClient, result };
}
const statusIn = (queryClient: QueryClient) => ({
  list: queryClient
    .getQueryData<{ rows: LeadRow[] }>(listKey)!
    .rows.map((row) => `${row.id}:${row.status}`)
    .join(' '),
  detail: queryClient.getQueryData<LeadRow>(leadQueryOptions('a').queryKey)!.status,
});

describe('a status change', () => {
  it('shows in the list and the panel before the database answers', async () => {
    const { queryClient, result } = setUp();
    act(() => result.current.mutate({ id: 'a', status: 'contacted' }));
    await vi.waitFor(() =>
      expect(statusIn(queryClient)).toEqual({ list: 'a:contacted b:new', detail: 'contacted' }),
    );
    // The update is still unanswered here.
    await vi.waitFor(() => expect(settle).toBeDefined());
    expect(update).toHaveBeenLastCalledWith({ status: 'contacted' });
    await act(async () => settle!({ data: [{ id: 'a' }], error: null }));
    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it("is sent once the press's frame is painted, not within the press", async () => {
    update.mockClear();
    const { queryClient, result } = setUp();
    act(() => result.current.mutate({ id: 'a', status: 'contacted' }));
    // Every promise of the press settled: the change is shown, the request not yet built.
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(statusIn(queryClient)).toEqual({ list: 'a:contacted b:new', detail: 'contacted' });
    expect(update).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith({ status: 'contacted' }));
    await act(async () => settle!({ data: [{ id: 'a' }], error: null }));
    await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('is put back as it was when the database refuses it', async () => {
    const { queryClient, result } = setUp();
    act(() => result.current.mutate({ id: 'a', status: 'closed' }));
    await vi.waitFor(() => expect(statusIn(queryClient).detail).toBe('closed'));
    await vi.waitFor(() => expect(settle).toBeDefined());
    await act(async () => settle!({ data: [], error: null }));
    await vi.waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('This lead is no longer yours to change.');
    expect(statusIn(queryClient)).toEqual({ list: 'a:new b:new', detail: 'new' });
  });
});
