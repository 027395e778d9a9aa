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
phase vitest npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json ||
  status=1
# Load, faults and shutdown against the real server process (short durations; see test:soak).
phase reliability npx vitest run -c vitest.reliability.config.ts --reporter=default \
  --reporter=json --outputFile=reports/reliability.json || status=1
phase e2e env PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json \
  npx playwright test --reporter=list,json || status=1

echo "Phase times:"
printf '  %s\n' "${phases[@]}"

node scripts/test-tally.mjs reports/vitest.json reports/playwright.json reports/reliability.json ||
  status=1
exit $status
