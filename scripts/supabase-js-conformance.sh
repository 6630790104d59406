#!/usr/bin/env bash
# Runs supabase-js's integration test (packages/core/supabase-js/test/integration.test.ts) against a
# fresh local stack with the test's own fixture (its supabase/migrations, all but Storage's, which
# needs a Storage service the stack does not have). It fetches nothing: give it a supabase-js
# checkout whose packages/core tree and test tools are in place (see docs/auth-conformance.md):
#   scripts/supabase-js-conformance.sh /tmp/ajs/packages/core/supabase-js [jest args...]
set -euo pipefail

pkg=$(cd "${1:?usage: $0 <path to packages/core/supabase-js> [jest args...]}" && pwd)
shift
repo=$(cd "$(dirname "$0")/.." && pwd)
offset=${AUTH_CONFORMANCE_PORT_OFFSET:-1800}
port=$((54321 + offset))
dbport=$((54322 + offset))
state=$(mktemp -d /tmp/supabase-js-conformance-XXXXXX)
chmod 755 "$state"
log=$state/stack.log

sed -i -E "s#const SUPABASE_URL = 'http://127\.0\.0\.1:[0-9]+'#const SUPABASE_URL = 'http://127.0.0.1:${port}'#" \
  "$pkg/test/integration.test.ts"

# shellcheck source=lib/conformance-stack.sh
. "$repo/scripts/lib/conformance-stack.sh"
start_conformance_stack "$pkg/supabase/config.toml"

# The fixture, as `supabase start` applies it (then upstream's setup empties todos).
FIXTURE_DIR="$pkg/supabase/migrations" DB_URL="postgresql://postgres:postgres@127.0.0.1:${dbport}/postgres" \
  node --input-type=module -e "
    import fs from 'node:fs';
    import pg from 'pg';
    const dir = process.env.FIXTURE_DIR;
    const db = new pg.Client({ connectionString: process.env.DB_URL });
    await db.connect();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
      if (file.includes('storage')) { console.log('skipped (no Storage):', file); continue; }
      await db.query(fs.readFileSync(dir + '/' + file, 'utf8'));
      console.log('applied', file);
    }
    await db.query('truncate public.todos cascade');
    await db.query(\"notify pgrst, 'reload schema'\");
    await db.end();
  "

# Upstream runs on Node 22, whose WebSocket is global; on older Node the ws package stands in.
cat >"$state/websocket.cjs" <<EOF
if (typeof globalThis.WebSocket === 'undefined') {
  globalThis.WebSocket = require(require.resolve('ws', { paths: ['$pkg'] }))
}
EOF
cat >"$state/jest.config.cjs" <<EOF
module.exports = {
  rootDir: '$pkg',
  testEnvironment: 'node',
  setupFiles: ['$state/websocket.cjs'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^@supabase/(auth-js|postgrest-js|realtime-js|storage-js|functions-js)\$': '<rootDir>/../\$1/src/index.ts',
    '^@supabase/tracing\$': '<rootDir>/../../shared/tracing/src/index.ts',
  },
  transform: { '^.+\\\\.tsx?\$': ['ts-jest', { diagnostics: false }] },
  testMatch: ['<rootDir>/test/integration.test.ts'],
}
EOF
cd "$pkg"
node "$(node -p "require.resolve('jest/bin/jest')")" --config "$state/jest.config.cjs" --runInBand "$@"
