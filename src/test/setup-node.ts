import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Every unit file's setup: a console.error during a test fails it (React warnings are bugs). The
 * DOM-free files (vitest.config.ts, unitNodeFiles) have this alone; the others ./setup.ts, which
 * adds the DOM matchers and React's testing library, which a file in Node would load for nothing.
 */
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
