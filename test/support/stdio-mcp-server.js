/**
 * An MCP server over stdio (official server SDK) for `mcp_stdio` sources, run by the source as
 * `node stdio-mcp-server.js [mode]`. Its tools: `echo`; `environment`, which answers the names
 * of the variables it was given, a SHA-256 of `STDIO_TOKEN` (so a test sees the secret arrive
 * without any answer holding it), its working directory and pid; and `grow`, which adds a tool
 * `grown_<n>` and tells the client that its tools changed. The mode `exit` exits at once, before
 * any answer; `flood` writes megabytes to stderr (many lines and one without an end) and exits.
 * Serving, it writes its pid to the file `pid` of its working directory, where a test sees it
 * restarted without asking it anything.
 */
const { createHash } = require('node:crypto');
const { writeFileSync } = require('node:fs');
const { Server } = require('@modelcontextprotocol/server');
const { StdioServerTransport } = require('@modelcontextprotocol/server/stdio');

const mode = process.argv[2];
if (mode === 'exit') process.exit(3);
if (mode === 'flood') {
  const line = `${'noise '.repeat(40)}\n`;
  process.stderr.write(line.repeat(20_000));
  process.stderr.write('x'.repeat(1_000_000), () => process.exit(1));
} else {
  serve();
}

function serve() {
  writeFileSync('pid', String(process.pid));
  const grown = [];
  const text = (value) => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });
  const tool = (name, description) => ({
    name,
    description,
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    annotations: { readOnlyHint: true },
  });
  const server = new Server(
    { name: 'stdio-upstream', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler('tools/list', () => ({
    tools: [
      tool('echo', 'Echoes its text'),
      tool('environment', 'What the process was given'),
      tool('grow', 'Adds a tool and says so'),
      ...grown.map((name) => tool(name, `Grown tool ${name}`)),
    ],
  }));
  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args = {} } = request.params;
    if (name === 'environment') {
      const token = process.env.STDIO_TOKEN ?? '';
      return text({
        names: Object.keys(process.env).sort(),
        token_sha256: createHash('sha256').update(token).digest('hex'),
        cwd: process.cwd(),
        pid: process.pid,
      });
    }
    if (name === 'grow') {
      grown.push(`grown_${grown.length + 1}`);
      await server.sendToolListChanged();
      return text({ grown });
    }
    return text({ echoed: args.text, pid: process.pid });
  });
  void server.connect(new StdioServerTransport());
}
