#!/usr/bin/env bash
# The README's test command (`npm test`). Provisions what the tests need, says what it did, builds,
# type-checks, and runs the three tiers. Works on a fresh Debian machine with any Node that runs npm:
# every step runs on the Node 24 of the pinned `node` devDependency (node_modules/.bin/node), which
# npm puts first on PATH for its scripts; set here too, for `bash scripts/test.sh` run by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

say() { printf '\n[test] %s\n' "$*"; }
now() { date +%s%3N; }
started=$(now)
apt_install() {
  if [ "$(id -u)" != 0 ]; then say "need root to apt-get install $*"; return 1; fi
  if [ -z "${APT_UPDATED:-}" ]; then DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}
reachable() { timeout 2 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null; }

[ -d node_modules ] || { say "node_modules missing: npm ci"; npm ci --no-audit --no-fund; }
say "Node: $(node --version) at $(command -v node)"

# PostgreSQL: the one reachable at TEST_DATABASE_URL, else an embedded one (real binaries from npm).
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
pg_host=$(node -e "const u=new URL(process.env.TEST_DATABASE_URL);console.log(u.hostname+' '+(u.port||5432))")
if reachable $pg_host; then
  say "PostgreSQL: using the server at ${pg_host/ /:}"
else
  say "PostgreSQL: none at ${pg_host/ /:}; starting an embedded one on 54330 (data in .data/pg)"
  (nohup node node_modules/tsx/dist/cli.mjs scripts/embedded-db.ts 54330 > .test-results-pg.log 2>&1 &)
  for _ in $(seq 1 100); do grep -q 'ready' .test-results-pg.log 2>/dev/null && break; sleep 0.3; done
  export TEST_DATABASE_URL="postgresql://postgres:portal@127.0.0.1:54330/portal"
fi

# NATS with JetStream: the one reachable, else Debian's nats-server installed and started.
export TEST_NATS_URL="${TEST_NATS_URL:-nats://127.0.0.1:4222}"
if reachable 127.0.0.1 4222; then
  say "NATS: using the server at 127.0.0.1:4222"
else
  if ! command -v nats-server >/dev/null; then say "NATS: installing Debian's nats-server"; apt_install nats-server; fi
  say "NATS: starting nats-server with JetStream on 127.0.0.1:4222"
  mkdir -p .test-data/nats
  (nats-server -a 127.0.0.1 -p 4222 -js -sd "$PWD/.test-data/nats" -l "$PWD/.test-data/nats.log" &)
  for _ in $(seq 1 50); do reachable 127.0.0.1 4222 && break; sleep 0.2; done
fi

# Chromium and a CJK font for the end-to-end tier.
if [ ! -x /usr/bin/chromium ]; then say "Chromium: installing Debian's chromium"; apt_install chromium; fi
# Japanese and Thai render as boxes without these (the e2e screenshots are looked at).
if ! fc-list 2>/dev/null | grep -qi 'ipagothic\|ipa gothic\|noto sans cjk'; then say "Fonts: installing fonts-ipafont-gothic"; apt_install fonts-ipafont-gothic || true; fi
if ! fc-list 2>/dev/null | grep -qi 'tlwg\|noto sans thai'; then say "Fonts: installing fonts-thai-tlwg"; apt_install fonts-thai-tlwg || true; fi
say "Chromium: $(/usr/bin/chromium --version 2>/dev/null || echo missing)"

say "Build: Prisma clients and the SPA (each only if its inputs changed)"
build_start=$(now)
node node_modules/tsx/dist/cli.mjs scripts/build.ts
build_end=$(now)

say "Lint and type-check (ESLint, tsc for the services and for the SPA, side by side)"
npm run --silent lint
lint_end=$(now)

say "Tests: unit, web, integration, end-to-end (integration and end-to-end clone a template database, built once per migrations and seed)"
args=("$@")
rm -f .test-timing.json
set +e
node node_modules/vitest/vitest.mjs run --reporter=default --reporter=json --outputFile.json=.test-results.json --reporter=./scripts/lib/timing-reporter.ts ${args[@]+"${args[@]}"}
status=$?
set -e
node -e "
const r = require('./.test-results.json');
console.log('');
console.log(\`\${r.numPassedTests} passed, \${r.numFailedTests} failed\` + (r.numPendingTests ? \`, \${r.numPendingTests} skipped\` : ''));
" || true
node node_modules/tsx/dist/cli.mjs scripts/test-summary.ts "$started" "build=$build_start:$build_end" "lint + type-check=$build_end:$lint_end" || true
exit $status
