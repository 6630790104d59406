import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DateOverrides } from '../components/date-overrides';

const insert = vi.fn((_row: unknown) => Promise.resolve({ error: null }));
vi.mock('@/lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ from: () => ({ insert }) }),
}));

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DateOverrides scheduleId="schedule-1" overrides={[]} timeZone="America/Chicago" />
    </QueryClientProvider>,
  );
}

const addDayOff = (date: string) => {
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });
  fireEvent.click(screen.getByRole('button', { name: 'Add override' }));
};

describe('a day off on a date', () => {
  it('that has passed is refused with that reason, before anything is saved', async () => {
    renderForm();
    addDayOff('2020-06-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That date has passed: choose today or a later date.',
    );
    expect(insert).not.toHaveBeenCalled();
  });

  it('to come is saved', async () => {
    renderForm();
    addDayOff('2099-06-01');
    await waitFor(() =>
      expect(insert).toHaveBeenCalledWith(
        expect.objectContaining({ schedule_id: 'schedule-1', on_date: '2099-06-01', start_time: null }),
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
