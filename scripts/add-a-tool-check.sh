#!/usr/bin/env bash
# The extending guide's "Add a tool" walk-through (docs/extending.md), applied literally to a
# fresh clone: the files its `ts` blocks name (first line `// src/tools/builtin/...`) are written
# as shown and nothing else is edited; then the build, the given test command (default: npm run jest) and a check that the
# server serves the new tool as its own example says it answers.
#   scripts/add-a-tool-check.sh [test command...]
#   e.g. scripts/add-a-tool-check.sh npm run test:postgres
# TOOLHUB_NODE_MODULES=install makes `npm ci --prefer-offline` fill node_modules; by default they
# are hard links to this checkout's (cp -al: no copy, no download).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/toolhub-add-a-tool-XXXXXX")"
server_pid=""
cleanup() {
  # The server writes its database while it stops: its directory goes once it has exited.
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null && wait "$server_pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf '\n==> %s (%ss)\n' "$*" "$SECONDS"; }
[ $# -gt 0 ] || set -- npm run jest

step "clone $root"
git clone --quiet "$root" "$work/toolhub"
cd "$work/toolhub"

step "node_modules (${TOOLHUB_NODE_MODULES:-hard links})"
if [ "${TOOLHUB_NODE_MODULES:-}" = install ]; then
  npm ci --prefer-offline --no-audit --no-fund >/dev/null
else
  cp -al "$root/node_modules" node_modules
fi

step "apply the walk-through of docs/extending.md"
node - <<'EOF'
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const guide = require('node:fs').readFileSync('docs/extending.md', 'utf8');
const start = guide.indexOf('\n## Add a tool\n');
if (start < 0) throw new Error('docs/extending.md has no "## Add a tool" section');
const end = guide.indexOf('\n## ', start + 1);
const section = guide.slice(start, end < 0 ? undefined : end);
const files = [...section.matchAll(/^```ts\n(\/\/ (src\/tools\/builtin\/\S+)\n[\s\S]*?)^```$/gmu)];
if (!files.some(([, , path]) => path.endsWith('.module.ts'))) throw new Error('no module file in the walk-through');
for (const [, content, path] of files) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`wrote ${path}`);
}
EOF
# Nothing else is edited: the only change to the clone is the new tool's folder.
changes="$(git status --porcelain --untracked-files=all)"
echo "$changes"
if echo "$changes" | grep -qv '^?? src/tools/builtin/'; then
  echo "the walk-through changed more than a new folder under src/tools/builtin" >&2
  exit 1
fi
tool_name="$(grep -ho "name: '[A-Za-z0-9_]*'" $(echo "$changes" | awk '/\.tool\.ts$/ {print $2}') | head -1 | cut -d"'" -f2)"

step "build"
npm run build >/dev/null

step "tests: $*"
"$@"

step "the server serves $tool_name as its example says"
port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
# On the embedded database, in a home of its own, whatever database the tests above were given.
env -u DATABASE_URL -u REDIS_URL HOME="$work/home" HOST=127.0.0.1 PORT="$port" LOG_LEVEL=warn \
  node dist/main.js >"$work/server.log" 2>&1 &
server_pid=$!
TOOL="$tool_name" BASE_URL="http://127.0.0.1:$port" node - <<'EOF' ||
// (Not `URL`: a script read from stdin would shadow the global that fetch needs.)
const { TOOL, BASE_URL } = process.env;
const json = async (response) => ({ status: response.status, body: await response.json() });
(async () => {
  for (let tries = 0; !(await fetch(`${BASE_URL}/health`).then((r) => r.ok, () => false)); tries++) {
    if (tries > 1200) throw new Error('the server did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const listed = (await json(await fetch(`${BASE_URL}/api/tools`))).body.tools.map((t) => t.name);
  if (!listed.includes(TOOL)) throw new Error(`${TOOL} is not listed: ${listed}`);
  const operation = (await json(await fetch(`${BASE_URL}/docs-json`))).body.paths[`/api/tools/${TOOL}`].post;
  const input = operation.requestBody.content['application/json'].example;
  const expected = operation.responses['200'].content['application/json'].example;
  const answer = await json(
    await fetch(`${BASE_URL}/api/tools/${TOOL}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    }),
  );
  if (answer.status !== 200 || JSON.stringify(answer.body) !== JSON.stringify(expected)) {
    throw new Error(`POST /api/tools/${TOOL} ${JSON.stringify(input)}: ${answer.status} ${JSON.stringify(answer.body)}, expected ${JSON.stringify(expected)}`);
  }
  console.log(`POST /api/tools/${TOOL} ${JSON.stringify(input)} -> ${JSON.stringify(answer.body)}`);
})().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
EOF
  { echo "the server's output:" >&2; tail -20 "$work/server.log" >&2; exit 1; }

step "done: the guide's tool added, nothing else edited, tests green"
