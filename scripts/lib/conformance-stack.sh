# Sourced by the conformance scripts: from the repository's folder, starts a fresh local stack for an upstream test suite and waits
# until it answers. Needs $repo, $offset, $port, $state and $log set; sets $stack (its process
# group) and traps that stop it and remove its data on exit.
#   start_conformance_stack <the suite's config.toml> [VAR=value ...]  (extra environment)
start_conformance_stack() {
  local config=$1
  shift
  cd "$repo"
  env LOCAL_SUPABASE_PORT_OFFSET="$offset" LOCAL_SUPABASE_STATE_DIR="$state/data" \
    LOCAL_SUPABASE_AUTH_CONFIG="$config" \
    LOCAL_SUPABASE_GATEWAY_API_KEYS=cli LOCAL_SUPABASE_AUTH_ADDRESS_LIMITS=off "$@" \
    setsid npx tsx local-supabase/cli.ts >"$log" 2>&1 &
  stack=$!
  # The data folder goes once the whole process group (Postgres included) has stopped writing to it.
  trap 'kill -- -$stack 2>/dev/null || true; wait $stack 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 -- -$stack 2>/dev/null || break; sleep 0.1; done
    rm -rf "$state/data"' EXIT
  trap 'exit 130' INT TERM
  for _ in $(seq 1 120); do
    curl -fs "http://127.0.0.1:${port}/health" >/dev/null && return 0
    kill -0 "$stack" 2>/dev/null || { cat "$log"; exit 1; }
    sleep 1
  done
}
