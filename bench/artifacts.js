'use strict';
// Tool response processing per tool result: a 4 KB JSON object (as an http tool returns it), a 1 MB
// CSV text and a 5 MB PNG image (as an mcp tool returns them), processed by the built processor
// into typed artifact drafts with an in-memory store. The baseline, measured in the same run on the
// same results, is serialising each result once (`JSON.stringify` and its UTF-8 length): the least
// any handling of a result does.
const path = require('node:path');
const { ROOT } = require('./servers');

/** The built processor, loaded when needed (run.js checks that dist/ exists first). */
const built = () => ({
  ...require(path.join(ROOT, 'dist/artifacts/processing/process-tool-response.js')),
  ...require(path.join(ROOT, 'dist/tools/tool-content-result.js')),
});

const SETTINGS = {
  saveThresholdBytes: 2048,
  returnMaxBytes: 4096,
  intelligentProcessing: true,
  fallbackToRawOnError: true,
};

/** The three results of the issue, built once. */
function results(ToolContentResult) {
  const rows = Array.from({ length: 110 }, (_, i) => ({
    id: i,
    name: `item ${i}`,
    price: i * 1.5,
  }));
  const csv = ['date,region,product,units,revenue'];
  for (let i = 0; csv.join('\n').length < 1024 * 1024; i++) {
    for (let j = 0; j < 1000; j++)
      csv.push(`2026-01-${(j % 28) + 1},north,widget-${i}-${j},${j},${j * 9.5}`);
  }
  const png = Buffer.alloc(5 * 1024 * 1024, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  const mcp = (content) => new ToolContentResult({ content }, null);
  return [
    { name: '4 KB JSON', result: { items: rows } },
    { name: '1 MB CSV', result: mcp([{ type: 'text', text: csv.join('\n') }]) },
    {
      name: '5 MB image',
      result: mcp([{ type: 'image', data: png.toString('base64'), mimeType: 'image/png' }]),
    },
  ];
}

const bytesOf = (result) => Buffer.byteLength(JSON.stringify(result.raw ?? result));

/** Mean time of `work` in ms, repeated for at least `seconds` (after one warm-up call). */
async function timeIt(work, seconds) {
  await work();
  let runs = 0;
  const started = performance.now();
  do {
    await work();
    runs++;
  } while (performance.now() - started < seconds * 1000);
  return (performance.now() - started) / runs;
}

/** Processing cost per result, against serialising it once. */
async function benchArtifacts({ seconds }) {
  const { processToolResponse, ToolContentResult } = built();
  const measured = [];
  for (const { name, result } of results(ToolContentResult)) {
    const bytes = bytesOf(result);
    let saved = 0;
    const context = {
      toolName: 'bench_tool',
      settings: SETTINGS,
      save: async (draft) => {
        saved += draft.bytes.length;
        return {
          id: 'bench',
          name: draft.name,
          version: 0,
          mime_type: draft.mimeType,
          size_bytes: draft.bytes.length,
        };
      },
    };
    const baselineMs = await timeIt(async () => bytesOf(result), seconds);
    const processMs = await timeIt(() => processToolResponse(result, context), seconds);
    if (saved === 0) throw new Error(`bench: ${name} saved nothing`);
    measured.push({
      name,
      bytes,
      process_ms: processMs,
      process_mb_s: bytes / 1e6 / (processMs / 1000),
      baseline_ms: baselineMs,
      ratio: processMs / baselineMs,
    });
  }
  return measured;
}

function artifactsReport(measured) {
  const time = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(1)} ms`);
  return [
    '## Tool response processing, per result',
    '',
    '| Result | Size | Processing | Throughput | Serialising once (baseline) | Ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...measured.map(
      (m) =>
        `| ${m.name} | ${(m.bytes / 1024).toFixed(0)} KiB | ${time(m.process_ms)} | ` +
        `${m.process_mb_s.toFixed(0)} MB/s | ${time(m.baseline_ms)} | ${m.ratio.toFixed(1)}× |`,
    ),
  ].join('\n');
}

/** The longest the part may take, in s: two timings per result, a quiet wait, the inputs. */
const artifactsLimitS = ({ duration, quietWait }) => 30 + quietWait + 3 * 2 * (duration + 5);

module.exports = { artifactsLimitS, benchArtifacts, artifactsReport };

if (require.main === module) {
  benchArtifacts({ seconds: Number(process.env.BENCH_DURATION || 3) }).then(
    (measured) => console.log(artifactsReport(measured)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
