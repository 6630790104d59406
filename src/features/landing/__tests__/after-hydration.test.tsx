import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { AfterHydration } from '../components/after-hydration';

const page = (
  <section>
    <h2>Join the waitlist</h2>
    <AfterHydration minHeight="min-h-[136px]">
      <label>
        Email <input />
      </label>
    </AfterHydration>
  </section>
);

describe('AfterHydration', () => {
  it('renders its children at once on a page rendered in the browser', () => {
    render(page);
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('is a placeholder in the server HTML, hydrates without a mismatch, then shows its children', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(page);
    expect(html).not.toContain('<input');
    expect(html).toContain('min-h-[136px]');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, page);
    });
    await waitFor(() => expect(container.querySelector('input')).not.toBeNull());
    expect(container.querySelector('.min-h-\\[136px\\]')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    container.remove();
    errors.mockRestore();
  });
});

describe('AfterHydration on a page with IntersectionObserver', () => {
  it('renders its children only once their place comes within a screen of the viewport', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    try {
      const container = document.createElement('div');
      container.innerHTML = renderToString(page);
      document.body.append(container);
      await act(async () => {
        hydrateRoot(container, page);
      });
      // Hydrated, far below the fold: still the placeholder.
      await act(async () => {});
      expect(container.querySelector('input')).toBeNull();
      expect(observers).toHaveLength(1);
      expect(observers[0].options?.rootMargin).toBe('100% 0px');

      await act(async () => {
        observers[0].callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
      });
      await waitFor(() => expect(container.querySelector('input')).not.toBeNull());
      container.remove();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
