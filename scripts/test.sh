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
# Two lanes: Vitest, and beside it the E2E suite. Each waits on browsers, servers, timers and
# child processes for much of its time, so together they fill the two cores that one alone leaves
# half idle. The reliability suites (mostly waiting on killed and restarted servers) run in
# whichever lane ends first. The second lane's report is printed when it ends (E2E_ALONE=1:
# everything one after the other).
lane_log="$(mktemp)"
lane_phases="$(mktemp)"
reliability_claim="$(mktemp -u)"
run_e2e() {
  local start=$SECONDS code=0
  env PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json \
    npx playwright test --reporter=list,json || code=$?
  printf '%-14s %4d s\n' e2e $((SECONDS - start)) >>"$lane_phases"
  return $code
}
# Load, faults and shutdown against the real server process (short durations; see test:soak).
# Runs once: the first lane to call it claims it (mkdir is atomic), the other goes on.
run_reliability() {
  mkdir "$reliability_claim" 2>/dev/null || return 0
  local start=$SECONDS code=0
  npx vitest run -c vitest.reliability.config.ts --reporter=default \
    --reporter=json --outputFile=reports/reliability.json || code=$?
  printf '%-14s %4d s\n' reliability $((SECONDS - start)) >>"$lane_phases"
  return $code
}
second_lane() {
  local code=0
  run_e2e || code=1
  run_reliability || code=1
  return $code
}
if [ "${E2E_ALONE:-}" = 1 ]; then
  lane_pid=""
else
  echo "End-to-end tests run beside Vitest, and the reliability suites after whichever ends first;"
  echo "the end-to-end lane's report follows."
  second_lane >"$lane_log" 2>&1 &
  lane_pid=$!
fi
phase vitest npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json ||
  status=1
if [ -n "$lane_pid" ]; then
  run_reliability || status=1
  wait "$lane_pid" || status=1
  echo "End-to-end lane:"
  cat "$lane_log"
else
  second_lane || status=1
fi
rmdir "$reliability_claim" 2>/dev/null
while IFS= read -r line; do
  phases+=("$line")
  [ -z "${LIFELINE_PHASES_FILE:-}" ] || echo "$line" >>"$LIFELINE_PHASES_FILE"
done <"$lane_phases"
rm -f "$lane_log" "$lane_phases"

echo "Phase times:"
printf '  %s\n' "${phases[@]}"

node scripts/test-tally.mjs reports/vitest.json reports/playwright.json reports/reliability.json ||
  status=1
exit $status
