#!/usr/bin/env bash
# Finds a system Chromium for the tests and the renderer, installing Debian's when none is there.
# No browser can be downloaded by npm on our machines, so Playwright drives this one.
set -euo pipefail

for candidate in "${CHROME_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then
    if fc-list 2>/dev/null | grep -qiE 'dejavu|liberation'; then
      echo "Chromium: $candidate"
      exit 0
    fi
    break
  fi
done

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Chromium and fonts from Debian's packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core fonts-liberation >/dev/null
  echo "Chromium: $(command -v chromium)"
  exit 0
fi

echo "No Chromium found. Install one (Debian/Ubuntu: sudo apt-get install chromium fonts-dejavu-core)" >&2
echo "or point CHROME_PATH at a Chrome or Chromium binary, then run the tests again." >&2
exit 1
