#!/bin/sh
# Removes from a production node_modules (npm ci --omit=dev) what the compiled processes never load
# (issue 24, item 8: gateway and service image under 250 MB). npm installs @prisma/client's peer
# dependency `prisma` (the CLI: Prisma Studio, a local Prisma Postgres, TypeScript, React) even with
# --omit=dev; the processes use the generated client with the pg driver adapter only, and apply
# migrations with pg (services/common/src/db/migrate.ts). The client's query compilers for other
# databases and every source map go too. deploy/images.spec.ts checks that the Dockerfile runs it;
# the compiled entry points were started by hand on a pruned install (docs/decisions.md, issue 24
# items 5, 8, 9, 10): no test builds an image here (Docker does not run on this machine).
#   sh deploy/prune-runtime.sh /app/node_modules
set -eu
nm="${1:?usage: prune-runtime.sh <node_modules>}"
cd "$nm"
rm -rf prisma @prisma/studio-core @prisma/dev @prisma/streams-local @prisma/fetch-engine @prisma/engines @prisma/get-platform \
  @prisma/config @prisma/query-plan-executor effect @electric-sql typescript react react-dom @radix-ui @visx elkjs valibot remeda \
  .bin .cache
for db in cockroachdb mysql sqlite sqlserver; do rm -f @prisma/client/runtime/*."$db".*; done
find . -name '*.map' -type f -delete
find . -name '*.d.ts' -type f -delete
find . -name '*.d.mts' -type f -delete
find . -name '*.d.cts' -type f -delete
# Invoice PDFs embed the regular weight only (services/billing/src/invoices/invoice-pdf.ts).
for family in @expo-google-fonts/*/; do
  find "$family" -mindepth 1 -maxdepth 1 -type d ! -name 400Regular -exec rm -rf {} +
done
