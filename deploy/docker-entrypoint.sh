#!/bin/sh
# Entry of the portal image (deploy/Dockerfile): the first argument picks the component.
#   gateway | identity | licence | billing | notification | usage-log | migrate | bootstrap-operator
# Node runs the JavaScript compiled at build time (scripts/compile.ts) directly, so SIGTERM reaches
# the process that drains NATS and finishes in-flight requests.
set -eu
cd /app
component="${1:-gateway}"
[ "$#" -gt 0 ] && shift
case "$component" in
  gateway)
    exec node --enable-source-maps scripts/run-gateway.js "$@" ;;
  identity|licence|billing|notification|usage-log)
    exec node --enable-source-maps scripts/run-service.js "$component" "$@" ;;
  migrate)
    exec node --enable-source-maps scripts/migrate.js "$@" ;;
  bootstrap-operator)
    exec node --enable-source-maps scripts/bootstrap-operator.js "$@" ;;
  *)
    echo "usage: <gateway|identity|licence|billing|notification|usage-log|migrate|bootstrap-operator>" >&2
    exit 64 ;;
esac
