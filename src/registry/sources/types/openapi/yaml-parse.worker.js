'use strict';
// Parses one YAML document on a thread of its own: the `yaml` package reads about half a
// megabyte a second, so a large document parsed on the thread serving HTTP would hold every
// other request for seconds. Answers the document as JSON text (what a source stores), or the
// parser's message, which names the line and column of what is wrong.
const { parentPort, workerData } = require('node:worker_threads');
const YAML = require('yaml');

try {
  // Duplicate keys are not looked for: that check compares every key of a map with every other,
  // and a map of many thousand paths would keep the thread busy for minutes. As in JSON, the
  // last of two equal keys wins.
  const value = YAML.parse(workerData.text, { uniqueKeys: false });
  parentPort.postMessage({ json: JSON.stringify(value ?? null) });
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
