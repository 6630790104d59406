import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          env: {
            VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
            VITE_SUPABASE_ANON_KEY: 'test-anon-key',
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          environment: 'node',
          include: [
            'local-supabase/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/database/**/*.test.ts',
          ],
          testTimeout: 20000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
