import { AppModule } from './app.module';
import { describeVariables, variableClassesOf } from './core/config';
import { CONSOLE_PATH } from './console-site';
import { DOCS_PATH } from './openapi';

/**
 * What `node dist/main.js --help` prints. It is kept in server-usage.generated.ts (`npm run
 * docs:config` writes it, src/configuration-docs.spec.ts fails when it differs), because the
 * classes of variables it lists load the server's libraries: help is printed without them.
 */
export function serverUsage(): string {
  return `Usage: node dist/main.js [--help]        (or: npm start)

Starts the toolhub server: tools at /api/tools, the registry at /api/v1, MCP at /mcp,
API docs at /${DOCS_PATH}, the console at ${CONSOLE_PATH}, liveness at /health and readiness at
/health/ready.

It is configured by environment variables, also read from a .env file in the working
directory (variables set in the environment win). Every variable, with its default:

${describeVariables(variableClassesOf(AppModule.features()))}

docs/operations.md ("Configuration") says what each one does; .env.example lists them commented.`;
}
