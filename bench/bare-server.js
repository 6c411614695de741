'use strict';
// The baseline: node:http doing only the essential work of toolhub's two hot endpoints (read
// the body, JSON.parse, encode, JSON reply; a fixed tool list). Run as a child by run.js:
//   PORT=4000 BENCH_TOOLS_BODY_FILE=.bench/tools-body.json node bench/bare-server.js
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const DIST = path.resolve(__dirname, '..', 'dist', 'tools');
const ENCODER_PATHS = [
  path.join(DIST, 'builtin', 'plantuml', 'plantuml-text-encoding.js'),
  path.join(DIST, 'plantuml', 'plantuml-text-encoding.js'),
];

/** The compiled `encodePlantUmlText` module: the builtin path first, then the old one. */
function encoderPath() {
  const found = ENCODER_PATHS.find((p) => fs.existsSync(p));
  if (!found) {
    throw new Error(
      `encodePlantUmlText not found; run \`npm run build\` first. Looked for:\n  ${ENCODER_PATHS.join('\n  ')}`,
    );
  }
  return found;
}

function main() {
  const { encodePlantUmlText } = require(encoderPath());
  const bodyFile = process.env.BENCH_TOOLS_BODY_FILE;
  if (!bodyFile) throw new Error('BENCH_TOOLS_BODY_FILE (the GET /api/tools body) is required');
  const toolsBody = fs.readFileSync(bodyFile);
  const svgBase = 'https://www.plantuml.com/plantuml/svg/';

  const send = (res, status, body) => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  };
  const badRequest = '{"success":false,"error":{"code":"BAD_REQUEST"}}';

  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/api/tools/encodePlantUML') {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        let code;
        try {
          code = JSON.parse(Buffer.concat(chunks).toString('utf8')).plantumlCode;
        } catch {
          return send(res, 400, badRequest);
        }
        if (typeof code !== 'string') return send(res, 400, badRequest);
        const encoded = encodePlantUmlText(code);
        const result = { url: svgBase + encoded, encoded, format: 'svg' };
        send(res, 200, JSON.stringify({ success: true, result }));
      });
    } else if (req.method === 'GET' && req.url === '/api/tools') {
      send(res, 200, toolsBody);
    } else if (req.method === 'GET' && req.url === '/health') {
      send(res, 200, '{"status":"ok"}');
    } else {
      send(res, 404, '{"success":false}');
    }
  });
  server.listen(Number(process.env.PORT ?? 4000), process.env.HOST ?? '127.0.0.1');
}

if (require.main === module) main();

module.exports = { encoderPath };
