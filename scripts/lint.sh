#!/usr/bin/env bash
# `npm run lint`: ESLint and both type-checks (the services' and the SPA's tsconfig), run side by
# side, each with its cache under node_modules/.cache (npm ci starts them afresh). Prints the output
# of whichever failed, and fails if any did.
set -uo pipefail
cd "$(dirname "$0")/.."
cache=node_modules/.cache/portal-lint
mkdir -p "$cache"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

node node_modules/eslint/bin/eslint.js . --max-warnings 0 --cache --cache-strategy content --cache-location "$cache/eslint" > "$out/eslint" 2>&1 & eslint=$!
node node_modules/typescript/bin/tsc -p tsconfig.json --incremental --tsBuildInfoFile "$cache/portal.tsbuildinfo" > "$out/tsc" 2>&1 & tsc=$!
node node_modules/typescript/bin/tsc -p web/tsconfig.json --incremental --tsBuildInfoFile "$cache/web.tsbuildinfo" > "$out/tsc-web" 2>&1 & web=$!
# The k6 journeys (deploy/k6): plain JavaScript, checked against @types/k6.
node node_modules/typescript/bin/tsc -p deploy/k6/tsconfig.json > "$out/tsc-k6" 2>&1 & k6=$!

status=0
for job in "eslint:$eslint" "tsc:$tsc" "tsc-web:$web" "tsc-k6:$k6"; do
  if ! wait "${job#*:}"; then
    status=1
    printf '\n%s failed:\n' "${job%%:*}"
    cat "$out/${job%%:*}"
  fi
done
exit $status
