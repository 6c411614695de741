import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { type Principal } from '../../api-keys/principal';
import { AgentsRepository } from '../../registry/agents/agents.repository';
import { ResourceNotFoundError } from '../../registry/common/registry.errors';
import { EventStore } from '../events/event-store.repository';
import { type RunEvent } from '../events/run-event.types';
import { RunCanceller } from '../approvals/run-canceller';
import { RunsService } from '../runs/runs.service';
import { SessionsRepository } from '../sessions/sessions.repository';
import {
  type AgentTestRequestDto,
  type AgentTestResultDto,
  type AgentTestToolCallDto,
} from './agent-test.dto';

/**
 * `POST /api/v1/agents/{id}/test`: one run of the agent on the real runtime,
 * in a session of its own, awaited and summarised. Past the time limit the run is cancelled.
 */
@Injectable()
export class AgentTestService {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly sessions: SessionsRepository,
    private readonly runs: RunsService,
    private readonly events: EventStore,
    private readonly canceller: RunCanceller,
  ) {}

  async test(
    principal: Principal,
    agentId: string,
    request: AgentTestRequestDto,
  ): Promise<AgentTestResultDto> {
    const agent = await this.agents.find(agentId);
    if (!agent) throw new ResourceNotFoundError('Agent', agentId);
    const session = await this.sessions.create(principal.user, agent.id, `Test of ${agent.name}`);
    const started = performance.now();
    const run = await this.runs.start(principal, session.id, { content: request.test_prompt });
    const limit = new AbortController();
    const timedOut = await Promise.race([
      this.runs.settled(run.id).then(() => false),
      sleep(request.timeout * 1000, true, { signal: limit.signal }).catch(() => false),
    ]);
    limit.abort();
    if (timedOut) {
      await this.canceller.cancel(principal, run.id).catch(() => undefined);
      await this.runs.settled(run.id);
    }
    const executionTimeMs = Math.round((performance.now() - started) * 1000) / 1000;
    const ended = await this.runs.find(principal, run.id);
    const events = await this.events.listByRun(run.id, -1);
    const summary = {
      response: finalAnswerOf(events),
      tool_calls: toolCallsOf(events),
      tokens_used: { input: ended.input_tokens, output: ended.output_tokens },
      execution_time_ms: executionTimeMs,
      run_id: run.id,
    };
    if (timedOut) {
      return {
        success: false,
        ...summary,
        error: 'Execution timeout',
        error_code: 'EXECUTION_TIMEOUT',
      };
    }
    if (ended.status !== 'completed') {
      return {
        success: false,
        ...summary,
        error: ended.error?.message ?? `The run ended ${ended.status}`,
        error_code: ended.error?.code ?? ended.status.toUpperCase(),
      };
    }
    return { success: true, ...summary };
  }
}

function finalAnswerOf(events: readonly RunEvent[]): string {
  const messages = events.filter((event) => event.type === 'message');
  return messages[messages.length - 1]?.content ?? '';
}

function toolCallsOf(events: readonly RunEvent[]): AgentTestToolCallDto[] {
  const results = new Map(
    events.flatMap((event) => (event.type === 'tool_result' ? [[event.toolUseId, event]] : [])),
  );
  return events.flatMap((event) => {
    if (event.type !== 'tool_use') return [];
    const result = results.get(event.toolUseId);
    return [
      {
        tool_use_id: event.toolUseId,
        name: event.toolName,
        args: event.args,
        success: result?.success ?? false,
        result: result?.result ?? null,
        ...(result?.error !== undefined && { error: result.error }),
      },
    ];
  });
}
