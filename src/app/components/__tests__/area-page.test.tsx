import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AreaPage } from '../area-shell';

/** A read that answers when the test says so. */
function held<T>() {
  let answer: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer: (value: T) => answer(value) };
}

function Leads({ read }: { read: Promise<string[]> }) {
  const leads = useQuery({ queryKey: ['leads'], queryFn: () => read });
  return leads.data ? <p>{leads.data.join(', ')}</p> : <p role="status">Loading…</p>;
}

function Badge({ read }: { read: Promise<number> }) {
  useQuery({ queryKey: ['unread'], queryFn: () => read, meta: { frame: true } });
  return null;
}

/** A page load: a new query cache, its first screen. */
async function renderScreen(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {children}
      <AreaPage area="Admin" title="Leads" description="Every family that reached us.">
        {null}
      </AreaPage>
    </QueryClientProvider>,
  );
}

/** The heading's row: hidden (not painted) while it waits. */
const headingRow = () =>
  screen.getByRole('heading', { level: 1, hidden: true }).parentElement!.parentElement!;

afterEach(() => vi.useRealTimers());

describe("a screen's heading", () => {
  it("shows with the screen's first reads, not over a loading line before them", async () => {
    const read = held<string[]>();
    await renderScreen(<Leads read={read.promise} />);
    expect(headingRow()).toHaveClass('invisible');
    await act(async () => read.answer(['Ada', 'Ben']));
    expect(await screen.findByText('Ada, Ben')).toBeInTheDocument();
    expect(headingRow()).not.toHaveClass('invisible');
    expect(screen.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  });

  it('keeps what it heads unpainted with it, then shows both in one paint', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const read = held<string[]>();
    render(
      <QueryClientProvider client={client}>
        <AreaPage area="Billing" title="Billing">
          <p>Your last payment did not go through.</p>
          <Leads read={read.promise} />
        </AreaPage>
      </QueryClientProvider>,
    );
    // The content's box, hidden (not painted) as the heading's row is.
    const content = () => screen.getByText('Your last payment did not go through.').parentElement!;
    expect(content()).toHaveClass('invisible');
    expect(headingRow()).toHaveClass('invisible');
    await act(async () => read.answer(['Ada']));
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(content()).not.toHaveClass('invisible');
    expect(headingRow()).not.toHaveClass('invisible');
  });

  it("does not wait for the frame's own reads (the nav's unread count)", async () => {
    await renderScreen(<Badge read={new Promise<number>(() => undefined)} />);
    expect(headingRow()).not.toHaveClass('invisible');
  });

  it('shows on its own after a moment when the reads are slow, and stays', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderScreen(<Leads read={new Promise<string[]>(() => undefined)} />);
    expect(headingRow()).toHaveClass('invisible');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(headingRow()).not.toHaveClass('invisible');
  });

  it('shows at once on a screen opened later in the same page', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first = held<string[]>();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <Leads read={first.promise} />
        <AreaPage area="Admin" title="Leads">
          {null}
        </AreaPage>
      </QueryClientProvider>,
    );
    await act(async () => first.answer(['Ada']));
    rerender(
      <QueryClientProvider client={client}>
        <Families read={new Promise<string[]>(() => undefined)} />
        <AreaPage key="families" area="Admin" title="Families">
          {null}
        </AreaPage>
      </QueryClientProvider>,
    );
    const row = screen.getByRole('heading', { level: 1, name: 'Families' }).parentElement!.parentElement!;
    expect(row).not.toHaveClass('invisible');
  });
});

function Families({ read }: { read: Promise<string[]> }) {
  useQuery({ queryKey: ['families'], queryFn: () => read });
  return null;
}
