import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts, toast } from '@/components/ui/toast-store';
import { AppProvider } from '../provider';

afterEach(() => act(() => resetToasts()));

describe('AppProvider', () => {
  it('runs no toaster until the first toast, then shows it', async () => {
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    // Give the store's subscription time to start: still nothing to show.
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();

    act(() => {
      toast({ title: 'Saved' });
    });
    // The toaster's code loads now (a lazy module).
    const region = await screen.findByRole('region', { name: /Notifications/ }, { timeout: 10000 });
    expect(await within(region).findByText('Saved')).toBeInTheDocument();
  });
});
