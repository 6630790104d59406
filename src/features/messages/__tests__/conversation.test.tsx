import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Conversation } from '../components/conversation';

interface Row {
  id: string;
  sender_id: string;
  sender_role: string;
  body: string;
  created_at: string;
}
/** The conversation as the database holds it, newest first (as the screen asks for it). */
let rows: Row[] = [];
/** The answer to the next insert, settled by the test. */
let settleInsert: { resolve: (id: string) => void; reject: (message: string) => void } | undefined;
const inserted: unknown[] = [];

function familyMessages() {
  const builder = {
    select: () => builder,
    eq: () => builder,
    order: () => builder,
    limit: () => Promise.resolve({ data: [...rows], error: null }),
    insert: (values: unknown) => {
      inserted.push(values);
      const answer = new Promise<{ data: { id: string } | null; error: { message: string } | null }>(
        (resolve) => {
          settleInsert = {
            resolve: (id) => resolve({ data: { id }, error: null }),
            reject: (message) => resolve({ data: null, error: { message } }),
          };
        },
      );
      return { select: () => ({ single: () => answer }) };
    },
  };
  return builder;
}
const reads = { upsert: () => Promise.resolve({ error: null }) };
const channel = { on: () => channel, subscribe: () => channel };
vi.mock('@/lib/supabase', () => ({
  getSupabase: () =>
    Promise.resolve({
      from: (table: string) => (table === 'family_messages' ? familyMessages() : reads),
      channel: () => channel,
      removeChannel: () => Promise.resolve(),
    }),
  afterFirstScreen: () => Promise.resolve(),
}));

const PARENT = 'p0000000-0000-4000-8000-000000000001';

function renderConversation() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <Conversation familyId={PARENT} viewer="parent" viewerId={PARENT} familyLabel="You" />
    </QueryClientProvider>,
  );
}

const box = () => screen.getByLabelText<HTMLTextAreaElement>('Your message');

async function write(text: string) {
  fireEvent.change(box(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

beforeEach(() => {
  rows = [
    {
      id: 'm1',
      sender_id: 'c0000000-0000-4000-8000-000000000001',
      sender_role: 'coach',
      body: 'How did the breathing go?',
      created_at: '2026-11-20T10:00:00Z',
    },
  ];
  settleInsert = undefined;
  inserted.length = 0;
});

describe('sending a message', () => {
  it('shows the message in the conversation at once and empties the box, then keeps it once saved', async () => {
    renderConversation();
    const log = await screen.findByRole('log', { name: 'Messages' });
    await write('It went well, thank you');
    // In the press's own render, before the database has answered.
    const sending = within(log).getByTestId('message-sending');
    expect(sending.textContent).toContain('It went well, thank you');
    expect(sending.textContent).toContain('Sending…');
    expect(box().value).toBe('');

    rows = [
      {
        id: 'm2',
        sender_id: PARENT,
        sender_role: 'parent',
        body: 'It went well, thank you',
        created_at: '2026-11-26T10:00:00Z',
      },
      ...rows,
    ];
    await vi.waitFor(() => expect(settleInsert).toBeDefined());
    await act(async () => settleInsert!.resolve('m2'));
    await vi.waitFor(() => expect(within(log).queryByTestId('message-sending')).toBeNull());
    // Once, with its time, not twice.
    expect(within(log).getAllByText('It went well, thank you')).toHaveLength(1);
    expect(inserted).toEqual([{ family_id: PARENT, body: 'It went well, thank you' }]);
  });

  it("sends the request once the press's frame is painted, not within the press", async () => {
    renderConversation();
    const log = await screen.findByRole('log', { name: 'Messages' });
    await write('See you Friday');
    // Every promise of the press settled: the message is shown, the request not yet built.
    await act(async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(within(log).getByTestId('message-sending').textContent).toContain('See you Friday');
    expect(inserted).toEqual([]);
    await vi.waitFor(() => expect(inserted).toEqual([{ family_id: PARENT, body: 'See you Friday' }]));
  });

  it('takes a refused message out of the conversation and puts its text back in the box with the reason', async () => {
    renderConversation();
    const log = await screen.findByRole('log', { name: 'Messages' });
    await write('Can we move Friday?');
    expect(within(log).getByTestId('message-sending')).toBeTruthy();

    await vi.waitFor(() => expect(settleInsert).toBeDefined());
    await act(async () => settleInsert!.reject('new row violates row-level security policy'));
    await vi.waitFor(() => expect(box().value).toBe('Can we move Friday?'));
    expect(within(log).queryByText('Can we move Friday?')).toBeNull();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Not sent\. Your message is back in the box/)).toBeTruthy();
  });

  it('a double click on Send sends once and does not then say the box is empty', async () => {
    renderConversation();
    const log = await screen.findByRole('log', { name: 'Messages' });
    fireEvent.change(box(), { target: { value: 'Thanks for today' } });
    const sendButton = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(sendButton);
    fireEvent.click(sendButton);
    await vi.waitFor(() => expect(settleInsert).toBeDefined());
    await act(async () => settleInsert!.resolve('m2'));
    expect(within(log).getAllByTestId('message-sending')).toHaveLength(1);
    expect(inserted).toEqual([{ family_id: PARENT, body: 'Thanks for today' }]);
    expect(screen.queryByText('Write a message first.')).toBeNull();
    expect(box().getAttribute('aria-invalid')).toBeNull();

    // Written in again, the box is checked as before.
    await write('  ');
    expect(await screen.findByText('Write a message first.')).toBeTruthy();
  });

  it('sends nothing and says why when the box is empty', async () => {
    renderConversation();
    await screen.findByRole('log', { name: 'Messages' });
    await write('   ');
    expect(await screen.findByText('Write a message first.')).toBeTruthy();
    expect(inserted).toEqual([]);
    expect(screen.queryByTestId('message-sending')).toBeNull();
  });
});
