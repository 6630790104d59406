import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, subscribeToasts, type ToastItem } from '@/components/ui/toast-store';
import { ContactForm } from '../components/contact-form';

const insert = vi.fn();
const invoke = vi.fn();
vi.mock('@/lib/supabase', () => ({
  getSupabase: async () => ({
    from: (table: string) => ({ insert: (row: unknown) => insert(table, row) }),
    functions: { invoke: (name: string, options: unknown) => invoke(name, options) },
  }),
}));

let toasts: ToastItem[] = [];
beforeEach(() => {
  insert.mockReset();
  invoke.mockReset().mockResolvedValue({ data: { sent: true }, error: null });
  resetToasts();
  subscribeToasts((items) => (toasts = items));
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  return render(
    <QueryClientProvider client={client}>
      <ContactForm />
    </QueryClientProvider>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), 'Casey Parent');
  await user.type(screen.getByLabelText('Email'), 'casey@example.com');
  await user.selectOptions(screen.getByLabelText('Topic'), 'billing');
  await user.type(screen.getByLabelText('Message'), 'Can we pause over the holidays?');
}

describe('ContactForm', { timeout: 15000 }, () => {
  it('explains what is missing instead of sending', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please choose a topic.')).toBeInTheDocument();
    expect(screen.getByText('Please write at least 10 characters.')).toBeInTheDocument();
    expect(insert).not.toHaveBeenCalled();
  });

  it('stores the message, asks for the notification, thanks the sender and clears the form', async () => {
    insert.mockResolvedValue({ error: null });
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Message sent!'));
    expect(insert).toHaveBeenCalledWith(
      'contact_messages',
      expect.objectContaining({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Casey Parent',
        email: 'casey@example.com',
        topic: 'billing',
        message: 'Can we pause over the holidays?',
      }),
    );
    expect(invoke).toHaveBeenCalledWith('send-contact-notification', {
      body: {
        name: 'Casey Parent',
        email: 'casey@example.com',
        topic: 'billing',
        message: 'Can we pause over the holidays?',
      },
    });
    expect(screen.getByLabelText('Your name')).toHaveValue('');
  });

  it('a failure keeps what was typed, and the retry reuses the same id so it cannot be stored twice', async () => {
    insert.mockResolvedValueOnce({ error: { code: '08006', message: 'network down' } });
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toasts[0]?.description).toBe('Please try again or contact us directly.'));
    expect(toasts[0]?.variant).toBe('destructive');
    expect(screen.getByLabelText('Message')).toHaveValue('Can we pause over the holidays?');
    expect(invoke).not.toHaveBeenCalled();

    // The first try actually reached the database: the retry collides on the id, which counts as sent.
    insert.mockResolvedValueOnce({
      error: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "contact_messages_pkey"',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Message sent!'));
    const [first, second] = insert.mock.calls.map(([, row]) => (row as { id: string }).id);
    expect(second).toBe(first);
  });

  it('the notification failing does not fail the send', async () => {
    insert.mockResolvedValue({ error: null });
    invoke.mockRejectedValue(new Error('function down'));
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Message sent!'));
  });
});
