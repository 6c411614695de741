import { Injectable } from '@nestjs/common';
import { type InputIssue, type ToolDefinition, type ToolHandler } from './tool.contract';

/** A tool agents can call: what it declares, what runs it, and its input check. */
export interface CatalogTool {
  definition: ToolDefinition;
  handler: ToolHandler;
  /** Returns the schema violations of an input, or an empty list. */
  check(input: unknown): InputIssue[];
}

/**
 * The tools served to agents right now (REST discovery and invocation, MCP, Swagger), in name
 * order. The registry fills it with every active registered tool and updates it on each change.
 */
@Injectable()
export class ToolCatalog {
  private byName = new Map<string, CatalogTool>();
  private sorted: CatalogTool[] | undefined = [];
  private generation = 0;

  list(): readonly CatalogTool[] {
    this.sorted ??= [...this.byName.values()].sort((a, b) =>
      a.definition.name.localeCompare(b.definition.name),
    );
    return this.sorted;
  }

  find(name: string): CatalogTool | undefined {
    return this.byName.get(name);
  }

  /** Changes with every `replace`, so derived views (the OpenAPI document) know to rebuild. */
  get version(): number {
    return this.generation;
  }

  replace(tools: readonly CatalogTool[]): void {
    this.byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
    this.changed();
  }

  set(tool: CatalogTool): void {
    this.byName.set(tool.definition.name, tool);
    this.changed();
  }

  remove(name: string): void {
    if (this.byName.delete(name)) this.changed();
  }

  private changed(): void {
    this.sorted = undefined;
    this.generation++;
  }
}
