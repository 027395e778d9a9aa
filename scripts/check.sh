#!/usr/bin/env bash
# npm run check: the type check (client and server programs), the lint and the format check, run
# side by side (they are independent, and one after the other a cold run took over a minute on
# two cores). Each one's output is printed when all have ended, in a fixed order; the check fails
# if any of them does.
set -uo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
steps=(typecheck:client typecheck:server lint format:check)
pids=()
for step in "${steps[@]}"; do
  npm run --silent "$step" >"$out/$step" 2>&1 &
  pids+=($!)
done
status=0
for i in "${!steps[@]}"; do
  code=0
  wait "${pids[$i]}" || code=$?
  echo "> ${steps[$i]}"
  cat "$out/${steps[$i]}"
  if [ "$code" -ne 0 ]; then
    echo "${steps[$i]} failed (exit $code)." >&2
    status=1
  fi
done
exit $status
