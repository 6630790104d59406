#!/usr/bin/env bash
# Runs postgrest-js's own test suite (packages/core/postgrest-js/test of supabase/supabase-js) against
# a fresh local stack loaded with the suite's fixture (test/supabase: its schema migration and seed,
# PostGIS's one geometry column as text since the embedded Postgres has no PostGIS). It fetches
# nothing: give it a postgrest-js checkout (see docs/postgrest-conformance.md), e.g.
#   scripts/postgrest-conformance.sh /tmp/pjs/packages/core/postgrest-js [vitest args...]
# Upstream runs Jest; this runs the same files with the project's Vitest (`jest` is `vi`), one file
# at a time in upstream's alphabetical order, without updating inline snapshots. A JSON report is
# written to $POSTGREST_CONFORMANCE_REPORT (default <state>/report.json) and summed up at the end.
set -euo pipefail

suite=$(cd "${1:?usage: $0 <path to packages/core/postgrest-js> [vitest args...]}" && pwd)
shift
repo=$(cd "$(dirname "$0")/.." && pwd)
offset=${POSTGREST_CONFORMANCE_PORT_OFFSET:-1800}
port=$((54321 + offset))
dbport=$((54322 + offset))
state=$(mktemp -d /tmp/postgrest-conformance-XXXXXX)
chmod 755 "$state"
log=${POSTGREST_CONFORMANCE_LOG:-$state/stack.log}
report=${POSTGREST_CONFORMANCE_REPORT:-$state/report.json}

# The suite's URLs (localhost:54321) moved to this stack's port.
sed -i -E "s#(localhost|127\.0\.0\.1):[0-9]+#127.0.0.1:${port}#g" "$suite"/test/*.ts

# The fixture's [api] settings, as the CLI gives them to PostgREST.
fixture_schemas=$(sed -n -E 's/^schemas = \[(.*)\]/\1/p' "$suite/test/supabase/config.toml" | tr -d ' "')
fixture_max_rows=$(sed -n -E 's/^max_rows = ([0-9]+)/\1/p' "$suite/test/supabase/config.toml")

# shellcheck source=lib/conformance-stack.sh
. "$repo/scripts/lib/conformance-stack.sh"
start_conformance_stack "$suite/test/supabase/config.toml" \
  PGRST_DB_SCHEMAS="$fixture_schemas" PGRST_DB_MAX_ROWS="$fixture_max_rows"

# The fixture replaces the product's public schema, as `supabase start --workdir test` would start
# from an empty one; then PostgREST is told to reload.
FIXTURE_DIR="$suite/test/supabase" DB_URL="postgresql://postgres:postgres@127.0.0.1:${dbport}/postgres" \
  node --input-type=module -e "
    import fs from 'node:fs';
    import pg from 'pg';
    const dir = process.env.FIXTURE_DIR;
    const db = new pg.Client({ connectionString: process.env.DB_URL });
    await db.connect();
    await db.query(\`drop schema public cascade; create schema public;
      grant usage on schema public to anon, authenticated, service_role;
      alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
      alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
      alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;\`);
    for (const file of fs.readdirSync(dir + '/migrations').filter((f) => f.endsWith('.sql')).sort()) {
      const sql = fs.readFileSync(dir + '/migrations/' + file, 'utf8')
        .replace(/create extension if not exists postgis[^;]*;/gi, '')
        .replace(/extensions\.geometry\(POINT, *4326\)/gi, 'text');
      await db.query(sql);
      console.log('applied', file);
    }
    await db.query(fs.readFileSync(dir + '/seed.sql', 'utf8'));
    console.log('applied seed.sql');
    await db.query(\"notify pgrst, 'reload schema'; notify pgrst, 'reload config'\");
    await db.end();
  "

# Jest's globals under Vitest, files one at a time in upstream's order (test/testSequencer.js).
echo 'globalThis.jest = vi' >"$state/setup.ts"
cat >"$state/vitest.config.mjs" <<EOF
export default {
  test: {
    root: '$suite',
    globals: true,
    setupFiles: ['$state/setup.ts'],
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 30000,
    sequence: {
      sequencer: class {
        async sort(files) { return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)) }
        async shard(files) { return files }
      },
    },
  },
}
EOF
[ -e "$suite/node_modules" ] || ln -s "$repo/node_modules" "$suite/node_modules"
cd "$suite"
status=0
CI=true "$repo/node_modules/.bin/vitest" run --config "$state/vitest.config.mjs" \
  --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
node -e "const r = require('$report'); console.log('postgrest-js: passed', r.numPassedTests, '/', r.numTotalTests, 'failed', r.numFailedTests)"
exit "$status"
