import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';

const unitEnv = {
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY: 'test-anon-key',
};

/**
 * Unit test files that need no DOM: plain functions (scoring, filters, CSV, time, schemas). They
 * run in Node, which spares each file the jsdom environment (most of the unit suite's time). Any
 * other unit test file (every .tsx file, and a .ts file not listed here) runs in jsdom.
 */
const unitNodeFiles = [
  'local-supabase/function-length.test.ts',
  'local-supabase/ports.test.ts',
  'scripts/lib/security-headers.test.ts',
  'scripts/lib/site-rebuild.test.ts',
  'scripts/lib/site-server.test.ts',
  'src/app/__tests__/area-preloads.test.ts',
  'src/app/__tests__/mutations-proven.test.ts',
  'src/features/account/__tests__/family-data-summary.test.ts',
  'src/features/ad-spend/__tests__/cockpit-lib.test.ts',
  'src/features/ad-spend/__tests__/confidence.test.ts',
  'src/features/ad-spend/__tests__/delimited-records.test.ts',
  'src/features/ad-spend/__tests__/spend-csv.test.ts',
  'src/features/audit/__tests__/audit-query.test.ts',
  'src/features/audit/__tests__/describe.test.ts',
  'src/features/auth/__tests__/roles.test.ts',
  'src/features/availability/__tests__/meeting-rule-schema.test.ts',
  'src/features/availability/__tests__/week.test.ts',
  'src/features/billing/__tests__/billing-changes.test.ts',
  'src/features/billing/__tests__/billing-state.test.ts',
  'src/features/calendar-feed/__tests__/feed-links.test.ts',
  'src/features/families/__tests__/waited.test.ts',
  'src/features/intro-call/__tests__/slots.test.ts',
  'src/features/landing/__tests__/public-assets.test.ts',
  'src/features/landing/__tests__/variants.test.ts',
  'src/features/lead-forms/__tests__/schemas.test.ts',
  'src/features/marketing/__tests__/utm.test.ts',
  'src/features/messages/__tests__/follow-channel.test.ts',
  'src/features/messages/__tests__/linkify.test.ts',
  'src/features/parent-app/__tests__/get-onboarding.test.ts',
  'src/features/parent-app/__tests__/join.test.ts',
  'src/features/parent-app/__tests__/journey.test.ts',
  'src/features/parent-app/__tests__/slots.test.ts',
  'src/features/pipeline/__tests__/lead-filters.test.ts',
  'src/features/points/__tests__/rules.test.ts',
  'src/features/progress-reports/__tests__/facts.test.ts',
  'src/features/progress/__tests__/get-practice.test.ts',
  'src/features/progress/__tests__/trend.test.ts',
  'src/features/quiz/__tests__/scoring.test.ts',
  'src/features/session-room/__tests__/get-ice-servers.test.ts',
  'src/features/session-room/__tests__/room-state.test.ts',
  'src/features/session-room/__tests__/signalling.test.ts',
  'src/features/sessions/__tests__/session-filters.test.ts',
  'src/features/sessions/__tests__/sessions-query.test.ts',
  'src/features/sessions/__tests__/time.test.ts',
  'src/features/users/api/__tests__/grantable-roles.test.ts',
  'src/lib/__tests__/csv.test.ts',
  'src/lib/__tests__/duration.test.ts',
  'src/lib/__tests__/public-api.test.ts',
  'src/lib/__tests__/query-client.test.ts',
  'src/lib/__tests__/zod-config.test.ts',
];

/**
 * Stack test files that change state every other file may read, or measure time, so they run one
 * at a time: after the parallel group has finished (vitest's sequence.groupOrder), or in `npm test`
 * on a stack of their own beside the checks and unit tests, ahead of them for the CPU
 * (scripts/test.ts). Every file not listed here creates its own users and rows under unique names
 * (or works inside transactions that roll back, compares readings taken from one snapshot, or uses
 * a database of its own) and runs in parallel with the others.
 */
const stackSerialFiles: Record<string, string> = {
  'tests/integration/faults.test.ts': 'starts a second stack and kills its Postgres; measures recovery time',
  'tests/integration/auth-limits.test.ts': 'counts requests against rate limits over time; bcrypt timing',
  'tests/integration/auth-enumeration.test.ts':
    'compares response times (medians) of known and unknown emails',
  'tests/integration/child-sign-in.test.ts':
    'compares response times (medians) of known and unknown child usernames',
  'tests/integration/auth-hooks.test.ts':
    'switches the signup_enabled flag off: every sign-up elsewhere would fail',
  'tests/integration/realtime-feature-flags.test.ts': 'toggles signup_enabled; measures change latency',
  'tests/integration/family-messages.test.ts': 'measures how soon a new message reaches an open screen (1 s)',
  'tests/integration/settings.test.ts': 'toggles signup_enabled and rewrites app_settings; measures latency',
  'tests/integration/team-settings-mail.test.ts': 'rewrites app_settings (the team notification address)',
  'tests/integration/realtime-changes.test.ts':
    'alters the realtime publication (DDL); measures change latency',
  'tests/integration/realtime-authorization.test.ts':
    'creates tables and policies (DDL) the realtime layer reloads',
  'tests/integration/rest.test.ts':
    'creates tables (DDL): the REST schema cache reloads under other requests',
  'tests/integration/rest-embedding.test.ts': 'creates tables (DDL): the REST schema cache reloads',
  'tests/integration/rest-limits.test.ts': 'creates tables (DDL) and checks the schema cache reload',
  'tests/integration/rest-prefer.test.ts': 'creates and truncates tables (DDL)',
  'tests/database/audit.test.ts': 'reads every audit entry written since a moment, whoever wrote it',
  'tests/integration/leads.test.ts': 'compares project-wide lead and session totals read at two moments',
  // A second Auth re-runs the auth schema's set-up when it starts: one transaction of DDL holding
  // ACCESS EXCLUSIVE locks on auth tables every sign-in writes (sessions, mfa_amr_claims). In the
  // parallel group, one run had a second Auth answer an anonymous sign-in with a 500 (the cause was
  // not logged then; auth-support.ts now prints what a second Auth logs).
  'tests/integration/auth-config.test.ts': 'starts a second Auth (DDL on the auth schema)',
  'tests/integration/auth-optional-features.test.ts': 'starts second Auths (DDL on the auth schema)',
  'tests/integration/auth-signing-keys.test.ts': 'starts a second Auth (DDL on the auth schema)',
  'tests/integration/realtime-heartbeat.test.ts':
    'tells a beating socket from a silent one by a 1.5 s idle limit: a stalled event loop closes either',
};

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
          exclude: unitNodeFiles,
          setupFiles: ['src/test/setup.ts'],
          env: unitEnv,
          // Vitest's default on 2 cores is 1 worker (cores - 1); the main process is idle meanwhile.
          maxWorkers: 2,
          // A file's first render pays its lazy imports; on a loaded 2-core machine that alone passed
          // the 5 s default (landing-page, site-nav, faq-accordion timed out at HEAD under load).
          testTimeout: 15000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-node',
          environment: 'node',
          include: unitNodeFiles,
          setupFiles: ['src/test/setup-node.ts'],
          env: unitEnv,
          // Vitest's default on 2 cores is 1 worker (cores - 1); the main process is idle meanwhile.
          maxWorkers: 2,
          // A file's first render pays its lazy imports; on a loaded 2-core machine that alone passed
          // the 5 s default (landing-page, site-nav, faq-accordion timed out at HEAD under load).
          testTimeout: 15000,
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
          exclude: [...Object.keys(stackSerialFiles), ...unitNodeFiles],
          // Three files at a time share 2 cores with the stack: under other load (load average 20+)
          // some tests that pass alone in seconds took over 20 s (Deno cold starts, fresh databases).
          testTimeout: 45000,
          hookTimeout: 60000,
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'stack-serial',
          environment: 'node',
          include: Object.keys(stackSerialFiles),
          testTimeout: 20000,
          hookTimeout: 60000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
