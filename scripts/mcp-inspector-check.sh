#!/usr/bin/env bash
# MCP Inspector's CLI (a client nobody here wrote) against the built server: tools/list and
# tools/call over Streamable HTTP, and over stdio through `dist/cli.js mcp`.
# Inspector 1.x declares Node >= 22 but its CLI runs on Node 20; it is installed outside the
# project's lockfile because its newer majors need Node 22.
# Each server this starts (the HTTP one, and every `cli.js mcp` the Inspector spawns) gets its
# own fresh temporary DATA_DIR, removed at the end: ./data is never touched and no server meets
# another's lock on its embedded database. With DATABASE_URL set, they all share that database.
set -euo pipefail
cd "$(dirname "$0")/.."

INSPECTOR_VERSION=1.0.3
EXPECTED_URL='https://www.plantuml.com/plantuml/svg/SoWkIImgAStDuNBAJrBGjLDmpCbCJbMmKiX8pSd9vt98pKi1IW80'
DIAGRAM=$'@startuml\nBob -> Alice : hello\n@enduml'
PORT=${MCP_CHECK_PORT:-3193}

work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    # The server closes its database on SIGTERM; remove the directory only once it has exited.
    wait "$server_pid" 2>/dev/null || true
  fi
  # A stdio server the Inspector left may still be closing its database: retry once.
  rm -rf "$work" 2>/dev/null || { sleep 1 && rm -rf "$work"; } || true
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Sets db_env, an `env` argument naming one server's database: a fresh DATA_DIR, or the
# caller's DATABASE_URL (a shared PostgreSQL database needs no isolation).
db_env=
fresh_database() {
  if [ -n "${DATABASE_URL:-}" ]; then
    db_env="DATABASE_URL=$DATABASE_URL"
  else
    db_env="DATA_DIR=$(mktemp -d "$work/data.XXXXXX")"
  fi
}

expect() { # expect NAME HAYSTACK NEEDLE
  if [[ "$2" != *"$3"* ]]; then
    echo "mcp-inspector-check: FAILED $1: expected output to contain: $3" >&2
    echo "$2" >&2
    if [ -s "$work/inspector.log" ]; then
      echo "mcp-inspector-check: the Inspector's stderr (last lines):" >&2
      tail -n 30 "$work/inspector.log" >&2
    fi
    exit 1
  fi
  echo "mcp-inspector-check: ok   $1"
}

# The server starts (and creates its database) while the Inspector installs. `env` execs node,
# so $! is the server's own pid.
fresh_database
env "$db_env" PORT="$PORT" HOST=127.0.0.1 LOG_LEVEL=warn \
  node dist/main.js >"$work/server.log" 2>&1 &
server_pid=$!

npm install --prefix "$work" --no-audit --no-fund --loglevel=error \
  "@modelcontextprotocol/inspector@$INSPECTOR_VERSION" >/dev/null 2>&1
inspector() { "$work/node_modules/.bin/mcp-inspector" --cli "$@" 2>>"$work/inspector.log"; }
# A stdio server per call, spawned by the Inspector with its environment (so: its own DATA_DIR).
inspector_stdio() {
  fresh_database
  inspector env "$db_env" node dist/cli.js mcp "$@"
}

healthy=
for _ in $(seq 1 300); do
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  if curl -sf "http://127.0.0.1:$PORT/health" >/dev/null; then
    healthy=1
    break
  fi
  sleep 0.1
done
if [ -z "$healthy" ]; then
  echo "mcp-inspector-check: FAILED the server on port $PORT did not become healthy" >&2
  cat "$work/server.log" >&2
  exit 1
fi
echo "mcp-inspector-check: ok   server healthy on port $PORT"

url="http://127.0.0.1:$PORT/mcp"
expect "http tools/list" "$(inspector "$url" --transport http --method tools/list)" '"name": "encodePlantUML"'
expect "http tools/call" "$(inspector "$url" --transport http --method tools/call \
  --tool-name encodePlantUML --tool-arg "plantumlCode=$DIAGRAM")" "$EXPECTED_URL"
expect "http tools/call error" "$(inspector "$url" --transport http --method tools/call \
  --tool-name encodePlantUML --tool-arg 'plantumlCode= ')" 'EMPTY_CODE'
expect "stdio tools/list" "$(inspector_stdio --method tools/list)" '"name": "encodePlantUML"'
expect "stdio tools/call" "$(inspector_stdio --method tools/call \
  --tool-name encodePlantUML --tool-arg "plantumlCode=$DIAGRAM")" "$EXPECTED_URL"
echo "mcp-inspector-check passed"
