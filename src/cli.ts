#!/usr/bin/env node
import { KEYS_USAGE, runKeysCommand } from './cli/keys-command';
import { serveMcpOverStdio } from './cli/mcp-command';
import { runEntryPoint } from './startup';

const USAGE = `Usage:
  toolhub mcp                         serve the tools over MCP on stdin/stdout (logs go to stderr)
${KEYS_USAGE}`;

const [command, ...args] = process.argv.slice(2);
if (command === 'mcp') {
  runEntryPoint(serveMcpOverStdio);
} else if (command === 'keys') {
  runEntryPoint(() => runKeysCommand(args));
} else {
  console.error(USAGE);
  process.exitCode = command === undefined || command === '--help' ? 0 : 2;
}
