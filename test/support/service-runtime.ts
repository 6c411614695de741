import { SERVER_ITSELF } from '../../src/audit/audit-event';
import { type Principal } from '../../src/api-keys/principal';
import { type Page } from '../../src/core/api/page.dto';
import { type ToolDto } from '../../src/registry/tools/dto/tool.dto';
import { AgentsService } from '../../src/registry/agents/agents.service';
import { type ToolIdItem } from '../../src/registry/agents/dto/tool-ids.decorator';
import { RegisteredToolsService } from '../../src/registry/tools/registered-tools.service';
import { EventStore } from '../../src/runtime/events/event-store.repository';
import { type RunEvent } from '../../src/runtime/events/run-event.types';
import { type RunRow } from '../../src/runtime/runs/runs.repository';
import { type RunRequest, RunsService } from '../../src/runtime/runs/runs.service';
import { SessionsService } from '../../src/runtime/sessions/sessions.service';
import { RunStreams } from '../../src/runtime/streams/run-streams.service';
import { type RunFollower, followRun } from './run-follower';
import { type ServiceModule, principalOf } from './service-module';

/** One model turn of a scripted agent (see `ScriptedTurn`). */
export type ScriptTurn = Record<string, unknown>;

export interface StartedRun {
  run: RunRow;
  follower: RunFollower;
}

/** A user of a service module's runtime: scripted agents, their sessions and runs. */
export interface ServiceRuntime {
  principal: Principal;
  /** A scripted agent playing `script`, with these tools, and a session with it. */
  session(script: ScriptTurn[], tools?: ToolIdItem[]): Promise<string>;
  /** Starts a run of the session and follows it from its first event. */
  start(sessionId: string, request: RunRequest): Promise<StartedRun>;
  /** The session's stored (persisted) events, in sequence order. */
  storedEvents(sessionId: string): Promise<RunEvent[]>;
  /** The id of a tool of the catalog (a builtin one, such as `encodePlantUML`). */
  toolId(name: string): Promise<string>;
  /** Registers an `http` tool calling `url`; returns its id and (unique) name. */
  httpTool(url: string, requiresApproval: boolean): Promise<{ id: string; name: string }>;
}

let created = 0;
const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${++created}`;

export function serviceRuntime(module: ServiceModule, user = 'alice'): ServiceRuntime {
  const principal = principalOf(user);
  const tools = () => module.get(RegisteredToolsService);
  return {
    principal,
    session: async (script, toolIds = []) => {
      const agent = await module.get(AgentsService).create(
        {
          name: uniqueName('agent'),
          system_prompt: 'You are a test agent.',
          model_config: { provider: 'scripted', model: 'scripted', script },
          tool_ids: toolIds,
        },
        SERVER_ITSELF,
      );
      const session = await module.get(SessionsService).create(principal, { agent_id: agent.id });
      return session.id;
    },
    start: async (sessionId, request) => {
      const run = await module.get(RunsService).start(principal, sessionId, request);
      return { run, follower: followRun(module.get(RunStreams), run.id) };
    },
    storedEvents: (sessionId) => module.get(EventStore).listBySession(sessionId),
    toolId: async (name) => {
      const json = await tools().listJson({ search: name, limit: 100, offset: 0 });
      const page = JSON.parse(json) as Page<ToolDto>;
      const tool = page.items.find((item) => item.name === name);
      if (!tool) throw new Error(`no tool named ${name}`);
      return tool.id;
    },
    httpTool: async (url, requiresApproval) => {
      const tool = await tools().create(
        {
          name: uniqueName('http_tool'),
          parameters: { type: 'object' },
          implementation: { type: 'http', url },
          requires_approval: requiresApproval,
        },
        SERVER_ITSELF,
      );
      return { id: tool.id, name: tool.name };
    },
  };
}
