#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster
# (tests/helpers/pg-cluster.sh), stopped and removed when the command ends, whatever happens.
#   tests/helpers/with-pg.sh npx vitest run tests/api tests/db tests/reliability
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
started=$("$here/pg-cluster.sh" start ${PG_TEST_PORT:-})
dir=$(sed -n 1p <<<"$started")
trap '"$here/pg-cluster.sh" stop "$dir"' EXIT
export TEST_DATABASE_URL=$(sed -n 2p <<<"$started")
echo "PostgreSQL test cluster on ${TEST_DATABASE_URL#*@} ($dir)"
"$@"
