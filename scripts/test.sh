#!/usr/bin/env bash
# The whole test suite: installs what it needs, builds, then unit + API tests (Vitest) and
# end-to-end tests in real headless Chromium (Playwright). Prints why tests were skipped, if any
# were, and one closing tally line (with CI=true a skipped test fails the run).
set -uo pipefail
cd "$(dirname "$0")/.."

# Each phase's time, printed before the tally (LIFELINE_PHASES_FILE: also appended there).
phases=()
phase() {
  local name="$1" start=$SECONDS
  shift
  "$@"
  local code=$?
  phases+=("$(printf '%-14s %4d s' "$name" $((SECONDS - start)))")
  [ -z "${LIFELINE_PHASES_FILE:-}" ] || echo "${phases[-1]}" >>"$LIFELINE_PHASES_FILE"
  return $code
}

[ -d node_modules ] || phase install npm ci --no-audit --no-fund || exit 1
bash scripts/ensure-chromium.sh || exit 1
# LIFELINE_BUILT=1: dist/ was built from this tree just before (CI builds once for every phase).
if [ "${LIFELINE_BUILT:-}" != 1 ]; then
  phase build npm run build || exit 1
  export LIFELINE_BUILT=1
fi

mkdir -p reports
status=0
# The E2E suite runs beside Vitest and the reliability suites: each lane waits on browsers,
# servers and timers for much of its time, so together they fill the two cores that either
# alone leaves half idle. Its report is printed when it ends (E2E_ALONE=1: one after the other).
e2e_log="$(mktemp)"
e2e_time="$(mktemp)"
run_e2e() {
  local start=$SECONDS code=0
  env PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json \
    npx playwright test --reporter=list,json || code=$?
  printf '%-14s %4d s' e2e $((SECONDS - start)) >"$e2e_time"
  return $code
}
if [ "${E2E_ALONE:-}" = 1 ]; then
  e2e_pid=""
else
  echo "End-to-end tests run beside Vitest; their report follows Vitest's."
  run_e2e >"$e2e_log" 2>&1 &
  e2e_pid=$!
fi
phase vitest npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json ||
  status=1
# Load, faults and shutdown against the real server process (short durations; see test:soak).
phase reliability npx vitest run -c vitest.reliability.config.ts --reporter=default \
  --reporter=json --outputFile=reports/reliability.json || status=1
if [ -n "$e2e_pid" ]; then
  wait "$e2e_pid" || status=1
  echo "End-to-end tests:"
  cat "$e2e_log"
else
  run_e2e || status=1
fi
phases+=("$(cat "$e2e_time")")
[ -z "${LIFELINE_PHASES_FILE:-}" ] || echo "${phases[-1]}" >>"$LIFELINE_PHASES_FILE"
rm -f "$e2e_log" "$e2e_time"

echo "Phase times:"
printf '  %s\n' "${phases[@]}"

node scripts/test-tally.mjs reports/vitest.json reports/playwright.json reports/reliability.json ||
  status=1
exit $status
