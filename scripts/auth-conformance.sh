#!/usr/bin/env bash
# Runs auth-js's own test suite (upstream's CLI configuration) against a fresh local stack.
# It fetches nothing: give it an auth-js checkout whose test tools are installed (see
# docs/auth-conformance.md), e.g.
#   scripts/auth-conformance.sh /tmp/ajs/packages/core/auth-js [jest args...]
# The stack reads the suite's own test/supabase/config.toml (anonymous sign-ins, test OTPs, rate
# limits, its signing_keys.json) instead of the product's; the product's config.toml is untouched.
set -euo pipefail

suite=$(cd "${1:?usage: $0 <path to packages/core/auth-js> [jest args...]}" && pwd)
shift
repo=$(cd "$(dirname "$0")/.." && pwd)
offset=${AUTH_CONFORMANCE_PORT_OFFSET:-1800}
port=$((54321 + offset))
state=$(mktemp -d /tmp/auth-conformance-XXXXXX)
chmod 755 "$state"
log=${AUTH_CONFORMANCE_LOG:-$state/stack.log}

# Upstream generates a fresh RSA signing key before each run (test/generate-signing-keys.js).
[ -f "$suite/test/supabase/signing_keys.json" ] || (cd "$suite/test" && node generate-signing-keys.js)
# The suite's one URL, moved to this stack's port.
sed -i -E "s#http://127\.0\.0\.1:[0-9]+/auth/v1#http://127.0.0.1:${port}/auth/v1#" "$suite/test/lib/clients.ts"

# shellcheck source=lib/conformance-stack.sh
. "$repo/scripts/lib/conformance-stack.sh"
start_conformance_stack "$suite/test/supabase/config.toml" SITE_URL=http://127.0.0.1:3000

cd "$suite"
npx jest --config jest.config.cli.js --runInBand --coverage=false "$@"
