import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type ModelToolCall, type TokenUsage } from '../../providers/model-provider.contract';
import { type RunEventSink } from '../runs/run-event-sink';
import { RunsRepository } from '../runs/runs.repository';
import { RuntimeConfig } from '../runtime.config';
import { ApprovalExpiry } from './approval-expiry';
import { ApprovalsRepository } from './approvals.repository';

/**
 * Pauses a run on the tool calls that need the user's approval: one approval each, stored with
 * its `approval_requested` event, and the run's status, usage and next event index stored with
 * the last one. Nothing waits in memory: a decision (or the expiry) resumes the run from the
 * database, in this process or another, before or after a restart.
 */
@Injectable()
export class ApprovalGate {
  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly runs: RunsRepository,
    private readonly expiry: ApprovalExpiry,
    private readonly config: RuntimeConfig,
  ) {}

  async pause(
    run: { runId: string; sessionId: string; owner: string },
    calls: readonly ModelToolCall[],
    sink: RunEventSink,
    usage: TokenUsage,
  ): Promise<void> {
    const expiresAt = new Date(Date.now() + this.config.APPROVAL_TIMEOUT_SECONDS * 1000);
    const requested = calls.map((call) => ({
      id: randomUUID(),
      run_id: run.runId,
      session_id: run.sessionId,
      owner: run.owner,
      tool_use_id: call.id,
      tool_name: call.name,
      args: call.args,
      description: describe(call),
      expires_at: expiresAt,
    }));
    const events = requested.map((approval) =>
      sink.build('approval_requested', {
        approvalId: approval.id,
        toolUseId: approval.tool_use_id,
        toolName: approval.tool_name,
        args: approval.args,
        description: approval.description,
      }),
    );
    // All or nothing: a decision can only come for a run that is paused, with its index saved.
    await sink.emitTogether(events, async () => {
      for (const approval of requested) await this.approvals.create(approval);
      await this.runs.pause(run.runId, usage, sink.nextEventIndex);
    });
    for (const approval of requested) this.expiry.schedule(approval.id, expiresAt);
  }
}

function describe(call: ModelToolCall): string {
  const args = JSON.stringify(call.args);
  const shown = args.length > 500 ? `${args.slice(0, 500)}…` : args;
  return `Run the tool '${call.name}' with ${shown}`;
}
