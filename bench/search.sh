#!/usr/bin/env bash
# Search benchmark: 1,000,000 profiles in a throwaway PostgreSQL on loopback; prints p50/p95 and query plans.
# Usage: bash bench/search.sh [profiles]   (as root, with PostgreSQL 15 from Debian packages installed)
set -euo pipefail
cd "$(dirname "$0")/.."
pg_bin=/usr/lib/postgresql/15/bin
root=$(mktemp -d /tmp/bench-pg-XXXXXX)
port=55499
install -d -o postgres -g postgres "$root"
runuser -u postgres -- "$pg_bin/initdb" -D "$root/data" -U postgres --auth=trust >/dev/null
runuser -u postgres -- "$pg_bin/pg_ctl" -D "$root/data" -l "$root/log" \
  -o "-p $port -k $root -c listen_addresses=127.0.0.1 -c shared_buffers=512MB -c fsync=off" -w start >/dev/null
trap 'runuser -u postgres -- "$pg_bin/pg_ctl" -D "$root/data" -m fast stop >/dev/null; rm -rf "$root"' EXIT
BENCH_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" ./node_modules/.bin/node bench/search.ts "${1:-1000000}"
