import { Injectable, Logger } from '@nestjs/common';
import { SecretBox } from '../../core/secrets/secret-box';
import { type tools } from '../../database/schema';
import { BuiltinToolRegistry } from '../../tools/builtin-tool-registry.service';
import { type CatalogTool } from '../../tools/tool-catalog.service';
import { lazyInputCheck } from '../../tools/tool-input-check';
import { HttpToolRunner } from '../runners/http-tool-runner';
import { McpToolRunner } from '../runners/mcp-tool-runner';
import { type DomainError } from '../../core/errors';
import { ValidationFailedError } from '../common/registry.errors';
import { ToolUnavailableError, ToolUrlForbiddenError } from './registered-tool.errors';
import { ToolResponseTooLargeError } from '../runners/runner.errors';
import { ENDPOINT_FAILED_EXAMPLE } from '../../tools/tool-transport-errors';
import { mapSecretHeaders } from './secret-headers';
import { ToolParametersCompiler } from './tool-parameters';

export type ToolRow = typeof tools.$inferSelect;

/**
 * Turns a stored tool into a runnable one: builtin tools are their code provider; `http` and
 * `mcp` tools check input against their `parameters` and run on their endpoint. A stored tool
 * that cannot be served (its builtin code is gone, its `parameters` no longer pass the checks
 * a registration passes) is logged and remembered with the reason, which its registry view
 * shows; it is never a failure of the start.
 */
@Injectable()
export class RegisteredToolFactory {
  private readonly logger = new Logger(RegisteredToolFactory.name);
  private readonly unavailable = new Map<string, string>();

  constructor(
    private readonly builtins: BuiltinToolRegistry,
    private readonly http: HttpToolRunner,
    private readonly mcp: McpToolRunner,
    private readonly secrets: SecretBox,
    private readonly compiler: ToolParametersCompiler,
  ) {}

  /** The runnable tool, or undefined for a tool without an implementation or not servable. */
  build(row: ToolRow): CatalogTool | undefined {
    this.unavailable.delete(row.id);
    const implementation = row.implementation;
    if (!implementation) return undefined;
    if (implementation.type === 'builtin') {
      const builtin = this.builtins.find(row.name);
      if (!builtin) this.markUnavailable(row, 'it is a builtin tool that is not in the code');
      return builtin;
    }
    // Checked, not compiled: compiling every stored schema would make each start slow.
    const problem = this.compiler.problemOf(row.parameters);
    if (problem) {
      this.markUnavailable(row, `its parameters are refused: ${reasonOf(problem)}`);
      return undefined;
    }
    // Stored encrypted; the endpoint is given the values it sends.
    const endpoint = {
      ...implementation,
      secret_headers: mapSecretHeaders(implementation.secret_headers, (value) =>
        this.secrets.open(value),
      ),
    };
    const run =
      endpoint.type === 'http'
        ? (input: Record<string, unknown>, signal: AbortSignal) =>
            this.http.run(endpoint, input, signal)
        : (input: Record<string, unknown>, signal: AbortSignal) =>
            this.mcp.run(endpoint, input, signal);
    return {
      definition: {
        name: row.name,
        description: row.description,
        inputSchema: row.parameters as CatalogTool['definition']['inputSchema'],
        errors: ENDPOINT_ERRORS,
      },
      handler: { execute: (input, { signal }) => run(input, signal) },
      check: lazyInputCheck(() => this.compile(row)),
    };
  }

  /** Why an active stored tool is not served, or undefined if nothing keeps it from it. */
  unavailableReason(id: string): string | undefined {
    return this.unavailable.get(id);
  }

  /** Forgets what was found about a tool that changed or no longer exists. */
  forget(id: string): void {
    this.unavailable.delete(id);
  }

  forgetAll(): void {
    this.unavailable.clear();
  }

  private compile(row: ToolRow) {
    try {
      return this.compiler.compile(row.parameters);
    } catch (error) {
      const reason = `its parameters do not compile: ${error instanceof Error ? error.message : String(error)}`;
      this.markUnavailable(row, reason);
      throw new ToolUnavailableError(row.name, reason);
    }
  }

  private markUnavailable(row: ToolRow, reason: string): void {
    this.logger.warn({ tool: row.name, id: row.id, reason }, `Tool '${row.name}' is not served`);
    this.unavailable.set(row.id, reason);
  }
}

/** What a call of an `http` or `mcp` tool can fail with beside any tool's errors; for the docs. */
const ENDPOINT_ERRORS = [
  ENDPOINT_FAILED_EXAMPLE,
  new ToolUrlForbiddenError('prices.internal', 'private'),
  new ToolResponseTooLargeError(10 * 1024 * 1024),
  new ToolUnavailableError('price_fetcher', 'its parameters do not compile: …'),
];

/** A refusal as one line: a validation failure's own messages rather than its summary. */
function reasonOf(problem: DomainError): string {
  return problem instanceof ValidationFailedError
    ? problem.issues.flatMap((issue) => issue.messages).join('; ')
    : problem.message;
}
