import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, subscribeToasts, type ToastItem } from '@/components/ui/toast-store';
import { ContactFormV2 } from '../components/contact-form-v2';
import { FitCallForm } from '../components/fit-call-form';
import { NewsletterForm } from '../components/newsletter-form';
import { createFakeSupabase } from './fake-supabase';

const fake = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('@/lib/supabase', () => ({ getSupabase: async () => fake.current }));

let supabase: ReturnType<typeof createFakeSupabase>;
let toasts: ToastItem[] = [];

beforeEach(() => {
  supabase = createFakeSupabase();
  fake.current = supabase.client;
  resetToasts();
  subscribeToasts((items) => (toasts = items));
  sessionStorage.clear();
});

function renderWithQuery(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const lastToast = () => toasts[0];

async function fillFitCall(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/parent's name/i), 'Dana Parent');
  await user.type(screen.getByLabelText(/^email/i), 'dana@example.com');
  await user.type(screen.getByLabelText(/^phone/i), '555 123 4567');
  await user.type(screen.getByLabelText(/child's age/i), '9');
  await user.selectOptions(screen.getByLabelText(/help with/i), 'confidence');
}

describe('FitCallForm', () => {
  it('shows inline errors and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    renderWithQuery(<FitCallForm />);
    await user.click(screen.getByRole('button', { name: /request my free intro call/i }));
    const name = screen.getByLabelText(/parent's name/i);
    // The form's schema loads on first use (a module of its own).
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(supabase.inserts).toEqual([]);
  });

  it('reads Submitting... and is disabled while saving, then saves the row and asks for the emails', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    supabase.answerInserts(() => new Promise((resolve) => (release = () => resolve({ error: null }))));
    const onSuccess = vi.fn();
    renderWithQuery(<FitCallForm onSuccess={onSuccess} />);
    await fillFitCall(user);
    await user.click(screen.getByRole('button', { name: /request my free intro call/i }));

    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect(button).toBeDisabled();
    await act(async () => release());

    // without a booking link in the function's answer, on to /coaching as before
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('/coaching'));
    expect(supabase.inserts).toHaveLength(1);
    expect(supabase.inserts[0].table).toBe('waitlist');
    expect(supabase.inserts[0].row).toMatchObject({
      name: 'Dana Parent',
      email: 'dana@example.com',
      phone: '555 123 4567',
      child_name: null,
      age_band: '9',
      challenge: 'confidence',
      consent: true,
      source: 'fit-call',
    });
    expect(supabase.inserts[0].row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(supabase.invokes).toEqual([
      {
        name: 'send-fit-call-notifications',
        body: {
          name: 'Dana Parent',
          email: 'dana@example.com',
          phone: '555 123 4567',
          childName: '',
          childAge: '9',
          challenge: 'confidence',
        },
      },
    ]);
    expect(lastToast()).toMatchObject({
      title: 'Request Received!',
      description: "We'll reach out within 24 hours to schedule your free Intro Call.",
    });
    expect(screen.getByLabelText(/parent's name/i)).toHaveValue('');
  });

  it('goes back to /coaching, with the link the function answers in the fragment for its offer to book the call', async () => {
    const token = 'c'.repeat(64);
    supabase.client.functions.invoke.mockResolvedValueOnce({
      data: { sent: true, bookingToken: token },
      error: null,
    });
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    renderWithQuery(<FitCallForm onSuccess={onSuccess} />);
    await fillFitCall(user);
    await user.click(screen.getByRole('button', { name: /request my free intro call/i }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(`/coaching#intro-call-token=${token}`));
    expect(lastToast()).toMatchObject({
      title: 'Request Received!',
      description: "We'll reach out within 24 hours to schedule your free Intro Call.",
    });
  });

  it('keeps everything typed after a failure, and retries with the same row id', async () => {
    const user = userEvent.setup();
    supabase.answerInserts(async () => ({ error: { message: 'Failed to fetch' } }));
    renderWithQuery(<FitCallForm />);
    await fillFitCall(user);
    await user.click(screen.getByRole('button', { name: /request my free intro call/i }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Something went wrong',
        description: 'Please try again or contact us directly.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByLabelText(/parent's name/i)).toHaveValue('Dana Parent');
    expect(screen.getByLabelText(/^phone/i)).toHaveValue('555 123 4567');

    // The first try did reach the database: the retry collides on the primary key = saved.
    supabase.answerInserts(async () => ({
      error: { code: '23505', message: 'duplicate key value violates unique constraint "waitlist_pkey"' },
    }));
    await user.click(screen.getByRole('button', { name: /request my free intro call/i }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Request Received!' }));
    expect(supabase.inserts[1].row.id).toBe(supabase.inserts[0].row.id);
  });
});

describe('ContactFormV2', () => {
  it('saves phone and focus area with source contact-v2, then clears and stays', async () => {
    const user = userEvent.setup();
    renderWithQuery(<ContactFormV2 landingPath="/coaching-v2" />);
    await user.type(screen.getByLabelText(/your name/i), 'Sam Parent');
    await user.type(screen.getByLabelText(/^email/i), 'sam@example.com');
    await user.type(screen.getByLabelText(/^phone/i), '555 987 6543');
    await user.click(screen.getByRole('button', { name: /get in touch/i }));
    // The child's age is required on this form.
    expect(screen.getByLabelText(/child's age/i)).toHaveFocus();
    await user.type(screen.getByLabelText(/child's age/i), '10');
    await user.selectOptions(screen.getByLabelText(/focus area/i), 'emotions');
    await user.click(screen.getByRole('button', { name: /get in touch/i }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Thank you!',
        description: "Check your email for confirmation. We'll contact you within 24 hours.",
      }),
    );
    expect(supabase.inserts[0].row).toMatchObject({
      phone: '555 987 6543',
      challenge: 'emotions',
      age_band: '10',
      source: 'contact-v2',
      landing_path: '/coaching-v2',
    });
    expect(supabase.invokes[0].name).toBe('send-fit-call-notifications');
    expect(screen.getByLabelText(/your name/i)).toHaveValue('');
  });
});

describe('NewsletterForm', () => {
  async function subscribe(email = 'reader@example.com', firstName = '') {
    const user = userEvent.setup();
    renderWithQuery(<NewsletterForm source="home" />);
    await user.type(screen.getByLabelText(/^email/i), email);
    if (firstName) await user.type(screen.getByLabelText(/first name/i), firstName);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
  }

  it('subscribes, asks for the welcome email, thanks and resets', async () => {
    await subscribe('reader@example.com');
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Welcome to the community! 🌱',
        description: 'Check your inbox for a welcome email.',
      }),
    );
    expect(supabase.inserts).toEqual([
      {
        table: 'newsletter_subscribers',
        row: {
          email: 'reader@example.com',
          first_name: null,
          source: 'home',
          analytics_session_id: sessionStorage.getItem('ploom_analytics_session_id'),
        },
      },
    ]);
    expect(supabase.invokes).toEqual([
      { name: 'send-newsletter-confirmation', body: { email: 'reader@example.com', firstName: null } },
    ]);
    expect(screen.getByLabelText(/^email/i)).toHaveValue('');
  });

  it('says so when the email is already subscribed', async () => {
    supabase.answerInserts(async () => ({ error: { code: '23505', message: 'duplicate key' } }));
    await subscribe();
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Already subscribed!',
        description: 'This email is already on our list.',
      }),
    );
    expect(supabase.invokes).toEqual([]);
  });

  it('shows the failure notice and keeps the email on other errors', async () => {
    supabase.answerInserts(async () => ({ error: { code: '500', message: 'boom' } }));
    await subscribe('keep@example.com', 'Kim');
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Something went wrong',
        description: 'Please try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByLabelText(/^email/i)).toHaveValue('keep@example.com');
  });
});
