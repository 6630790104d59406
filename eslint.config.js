import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

/** Features never import each other; shared folders import no feature (see CONVENTIONS.md). */
// The public pages hydrate without React Router (decision 070): only the signed-in areas' route
// table and screens use it, on the site's own history (src/app/area-router.tsx).
const routerOnlyInAreas = {
  name: 'react-router-dom',
  message:
    "Use '@/lib/navigation' (Link, NavLink, useLocation, useNavigate): the router is for the signed-in areas' routes only.",
};
// The signed-in areas of the route manifest (src/app/routes.manifest.ts; a unit test holds this
// plain copy of their names equal to it): their screens and layouts are under src/app/routes/<area>/.
const { signedInAreas } = JSON.parse(
  fs.readFileSync(new URL('./src/app/routes.areas.json', import.meta.url), 'utf8'),
);
const areaRouterFiles = [
  'src/app/area-router.tsx',
  'src/app/area-routes.tsx',
  ...signedInAreas.map((area) => `src/app/routes/${area}/**`),
  'src/app/components/{area-shell,require-auth}.tsx',
  '**/__tests__/**',
];
const featureBoundaries = {
  files: ['src/features/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', '@/app/*', '../../features/*', '../../../features/*'],
            message: 'A feature may not import another feature or the app layer: compose them in src/app.',
          },
        ],
        paths: [routerOnlyInAreas],
      },
    ],
  },
};
const sharedBoundaries = {
  files: [
    'src/components/**/*.{ts,tsx}',
    'src/lib/**/*.{ts,tsx}',
    'src/content/**/*.{ts,tsx}',
    'src/config/**/*.{ts,tsx}',
  ],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', '@/app/*'],
            message: 'Shared code may not import features or the app layer.',
          },
        ],
        paths: [routerOnlyInAreas],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-test*',
      'dist-bench',
      'node_modules',
      '.local-supabase',
      '.deno',
      'coverage',
      'playwright-report',
      'test-results',
      'supabase/functions',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  featureBoundaries,
  sharedBoundaries,
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    ignores: areaRouterFiles,
    rules: { 'no-restricted-imports': ['error', { paths: [routerOnlyInAreas] }] },
  },
);
