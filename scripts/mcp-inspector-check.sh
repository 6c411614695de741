#!/usr/bin/env bash
# MCP Inspector's CLI (a client nobody here wrote) against the built server: tools/list and
# tools/call over Streamable HTTP, and over stdio through `dist/cli.js mcp`.
# Inspector 1.x declares Node >= 22 but its CLI runs on Node 20; it is installed outside the
# project's lockfile because its newer majors need Node 22.
set -euo pipefail
cd "$(dirname "$0")/.."

INSPECTOR_VERSION=1.0.3
EXPECTED_URL='https://www.plantuml.com/plantuml/svg/SoWkIImgAStDuNBAJrBGjLDmpCbCJbMmKiX8pSd9vt98pKi1IW80'
DIAGRAM=$'@startuml\nBob -> Alice : hello\n@enduml'
PORT=${MCP_CHECK_PORT:-3193}

work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

npm install --prefix "$work" --no-audit --no-fund --loglevel=error \
  "@modelcontextprotocol/inspector@$INSPECTOR_VERSION" >/dev/null 2>&1
inspector() { "$work/node_modules/.bin/mcp-inspector" --cli "$@" 2>/dev/null; }

expect() { # expect NAME HAYSTACK NEEDLE
  if [[ "$2" != *"$3"* ]]; then
    echo "mcp-inspector-check: FAILED $1: expected output to contain: $3" >&2
    echo "$2" >&2
    exit 1
  fi
  echo "mcp-inspector-check: ok   $1"
}

PORT=$PORT HOST=127.0.0.1 LOG_LEVEL=warn node dist/main.js >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break
  sleep 0.1
done

url="http://127.0.0.1:$PORT/mcp"
expect "http tools/list" "$(inspector "$url" --transport http --method tools/list)" '"name": "encodePlantUML"'
expect "http tools/call" "$(inspector "$url" --transport http --method tools/call \
  --tool-name encodePlantUML --tool-arg "plantumlCode=$DIAGRAM")" "$EXPECTED_URL"
expect "http tools/call error" "$(inspector "$url" --transport http --method tools/call \
  --tool-name encodePlantUML --tool-arg 'plantumlCode= ')" 'EMPTY_CODE'
expect "stdio tools/list" "$(inspector node dist/cli.js mcp --method tools/list)" '"name": "encodePlantUML"'
expect "stdio tools/call" "$(inspector node dist/cli.js mcp --method tools/call \
  --tool-name encodePlantUML --tool-arg "plantumlCode=$DIAGRAM")" "$EXPECTED_URL"
echo "mcp-inspector-check passed"
