import { KEYS_USAGE } from './cli/keys-usage';
import { loadDotEnv, runEntryPoint } from './startup';

const MCP_USAGE = `  toolhub mcp                         serve the tools over MCP on stdin/stdout (logs go to stderr)`;

const USAGE = `Usage:
${MCP_USAGE}
${KEYS_USAGE}
  toolhub <command> --help            this help

Configuration is by environment variables, also read from .env in the working directory
(see node dist/main.js --help and README.md).`;

const HELP = ['--help', '-h', 'help'];

// Each command loads its modules only when it runs: help answers at once.
const [command, ...args] = process.argv.slice(2);
if (command === undefined || HELP.includes(command)) {
  console.log(USAGE);
} else if (command === 'mcp' && args.some((arg) => HELP.includes(arg))) {
  console.log(`Usage:\n${MCP_USAGE}`);
} else if (command === 'mcp') {
  runEntryPoint(async () => {
    loadDotEnv();
    const { serveMcpOverStdio } = await import('./cli/mcp-command');
    await serveMcpOverStdio();
  });
} else if (command === 'keys' && args.some((arg) => HELP.includes(arg))) {
  console.log(`Usage:\n${KEYS_USAGE}`);
} else if (command === 'keys') {
  runEntryPoint(async () => {
    loadDotEnv();
    const { runKeysCommand } = await import('./cli/keys-command');
    await runKeysCommand(args);
  });
} else {
  console.error(`Unknown command ${command}\n${USAGE}`);
  process.exitCode = 2;
}
