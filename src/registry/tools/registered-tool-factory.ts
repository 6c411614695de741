import { Injectable, Logger } from '@nestjs/common';
import { type tools } from '../../database/schema';
import { type CatalogTool } from '../../tools/tool-catalog.service';
import { lazyInputCheck } from '../../tools/tool-input-check';
import { ToolKindRegistry } from '../../tools/tool-kind-registry.service';
import { ToolUnavailableError } from './registered-tool.errors';
import { refusalReasonOf } from './refusal-reason';
import { ToolParametersCompiler } from './tool-parameters';

export type ToolRow = typeof tools.$inferSelect;

/**
 * Turns a stored tool into a runnable one through its kind: a kind that supplies its own tool
 * (builtin) gives it whole; any other's handler runs with input checked against the tool's
 * stored `parameters`. A stored tool
 * that cannot be served (its builtin code is gone, its `parameters` no longer pass the checks
 * a registration passes) is logged and remembered with the reason, which its registry view
 * shows; it is never a failure of the start.
 */
@Injectable()
export class RegisteredToolFactory {
  private readonly logger = new Logger(RegisteredToolFactory.name);
  private readonly unavailable = new Map<string, string>();

  constructor(
    private readonly kinds: ToolKindRegistry,
    private readonly compiler: ToolParametersCompiler,
  ) {}

  /** The runnable tool, or undefined for a tool without an implementation or not servable. */
  build(row: ToolRow): CatalogTool | undefined {
    this.unavailable.delete(row.id);
    const implementation = row.implementation;
    if (!implementation) return undefined;
    const kind = this.kinds.kindOf(row.name, implementation.type);
    const built = kind.build({ name: row.name, implementation });
    if ('unavailable' in built) {
      this.markUnavailable(row, built.unavailable);
      return undefined;
    }
    if ('tool' in built) return { ...built.tool, id: row.id, kind: implementation.type };
    // Checked, not compiled: compiling every stored schema would make each start slow.
    const problem = this.compiler.problemOf(row.parameters, 'parameters');
    if (problem) {
      this.markUnavailable(row, `its parameters are refused: ${refusalReasonOf(problem)}`);
      return undefined;
    }
    // An imported tool carries the upstream's own output schema and annotations.
    const outputSchema = built.outputSchema ?? row.output_schema;
    return {
      definition: {
        name: row.name,
        description: row.description,
        inputSchema: row.parameters as CatalogTool['definition']['inputSchema'],
        ...(outputSchema && { outputSchema }),
        ...(row.annotations && { annotations: row.annotations }),
        errors: [...kind.errors, UNAVAILABLE_EXAMPLE],
      },
      handler: built.handler,
      check: lazyInputCheck(() => this.compile(row)),
      timeLimitMs: built.timeLimitMs,
      work: built.work,
      artifactsOf: built.artifactsOf,
      id: row.id,
      kind: implementation.type,
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

/** A tool whose stored `parameters` do not compile at its first call; for the docs. */
const UNAVAILABLE_EXAMPLE = new ToolUnavailableError(
  'price_fetcher',
  'its parameters do not compile: …',
);
