import { AUDIT_USAGE } from './cli/audit-usage';
import { KEYS_USAGE } from './cli/keys-usage';
import { OAUTH_USAGE } from './cli/oauth-usage';
import { loadDotEnv, runEntryPoint } from './startup';

const MCP_USAGE = `  toolhub mcp                         serve the tools over MCP on stdin/stdout (logs go to stderr)`;

const USAGE = `Usage:
${MCP_USAGE}
${KEYS_USAGE}
${AUDIT_USAGE}
${OAUTH_USAGE}
  toolhub <command> --help            this help

Configuration is by environment variables, also read from .env in the working directory
(see node dist/main.js --help and docs/operations.md).`;

const HELP = ['--help', '-h', 'help'];

interface Command {
  usage: string;
  run(args: string[]): Promise<void>;
}

/** Each command's usage, and its code, loaded only when it runs: help answers at once. */
const COMMANDS = new Map<string, Command>([
  [
    'mcp',
    {
      usage: MCP_USAGE,
      run: async () => {
        // Before the server's modules load, as for the HTTP server; never onto stdout.
        const { startTelemetry } = await import('./core/telemetry/start-telemetry');
        await startTelemetry(process.env, { stdoutCarriesProtocol: true });
        return (await import('./cli/mcp-command')).serveMcpOverStdio();
      },
    },
  ],
  [
    'keys',
    {
      usage: KEYS_USAGE,
      run: async (args) => (await import('./cli/keys-command')).runKeysCommand(args),
    },
  ],
  [
    'audit',
    {
      usage: AUDIT_USAGE,
      run: async (args) => (await import('./cli/audit-command')).runAuditCommand(args),
    },
  ],
  [
    'oauth',
    {
      usage: OAUTH_USAGE,
      run: async (args) => (await import('./cli/oauth-command')).runOAuthCommand(args),
    },
  ],
]);

const [command, ...args] = process.argv.slice(2);
const chosen = command === undefined ? undefined : COMMANDS.get(command);
if (command === undefined || HELP.includes(command)) {
  console.log(USAGE);
} else if (!chosen) {
  console.error(`Unknown command ${command}\n${USAGE}`);
  process.exitCode = 2;
} else if (args.some((arg) => HELP.includes(arg))) {
  console.log(`Usage:\n${chosen.usage}`);
} else {
  runEntryPoint(async () => {
    loadDotEnv();
    await chosen.run(args);
  });
}
