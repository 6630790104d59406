import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

export default defineConfig(({ command, mode }) => {
  if (command === 'build') {
    // Fail the build, not the visitor's page, when the Supabase settings are missing.
    const env = { ...loadEnv(mode, import.meta.dirname, 'VITE_'), ...process.env };
    const missing = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'].filter((name) => !env[name]);
    if (missing.length) {
      throw new Error(
        `${missing.join(' and ')} must be set to build the site: copy .env.example to .env ` +
          `(the local stack's values) or set the hosted project's URL and anon key.`,
      );
    }
  }
  return {
    plugins: [react()],
    resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
    build: { target: 'es2022', sourcemap: false, manifest: true },
  };
});
