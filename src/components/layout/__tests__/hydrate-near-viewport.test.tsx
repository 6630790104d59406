import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrateNearViewport } from '../hydrate-near-viewport';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <section>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        {label} {count}
      </button>
    </section>
  );
}

// Each test its own section names: a gate, once open, stays open for the page's lifetime.
let run = 0;
function makePage() {
  run += 1;
  return (
    <main>
      <h1>Top</h1>
      <Suspense fallback={null}>
        <HydrateNearViewport name={`near-${run}`}>
          <Counter label="near" />
        </HydrateNearViewport>
      </Suspense>
      <Suspense fallback={null}>
        <HydrateNearViewport name={`far-${run}`}>
          <Counter label="far" />
        </HydrateNearViewport>
      </Suspense>
    </main>
  );
}

interface FakeObserver {
  callback: IntersectionObserverCallback;
  options?: IntersectionObserverInit;
  target?: Element;
}

function stubObserver() {
  const observers: FakeObserver[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      record: FakeObserver;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.target = target;
      }
      disconnect() {}
    },
  );
  const observing = (label: string) => {
    const found = observers.find((o) => o.target?.textContent?.startsWith(label));
    if (!found) throw new Error(`nothing observes the ${label} section`);
    return found;
  };
  const intersect = (label: string, isIntersecting: boolean) =>
    act(async () => {
      observing(label).callback(
        [{ isIntersecting } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
  return { observing, intersect };
}

async function hydrate() {
  const page = makePage();
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  await act(async () => {
    hydrateRoot(container, page);
  });
  const button = (label: string) =>
    [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith(label))!;
  return { container, button };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('HydrateNearViewport', () => {
  it('renders at once on a page rendered in the browser', () => {
    render(makePage());
    expect(screen.getByRole('button', { name: 'far 0' })).toBeInTheDocument();
  });

  it('keeps a prerendered section as HTML until it comes within a screen of the viewport', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { intersect, observing } = stubObserver();
    const { button } = await hydrate();
    // Both sections are on screen from the first paint, as the server drew them.
    expect(button('near').textContent).toBe('near 0');
    expect(button('far').textContent).toBe('far 0');
    expect(observing('far').options?.rootMargin).toBe('100% 0px');

    // The near one reaches the margin: it hydrates and answers clicks. The far one does not yet.
    await intersect('near', true);
    await act(async () => button('near').click());
    expect(button('near').textContent).toBe('near 1');
    await intersect('far', false);
    await act(async () => button('far').click());
    expect(button('far').textContent).toBe('far 0');

    // Scrolled toward: the far one hydrates in place (the same node), with no mismatch.
    const before = button('far');
    await intersect('far', true);
    await act(async () => button('far').click());
    expect(button('far')).toBe(before);
    expect(button('far').textContent).toBe('far 1');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('hydrates a section a pointer reaches before it is seen to scroll in', async () => {
    stubObserver();
    const { button } = await hydrate();
    await act(async () => {
      button('far').dispatchEvent(new Event('pointerover', { bubbles: true }));
    });
    await act(async () => button('far').click());
    expect(button('far').textContent).toBe('far 1');
  });
});
