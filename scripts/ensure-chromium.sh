#!/usr/bin/env bash
# Finds a system Chromium for the tests and the renderer, installing Debian's when none is there.
# No browser can be downloaded by npm on our machines, so Playwright drives this one.
# Debian's chromium-headless-shell is preferred: it draws the same pages as the full browser with
# about half the CPU (see docs/decisions.md), so it is installed beside a full chromium when the
# machine allows it.
set -euo pipefail

fonts_ok() { fc-list 2>/dev/null | grep -qiE 'dejavu|liberation'; }
can_install() { command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; }
install() {
  echo "Installing $* from Debian's packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

if [ -n "${CHROME_PATH:-}" ] && [ -x "$CHROME_PATH" ] && fonts_ok; then
  echo "Chromium: $CHROME_PATH"
  exit 0
fi
shell_binary=/usr/lib/chromium/chromium-headless-shell
if [ -x "$shell_binary" ] && fonts_ok; then
  echo "Chromium: $shell_binary"
  exit 0
fi
if can_install; then
  install chromium-headless-shell fonts-dejavu-core fonts-liberation
  echo "Chromium: $shell_binary"
  exit 0
fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -x "$candidate" ] && fonts_ok; then
    echo "Chromium: $candidate"
    exit 0
  fi
done

echo "No Chromium found. Install one (Debian/Ubuntu: sudo apt-get install chromium-headless-shell" >&2
echo "fonts-dejavu-core) or point CHROME_PATH at a Chrome or Chromium binary, then run the tests again." >&2
exit 1
