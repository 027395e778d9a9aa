#!/usr/bin/env bash
# The whole test suite: installs what it needs, builds, then unit + API tests (Vitest) and
# end-to-end tests in real headless Chromium (Playwright). Prints why tests were skipped, if any
# were, and one closing tally line (with CI=true a skipped test fails the run).
set -uo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm ci --no-audit --no-fund || exit 1
bash scripts/ensure-chromium.sh || exit 1
npm run build || exit 1

mkdir -p reports
status=0
npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json || status=1
# Load, faults and shutdown against the real server process (short durations; see test:soak).
npx vitest run -c vitest.reliability.config.ts --reporter=default --reporter=json \
  --outputFile=reports/reliability.json || status=1
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/playwright.json \
  npx playwright test --reporter=list,json || status=1

node scripts/test-tally.mjs reports/vitest.json reports/playwright.json reports/reliability.json ||
  status=1
exit $status
