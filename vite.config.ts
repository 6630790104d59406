import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

/** Modules of the signed-in areas (admin, parent app, child area) and the features only they use. */
const signedInModule =
  /\/src\/(app\/(area-routes\.tsx|routes\/(admin|app|child)\/)|features\/(sessions|session-room|users|audit|settings|reports|billing|family|families|child-accounts|child-area|account|points|mfa)\/)/;
const signedInChunk = /(^|\/)area-/;

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
    build: {
      target: 'es2022',
      sourcemap: false,
      manifest: true,
      // The entry carries a table of what each lazy route preloads. The signed-in areas' screens
      // load their shared chunks when they are opened, so their entries stay out of that table and
      // the landing pages' first load does not grow with every admin or family screen.
      modulePreload: {
        resolveDependencies: (_file, deps, { hostType }) =>
          hostType === 'js' ? deps.filter((dep) => !signedInChunk.test(dep)) : deps,
      },
      rollupOptions: {
        output: {
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => signedInModule.test(id))
              ? 'assets/area-[name]-[hash].js'
              : 'assets/[name]-[hash].js',
        },
      },
    },
  };
});
