// The shell blocks of README.md and of the guides in docs/ as steps to run: each step is the code
// up to an output the document shows (comment lines right under a command), with that output as a
// pattern. Used by scripts/readme-check.js.
'use strict';

const { readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const SHELLS = new Set(['bash', 'sh', 'shell']);
/** `<!-- readme-check: skip (why) -->` or `<!-- readme-check: server stopped -->` above a block. */
const MARKER = /^<!-- readme-check: (skip|server stopped)(?: \((.+)\))? -->$/u;
const COMMENT = /^\s*#(?: (.*))?$/u;

/**
 * The documents whose blocks run, in order: the README, then the guides in docs/ in the order the
 * README first links to them (the order a reader meets them; later guides may use what earlier
 * ones set), then any other guide in docs/ by name.
 */
function checkedDocuments(root) {
  const guides = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort();
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const linked = [...readme.matchAll(/\]\(docs\/([\w.-]+\.md)[)#]/gu)].map((match) => match[1]);
  const ordered = new Set([...linked.filter((name) => guides.includes(name)), ...guides]);
  return ['README.md', ...[...ordered].map((name) => `docs/${name}`)];
}

/** Every fenced shell block of a document: its file, first line number, marker and steps. */
function readmeShellBlocks(readme, file = 'README.md') {
  const blocks = [];
  for (const match of readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gmu)) {
    if (!SHELLS.has(match[1])) continue;
    const line = readme.slice(0, match.index).split('\n').length + 1;
    const above = readme.slice(0, match.index).trimEnd().split('\n').pop() ?? '';
    const marker = MARKER.exec(above.trim());
    blocks.push({
      file,
      line,
      mode: marker ? marker[1] : 'run',
      reason: marker?.[2],
      steps: stepsOf(match[2], line),
    });
  }
  return blocks;
}

/**
 * Splits a block where it shows an output: comment lines directly under a code line are what the
 * code above prints; a blank line ends them. Other comments are explanations, left in the code.
 */
function stepsOf(text, firstLine) {
  const steps = [];
  let step = { line: firstLine, code: [], output: [] };
  let afterCode = false;
  text.split('\n').forEach((line, i) => {
    const comment = COMMENT.exec(line);
    if (comment && afterCode) {
      step.output.push(comment[1] ?? '');
      return;
    }
    if (step.output.length > 0 && line.trim() !== '') {
      steps.push(step);
      step = { line: firstLine + i, code: [], output: [] };
    }
    if (step.output.length === 0) step.code.push(line);
    afterCode = line.trim() !== '' && !comment;
    if (line.trim() === '') afterCode = false;
  });
  if (step.code.some((line) => line.trim() !== '' && !COMMENT.test(line))) steps.push(step);
  return steps;
}

/**
 * What the output must end with: each line as printed, where `…` (with the characters of a word
 * or id just before it, as in `"id":"6f1c…"`) stands for any text on a line, and a line of `…`
 * alone for any number of lines.
 */
function outputPattern(lines) {
  const body = lines
    .map((line) =>
      line.trim() === '…'
        ? '(?:[^\\n]*\\n)*?'
        : `${line
            .split(/[\w-]*…/u)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'))
            .join('[^\\n]*?')}\\n`,
    )
    .join('');
  return new RegExp(`${body.replace(/\\n$/u, '')}\\s*$`, 'u');
}

/** The variables a block's code assigns (`NAME=…` at the start of a line), kept between steps. */
function assignedVariables(blocks) {
  const names = new Set();
  for (const block of blocks)
    for (const step of block.steps)
      for (const line of step.code) {
        const match = /^([A-Z][A-Z0-9_]*)=/u.exec(line);
        if (match) names.add(match[1]);
      }
  return [...names];
}

module.exports = { checkedDocuments, readmeShellBlocks, outputPattern, assignedVariables };
