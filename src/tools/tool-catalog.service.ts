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
 * The tools served right now (REST discovery and invocation, MCP, Swagger, agent runs), by
 * their registry id and by name, listed in name order. The registry fills it with every active
 * registered tool and updates it on each change.
 */
@Injectable()
export class ToolCatalog {
  private byId = new Map<string, CatalogTool>();
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

  findById(id: string): CatalogTool | undefined {
    return this.byId.get(id);
  }

  /** Changes with every change, so derived views (the OpenAPI document) know to rebuild. */
  get version(): number {
    return this.generation;
  }

  replace(tools: Iterable<readonly [id: string, tool: CatalogTool]>): void {
    this.byId = new Map(tools);
    this.byName = new Map([...this.byId.values()].map((tool) => [tool.definition.name, tool]));
    this.changed();
  }

  /** Serves the tool under its id, replacing what the id served before (perhaps another name). */
  set(id: string, tool: CatalogTool): void {
    this.removeQuietly(id);
    this.byId.set(id, tool);
    this.byName.set(tool.definition.name, tool);
    this.changed();
  }

  remove(id: string): void {
    if (this.removeQuietly(id)) this.changed();
  }

  private removeQuietly(id: string): boolean {
    const served = this.byId.get(id);
    if (!served) return false;
    this.byId.delete(id);
    this.byName.delete(served.definition.name);
    return true;
  }

  private changed(): void {
    this.sorted = undefined;
    this.generation++;
  }
}
