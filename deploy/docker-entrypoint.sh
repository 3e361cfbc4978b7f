#!/bin/sh
# Entry of the portal image (deploy/Dockerfile): the first argument picks the component.
#   gateway | identity | licence | billing | notification | usage-log | migrate | bootstrap-operator
# Node runs the TypeScript entry directly with tsx's loader (no extra tsx parent process), so
# SIGTERM reaches the process that drains NATS and finishes in-flight requests.
set -eu
cd /app
component="${1:-gateway}"
[ "$#" -gt 0 ] && shift
case "$component" in
  gateway)
    exec node --enable-source-maps --import tsx scripts/run-gateway.ts "$@" ;;
  identity|licence|billing|notification|usage-log)
    exec node --enable-source-maps --import tsx scripts/run-service.ts "$component" "$@" ;;
  migrate)
    exec node --enable-source-maps --import tsx scripts/migrate.ts "$@" ;;
  bootstrap-operator)
    exec node --enable-source-maps --import tsx scripts/bootstrap-operator.ts "$@" ;;
  *)
    echo "usage: <gateway|identity|licence|billing|notification|usage-log|migrate|bootstrap-operator>" >&2
    exit 64 ;;
esac
