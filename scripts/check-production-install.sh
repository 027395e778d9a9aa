#!/usr/bin/env bash
# Proves a production install runs: builds, copies the app as it ships (package.json, the
# lockfile and dist) into a temporary folder, installs it with `npm ci --omit=dev`, starts the
# server there, signs in, converts a diagram through the public API with the user's API token,
# then backs up and restores the data folder with the npm scripts. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d "${TMPDIR:-/tmp}/lifeline-prod-XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "Production install check failed: $*" >&2
  if [ -f "$work/server.log" ]; then
    echo "--- server log ---" >&2
    tail -n 40 "$work/server.log" >&2
  fi
  exit 1
}

bash scripts/ensure-chromium.sh >/dev/null || fail "no Chromium for the renderer."
# LIFELINE_BUILT=1: dist/ was built from this tree just before (CI builds once for every phase).
if [ "${LIFELINE_BUILT:-}" != 1 ]; then
  npm run --silent build >/dev/null || fail "npm run build failed."
fi
app="$work/app"
mkdir -p "$app"
cp package.json package-lock.json "$app/"
cp -R patches "$app/patches"
cp -R dist "$app/dist"

echo "Installing production dependencies into $app…"
(cd "$app" && npm ci --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error) ||
  fail "npm ci --omit=dev failed."
[ ! -e "$app/node_modules/typescript" ] || fail "devDependencies were installed."
grep -q "Lifeline patch" "$app/node_modules/mermaid/dist/mermaid.js" ||
  fail "the install did not apply patches/ to mermaid."

port="$(node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
base="http://127.0.0.1:$port"
data="$work/data"
chrome="${CHROME_PATH:-$(ls /usr/lib/chromium/chromium-headless-shell 2>/dev/null || command -v chromium || command -v chromium-browser || echo /usr/bin/chromium)}"
# Only what a person running the app would set: no NODE_ENV=production (it needs OIDC sign-in),
# none of the developer's database or Redis variables.
run_env=(env -u DATABASE_URL -u REDIS_URL -u NODE_ENV -u OIDC_CLIENT_ID -u OIDC_CLIENT_SECRET
  -u PUBLIC_URL -u APP_SECRET PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" CHROME_PATH="$chrome")

(cd "$app" && exec "${run_env[@]}" node dist/node/server/main.js) >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 120); do
  kill -0 "$server_pid" 2>/dev/null || fail "the server exited while starting."
  curl -fsS "$base/healthz" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fsS "$base/healthz" >/dev/null || fail "/healthz did not answer within 60 s."

curl -fsS "$base/" | grep -qi '<div id="root"' || fail "GET / did not answer the app's page."

jar="$work/cookies"
curl -fsS -o /dev/null -c "$jar" -H "Origin: $base" \
  --data-urlencode "name=Ada Lovelace" --data-urlencode "email=ada@example.test" \
  "$base/auth/local" || fail "local sign-in failed."
token="$(curl -fsS -b "$jar" "$base/api/user/api-token" |
  node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).apiToken))")"
[ -n "$token" ] && [ "$token" != "undefined" ] || fail "no API token for the signed-in user."

convert() {
  curl -fsS -o "$work/out.$1" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    --data "{\"content\":\"sequenceDiagram\\nAlice->>Bob: Hello\",\"format\":\"$1\"}" \
    "$base/api/v1/convert" || fail "POST /api/v1/convert ($1) did not answer 2xx."
}
convert svg
grep -q '<svg' "$work/out.svg" && grep -q 'Alice' "$work/out.svg" ||
  fail "the SVG answer is not a drawing of the diagram."
convert png
[ "$(head -c 8 "$work/out.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] ||
  fail "the PNG answer is not a PNG."

kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=""

(cd "$app" && "${run_env[@]}" npm run --silent backup -- --out "$work/backup.jsonl") ||
  fail "npm run backup failed."
(cd "$app" && "${run_env[@]}" DATA_DIR="$work/restored" npm run --silent restore -- "$work/backup.jsonl") ||
  fail "npm run restore failed."
echo "Production install: starts, signs in, converts (SVG and PNG), backs up and restores."
