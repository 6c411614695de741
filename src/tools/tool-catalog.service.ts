import { Injectable } from '@nestjs/common';
import { type InputIssue, type ToolDefinition, type ToolHandler } from './tool.contract';
import { type ToolScope } from './tool-scope';
import { type ArtifactsOfAnswer, type ToolWork } from './tool-task.contract';

/** A tool agents can call: what it declares, what runs it, and its input check. */
export interface CatalogTool {
  definition: ToolDefinition;
  handler: ToolHandler;
  /** Returns the schema violations of an input, or an empty list. */
  check(input: unknown): InputIssue[];
  /**
   * It reads the run session's artifacts: what it returns is an artifact already (saved, and
   * within the model's limit), so it is not saved again, and the model is offered it only once
   * the session has some.
   */
  readsArtifacts?: boolean;
  /** Its own time limit, in place of `TOOL_TIMEOUT_SECONDS` (a call that runs an agent). */
  timeLimitMs?: number;
  /** Its calls can start their work and answer before it ends (as an MCP task). */
  work?: ToolWork;
  /** The artifacts its answers say it saved; absent for tools whose answers name none. */
  artifactsOf?: ArtifactsOfAnswer;
  /** Its registry id; absent for run-only tools. */
  id?: string;
  /** The `implementation.type` it was built from, for telemetry; absent for run-only tools. */
  kind?: string;
}

/** A served tool under its registry id; a public one is served to callers without a key too. */
export type CatalogEntry = readonly [id: string, tool: CatalogTool, isPublic: boolean];

/**
 * The tools served right now (REST discovery and invocation, MCP, Swagger, agent runs), by
 * their registry id and by name, listed in name order, each in the scopes it belongs to. The
 * registry fills it with every active registered tool and updates it on each change; run-only
 * tools are added by their feature at start, are never stored, and only the `'run'` scope holds
 * them.
 */
@Injectable()
export class ToolCatalog {
  private byId = new Map<string, CatalogTool>();
  private byName = new Map<string, CatalogTool>();
  private publicNames = new Set<string>();
  private readonly runOnly = new Map<string, CatalogTool>();
  private sorted: Partial<Record<ToolScope, CatalogTool[]>> = {};
  private generation = 0;

  list(scope: ToolScope): readonly CatalogTool[] {
    this.sorted[scope] ??= [...(scope === 'run' ? this.runOnly : this.byName).values()]
      .filter((tool) => scope === 'run' || this.inScope(tool.definition.name, scope))
      .sort((a, b) => a.definition.name.localeCompare(b.definition.name));
    return this.sorted[scope];
  }

  find(name: string, scope: ToolScope): CatalogTool | undefined {
    if (scope === 'run') return this.runOnly.get(name);
    return this.inScope(name, scope) ? this.byName.get(name) : undefined;
  }

  /** For agent runs, which reach their agent's tools whatever their scope. */
  findById(id: string): CatalogTool | undefined {
    return this.byId.get(id);
  }

  /** Changes with every change, so derived views (the OpenAPI document) know to rebuild. */
  get version(): number {
    return this.generation;
  }

  /** Serves a run-only tool: to agent runs, under its name, beside (not instead of) their own. */
  serveToRuns(tool: CatalogTool): void {
    this.runOnly.set(tool.definition.name, tool);
    this.sorted.run = undefined;
  }

  replace(entries: Iterable<CatalogEntry>): void {
    this.byId = new Map();
    this.byName = new Map();
    this.publicNames = new Set();
    for (const [id, tool, isPublic] of entries) this.add(id, tool, isPublic);
    this.changed();
  }

  /** Serves the tool under its id, replacing what the id served before (perhaps another name). */
  set(...[id, tool, isPublic]: CatalogEntry): void {
    this.removeQuietly(id);
    this.add(id, tool, isPublic);
    this.changed();
  }

  remove(id: string): void {
    if (this.removeQuietly(id)) this.changed();
  }

  private inScope(name: string, scope: ToolScope): boolean {
    return scope === 'all' || this.publicNames.has(name);
  }

  private add(id: string, tool: CatalogTool, isPublic: boolean): void {
    const name = tool.definition.name;
    this.byId.set(id, tool);
    this.byName.set(name, tool);
    if (isPublic) this.publicNames.add(name);
  }

  private removeQuietly(id: string): boolean {
    const served = this.byId.get(id);
    if (!served) return false;
    this.byId.delete(id);
    this.byName.delete(served.definition.name);
    this.publicNames.delete(served.definition.name);
    return true;
  }

  private changed(): void {
    this.sorted = {};
    this.generation++;
  }
}
