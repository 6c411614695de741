import { Injectable, Logger } from '@nestjs/common';
import { type ValidateFunction } from 'ajv';
import { SecretBox } from '../../core/secrets/secret-box';
import { type tools } from '../../database/schema';
import { BuiltinToolRegistry } from '../../tools/builtin-tool-registry.service';
import { type CatalogTool } from '../../tools/tool-catalog.service';
import { inputCheckOf } from '../../tools/tool-input-check';
import { HttpToolRunner } from '../runners/http-tool-runner';
import { McpToolRunner } from '../runners/mcp-tool-runner';
import { mapSecretHeaders } from './secret-headers';
import { ToolParametersCompiler } from './tool-parameters';

export type ToolRow = typeof tools.$inferSelect;

/**
 * Turns a stored tool into a runnable one: builtin tools are their code provider; `http` and
 * `mcp` tools check input against their `parameters` and run on their endpoint. Compiled
 * validators are kept per tool and schema, so a tool's schema is compiled once.
 */
@Injectable()
export class RegisteredToolFactory {
  private readonly logger = new Logger(RegisteredToolFactory.name);
  private readonly compiler = new ToolParametersCompiler();
  private readonly validators = new Map<string, { schema: string; validate: ValidateFunction }>();

  constructor(
    private readonly builtins: BuiltinToolRegistry,
    private readonly http: HttpToolRunner,
    private readonly mcp: McpToolRunner,
    private readonly secrets: SecretBox,
  ) {}

  /** The runnable tool, or undefined for a tool without an implementation. */
  build(row: ToolRow): CatalogTool | undefined {
    const implementation = row.implementation;
    if (!implementation) return undefined;
    if (implementation.type === 'builtin') {
      const builtin = this.builtins.find(row.name);
      if (!builtin) this.logger.warn(`Builtin tool '${row.name}' is stored but not in the code`);
      return builtin;
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
      },
      handler: { execute: (input, { signal }) => run(input, signal) },
      check: inputCheckOf(this.validatorOf(row)),
    };
  }

  /** Forgets the validator of a tool that changed or no longer exists. */
  forget(id: string): void {
    this.validators.delete(id);
  }

  private validatorOf(row: ToolRow): ValidateFunction {
    const schema = JSON.stringify(row.parameters);
    const cached = this.validators.get(row.id);
    if (cached?.schema === schema) return cached.validate;
    const validate = this.compiler.compile(row.parameters);
    this.validators.set(row.id, { schema, validate });
    return validate;
  }
}
