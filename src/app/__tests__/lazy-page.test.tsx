import { Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
import { lazyPage } from '../lazy-page';

function deferredModule() {
  let resolve!: () => void;
  const arrived = new Promise<void>((done) => (resolve = done));
  const load = vi.fn(async () => {
    await arrived;
    return { default: () => <h1>Pricing page</h1> };
  });
  return { load, resolve };
}

describe('lazyPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the fallback while the module loads, then the page, with no warning from React', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load, resolve } = deferredModule();
    const Page = lazyPage(load);
    // Rendered as the browser renders it, outside act: React's concurrent work loop (which may
    // replay a suspended component when its promise settles) is what the app runs on.
    const actEnvironment = globalThis.IS_REACT_ACT_ENVIRONMENT;
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    const root = createRoot(container);
    try {
      root.render(
        <Suspense fallback={<p>Loading...</p>}>
          <Page />
        </Suspense>,
      );
      await waitFor(() => expect(container).toHaveTextContent('Loading...'));
      resolve();
      await waitFor(() => expect(container.querySelector('h1')).toHaveTextContent('Pricing page'));
    } finally {
      root.unmount();
      globalThis.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    expect(load).toHaveBeenCalledTimes(1);
    // React (development) reports a hook-order mistake when `use` is skipped after suspending.
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
  });

  it('renders a preloaded page at once, and again on later renders, without suspending', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { load, resolve } = deferredModule();
    const Page = lazyPage(load);
    const preloaded = Page.preload();
    resolve();
    await preloaded;
    function Counter() {
      const [count, setCount] = useState(0);
      return (
        <>
          <button onClick={() => setCount(count + 1)}>Renders {count}</button>
          <Suspense fallback={<p>Loading...</p>}>
            <Page />
          </Suspense>
        </>
      );
    }
    render(<Counter />);
    // No fallback, not even for a tick: the page is in the first commit.
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Renders 0' }));
    expect(screen.getByRole('button', { name: 'Renders 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
  });

  it('loads again after a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: () => <h1>Pricing page</h1> });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Pricing page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
