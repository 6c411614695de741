import { Injectable, Logger } from '@nestjs/common';
import {
  type CallToolRequest,
  type CallToolResult,
  type ListToolsResult,
  type Server,
  type ServerContext,
  type Transport,
} from '@modelcontextprotocol/server';
import { type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { onFirstUse } from '../core/on-first-use';
import { DomainError } from '../core/errors';
import { PACKAGE_VERSION } from '../core/package-version';
import { ToolNotFoundError } from '../tools/tool.errors';
import { ToolInvoker } from '../tools/tool-invoker.service';
import { type CatalogTool, ToolCatalog } from '../tools/tool-catalog.service';
import { ANONYMOUS_USER } from '../api-keys/principal';
import { type ToolAccess } from '../tools/tool-scope';
import { type ApprovalAsker } from '../tools/tool.contract';
import { type ApprovalAskers } from './sessions/approval-requests';
import { ARTIFACT_RESOURCE_CACHE_HINTS, ArtifactResources } from './artifact-resources';
import { McpProgress } from './mcp-progress';
import { mcpAjvValidators, mcpServerSdk, mcpStdioSdk, taskRequests } from './loaded-on-first-use';
import { inMcpServerSpan } from './mcp-server-span';
import { toMcpTool, toolFailure, toolSuccess } from './mcp-tool-results';
import { budgetRefusal } from './budget-refusal';
import { BudgetExceededError } from '../budgets/budget.errors';
import { decodeCursor, encodeCursor } from './page-cursor';
import { ParamsCheckingTransport } from './params-checking.transport';
import { protocolError } from './protocol-errors';
import { McpTasks } from './tasks/mcp-tasks.service';
import { legacyTaskCreated } from './tasks/legacy-task-wire';
import { modernTaskCreated } from './tasks/modern-task-wire';
import { serveTasks } from './tasks/task-handlers';
import { callInInputRounds } from './tasks/input-rounds';

/** Tools per `tools/list` page; longer lists continue with `nextCursor`. */
export const TOOLS_PAGE_SIZE = 100;

const SERVER_INFO = { name: 'toolhub', version: PACKAGE_VERSION };

/**
 * How long a 2026-07-28 client may reuse a `tools/list` answer. A stateless server cannot tell a
 * client that the catalog changed, so this bounds how long a client may miss a tool added,
 * changed or removed. Private: the list depends on the caller's key.
 */
export const TOOLS_LIST_CACHE = { ttlMs: 60_000, cacheScope: 'private' } as const;

/**
 * Builds MCP servers over the tool catalog: `tools/list` and `tools/call` run through the same
 * catalog and `ToolInvoker` as the REST endpoints, within the client's scope. One server per
 * HTTP request (stateless transport: any instance can answer any request), one for the stdio
 * CLI.
 */
@Injectable()
export class McpServerFactory {
  private readonly logger = new Logger('MCP');
  // A server builds its own Ajv instance unless given one: most of a stateless request's cost.
  private readonly schemaValidator = onFirstUse(
    () => new (mcpAjvValidators().AjvJsonSchemaValidator)(),
  );

  constructor(
    private readonly catalog: ToolCatalog,
    private readonly invoker: ToolInvoker,
    private readonly resources: ArtifactResources,
    private readonly tasks: McpTasks,
  ) {}

  /**
   * Serves `access` on a stdio `transport` to a client of either era: the client's opening
   * (`initialize`, or a 2026-07-28 request) picks it for the connection.
   */
  serveStdio(access: ToolAccess, transport: Transport): StdioServerHandle {
    return mcpStdioSdk().serveStdio(() => this.create(access), {
      transport: new ParamsCheckingTransport(transport),
      onerror: (error) => this.logger.warn(error.message),
    });
  }

  /** A server for `access`, not yet connected: the SDK's HTTP handler connects it. */
  create(access: ToolAccess, askApprovals?: ApprovalAskers): Server {
    const { Server } = mcpServerSdk();
    const { TASKS_EXTENSION } = taskRequests();
    const server = new Server(SERVER_INFO, {
      // Agent and workflow calls run as tasks for 2026-07-28 clients that declare the tasks
      // extension and for 2025-11-25 clients that ask for one (`task` in the call's params).
      capabilities: {
        tools: { listChanged: false },
        resources: {},
        extensions: { [TASKS_EXTENSION]: {} },
        tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
      },
      jsonSchemaValidator: this.schemaValidator(),
      // Only 2026-07-28 answers carry these; 2025-era ones are unchanged.
      cacheHints: { 'tools/list': TOOLS_LIST_CACHE, ...ARTIFACT_RESOURCE_CACHE_HINTS },
    });
    server.setRequestHandler('tools/list', (request, ctx) =>
      inMcpServerSpan(request, ctx, () => this.listTools(access, request.params?.cursor)),
    );
    server.setRequestHandler('tools/call', (request, ctx) =>
      inMcpServerSpan(request, ctx, () =>
        this.callTool(access, request.params, ctx, askApprovals?.(ctx.mcpReq.id)),
      ),
    );
    server.setRequestHandler('resources/list', (request, ctx) =>
      inMcpServerSpan(request, ctx, () => this.resources.list(access, request.params?.cursor)),
    );
    server.setRequestHandler('resources/templates/list', (request, ctx) =>
      inMcpServerSpan(request, ctx, () => this.resources.templates()),
    );
    server.setRequestHandler('resources/read', (request, ctx) =>
      inMcpServerSpan(request, ctx, () => this.resources.read(access, request.params.uri)),
    );
    serveTasks(server, access, this.tasks, askApprovals);
    return server;
  }

  private listTools({ scope }: ToolAccess, cursor: string | undefined): ListToolsResult {
    const tools = this.catalog.list(scope);
    const offset = decodeCursor(cursor, tools.length);
    const page = tools.slice(offset, offset + TOOLS_PAGE_SIZE);
    const next = offset + TOOLS_PAGE_SIZE;
    return {
      tools: page.map((tool) => toMcpTool(tool.definition, tool.work !== undefined)),
      ...(next < tools.length && { nextCursor: encodeCursor(next) }),
    };
  }

  /**
   * The task a call of `tool` is, in the shape of the wire that asked for it; undefined when the
   * call asked for none, or has an input the plain call should refuse.
   */
  private async taskOf(
    tool: CatalogTool,
    access: ToolAccess,
    input: Record<string, unknown>,
    wire: TaskWire,
    ctx: ServerContext,
  ) {
    // Without a key nobody could steer the task: such callers wait for the answer.
    if (!tool.work || access.origin.user === ANONYMOUS_USER) return undefined;
    // The plain call refuses it, as a result the client reads like any other.
    if (tool.check(input).length > 0) return undefined;
    if (wire === 'modern') return modernTaskCreated(await this.tasks.start(access, tool, input));
    // Only 2025-11-25 sends a task's progress: the tasks extension leaves progress out of tasks.
    const progressToken = ctx.mcpReq._meta?.progressToken;
    return legacyTaskCreated(await this.tasks.start(access, tool, input, progressToken));
  }

  /**
   * Whether a call goes through `input_required` rounds: a keyed 2026-07-28 client that takes
   * elicitations and not tasks, calling a tool whose work can wait for approvals, with an input
   * the tool takes (the plain call refuses any other, as a result the client reads).
   */
  private takesInputRounds(
    tool: CatalogTool,
    access: ToolAccess,
    input: Record<string, unknown>,
    ctx: ServerContext,
  ): boolean {
    return (
      tool.work !== undefined &&
      access.origin.user !== ANONYMOUS_USER &&
      taskRequests().declaresElicitation(ctx) &&
      tool.check(input).length === 0
    );
  }

  private async callTool(
    access: ToolAccess,
    params: CallToolRequest['params'],
    ctx: ServerContext,
    askApproval: ApprovalAsker | undefined,
  ): Promise<CallToolResult> {
    const { name, arguments: input } = params;
    const { scope, origin } = access;
    const tool = this.catalog.find(name, scope);
    const wire = taskWireOf(params, ctx);
    if (wire === 'legacy' && tool && !tool.work) {
      // A 2025-11-25 client asked for a task from a tool that does not offer them.
      throw protocolError('MethodNotFound', `${name} does not run as a task`);
    }
    if (!wire && tool && this.takesInputRounds(tool, access, input ?? {}, ctx)) {
      return (await callInInputRounds(
        this.tasks,
        access,
        tool,
        input ?? {},
        ctx,
      )) as CallToolResult;
    }
    const progress = McpProgress.of(ctx);
    try {
      const task = wire && tool && (await this.taskOf(tool, access, input ?? {}, wire, ctx));
      if (task) return task as unknown as CallToolResult;
      const answer = await this.invoker.invoke(name, input ?? {}, {
        caller: 'mcp',
        scope,
        origin,
        signal: ctx.mcpReq.signal,
        reportProgress: progress?.report,
        askApproval,
      });
      const result = toolSuccess(answer);
      const links = this.resources.linksFor(access, tool?.artifactsOf?.(answer) ?? []);
      return { ...result, content: [...result.content, ...links] };
    } catch (error) {
      // An unknown tool is a protocol error (MCP spec: -32602 Invalid params), not a result.
      if (error instanceof ToolNotFoundError) {
        throw protocolError('InvalidParams', `Unknown tool: ${name}`);
      }
      if (error instanceof BudgetExceededError) throw budgetRefusal(error);
      if (!(error instanceof DomainError) || error.status >= 500) this.logger.error(error);
      return toolFailure(error);
    } finally {
      // The stream closes with the result: progress reported before it must reach it first.
      await progress?.settled();
    }
  }
}

/** Which wire's task a call asks for: the extension's (2026-07-28), the core one's, or none. */
type TaskWire = 'modern' | 'legacy';

function taskWireOf(params: CallToolRequest['params'], ctx: ServerContext): TaskWire | undefined {
  if (taskRequests().declaresTasks(ctx)) return 'modern';
  return params.task !== undefined ? 'legacy' : undefined;
}
