import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
// A console.error during a unit test fails it: React warnings are bugs.
import './setup-node';

afterEach(() => {
  cleanup();
});
