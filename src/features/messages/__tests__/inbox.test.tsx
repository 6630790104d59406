import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestRouter } from '@/test/router';
import { Inbox } from '../components/inbox';

/** 120 families the caller may read; the inbox asks for a range of them with the exact count. */
const families = Array.from({ length: 120 }, (_, i) => ({
  family_id: `f${i}`,
  parent_name: `Parent ${i}`,
  children_names: `Child ${i}`,
  coach_names: 'Jordan Ellis',
  last_message_at: null,
  last_sender_role: null,
  message_count: 0,
  unread: 0,
  is_mine: true,
}));
const ranges: [number, number][] = [];
const channel = { on: () => channel, subscribe: () => channel };
const rpc = vi.fn(() => ({
  range: (from: number, to: number) => {
    ranges.push([from, to]);
    return Promise.resolve({ data: families.slice(from, to + 1), error: null, count: families.length });
  },
}));
vi.mock('@/lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ rpc, channel: () => channel, removeChannel: vi.fn() }),
  afterFirstScreen: () => Promise.resolve(),
}));
vi.mock('@/lib/rest', () => ({ getRest: () => ({ rpc }) }));

describe('the staff inbox at scale', () => {
  it('shows 50 conversations with their number, and 50 more at a time until all are shown', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TestRouter>
          <Inbox userId="coach-1" />
        </TestRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Showing 50 of 120 conversations')).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(50);
    expect(rpc).toHaveBeenCalledWith('family_conversations', undefined, { count: 'exact' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
    expect(await screen.findByText('Showing 100 of 120 conversations')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more conversations' }));
    expect(await screen.findByText('Showing 120 of 120 conversations')).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(120);
    expect(screen.queryByRole('button', { name: 'Show more conversations' })).not.toBeInTheDocument();
    expect(ranges).toEqual([
      [0, 49],
      [0, 99],
      [0, 149],
    ]);
  });
});
