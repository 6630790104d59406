import { act, render, screen } from '@testing-library/react';
import { prerender } from 'react-dom/static';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@/lib/history';
import { NavigationProvider } from '@/lib/navigation';
import CoachingPage from '../routes/landing/coaching';

vi.mock('@/features/auth/hooks/use-auth', () => ({ useAuth: () => ({ user: null, loading: false }) }));
vi.mock('@/features/flags/hooks/use-signup-enabled-when-idle', () => ({
  useSignupEnabledWhenIdle: () => false,
}));
// The newsletter form is proven in its feature; here only the offer to book the intro call matters.
vi.mock('@/features/lead-forms/components/newsletter-form', () => ({ NewsletterForm: () => null }));

const TOKEN = 'cd'.repeat(32);
const OFFERED = `/coaching#intro-call-token=${TOKEN}`;
const OFFER = 'Pick your intro call time now';

async function renderCoaching(path: string) {
  const history = createMemoryHistory([path]);
  // The offer loads after the page has shown, with the sections below the hero (and the newsletter
  // form's query client).
  await act(async () => {
    render(
      <NavigationProvider history={history}>
        <CoachingPage />
      </NavigationProvider>,
    );
    await Promise.all([import('@/features/landing/components/below-fold'), import('@/lib/query-client')]);
  });
}

beforeAll(() => {
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = vi.fn();
});

describe('/coaching after the intro-call request', () => {
  it('offers the visitor back from the form to pick the intro call time now, at the top of the hero', async () => {
    await renderCoaching(OFFERED);
    const offer = await screen.findByRole('region', { name: OFFER });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(offer.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('region', { name: heading.textContent! })).toContainElement(offer);

    expect(screen.getByRole('link', { name: 'See open times' })).toHaveAttribute(
      'href',
      `/intro-call#token=${TOKEN}`,
    );
  });

  it('offers nothing to any other visitor', async () => {
    await renderCoaching('/coaching');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: OFFER })).toBeNull();
    expect(screen.queryByRole('link', { name: 'See open times' })).toBeNull();
  });

  it('has none of the offer in its prerendered HTML, whatever the address', async () => {
    const { prelude } = await prerender(
      <NavigationProvider history={createMemoryHistory([OFFERED])}>
        <CoachingPage />
      </NavigationProvider>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const html = await new Response(prelude).text();
    expect(html).toContain('hero-heading');
    expect(html).not.toContain(OFFER);
    expect(html).not.toContain(TOKEN);
  });
});
