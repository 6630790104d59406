import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// A console.error during a unit test fails it: React warnings are bugs.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
