import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type AuditContext, SERVER_ITSELF } from '../../audit/audit-event';
import { AuditTrail } from '../../audit/audit-trail';
import { ClusterBus } from '../../cluster/cluster-buses';
import { type ToolCallDecision, type ToolCallQuestion } from '../../tools/tool.contract';
import { type RunEventSink } from '../runs/run-event-sink';
import { RuntimeConfig } from '../runtime.config';
import { RunCancelledError } from '../runtime.errors';
import { ApprovalExpiry } from './approval-expiry';
import { decisionAuditOf } from './approval-decision-audit';
import { type ApprovalRow, ApprovalsRepository } from './approvals.repository';

/** Tells the instance whose call holds an approval that it was decided (`approvalId`). */
const DECIDED_CHANNEL = 'toolhub_call_approval_decided';

/** A tool call of a running run that asks its user a question, and the run it belongs to. */
export interface AskingCall {
  run: { runId: string; sessionId: string; owner: string };
  /** The model's id of the call, and the tool it calls. */
  call: { id: string; name: string };
  /** The run's stream, which the call's process holds. */
  sink: RunEventSink;
  /** The call's own signal: its run's cancellation, its caller's going away, its time limit. */
  signal: AbortSignal;
}

/**
 * Approvals held by a tool call while its run goes on running (a remote agent's question, which
 * only the call can answer): stored as any approval of the run, so they are listed, decided
 * (first decision wins, in any instance) and expire as the others do, but the run does not pause
 * and the call waits for the decision in its process. The decision reaches it from the database,
 * woken here or over the cluster bus; the call records it in the run's log, whose next event
 * index only its process knows.
 */
@Injectable()
export class CallApprovals implements OnApplicationBootstrap {
  /** What wakes each waiting call to read its approval again, by approval id. */
  private readonly waiting = new Map<string, () => void>();

  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly expiry: ApprovalExpiry,
    private readonly config: RuntimeConfig,
    private readonly bus: ClusterBus,
    private readonly audit: AuditTrail,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(DECIDED_CHANNEL, {
      message: (approvalId) => this.waiting.get(approvalId)?.(),
      // Notices may have been lost: every waiting call reads its approval again.
      gap: () => this.waiting.forEach((wake) => wake()),
    });
  }

  /**
   * Asks the run's user, with an `approval_requested` event in the run's stream, and resolves
   * with the decision once it is recorded there (`approval_resolved`). A signal that aborts
   * first cancels the approval and rejects with its reason.
   */
  async ask(asking: AskingCall, question: ToolCallQuestion): Promise<ToolCallDecision> {
    const { run, call, sink, signal } = asking;
    signal.throwIfAborted();
    const approval = {
      id: randomUUID(),
      run_id: run.runId,
      session_id: run.sessionId,
      owner: run.owner,
      tool_use_id: call.id,
      tool_name: call.name,
      args: question.args,
      description: question.description,
      expires_at: new Date(Date.now() + this.config.APPROVAL_TIMEOUT_SECONDS * 1000),
    };
    await sink.emit(
      'approval_requested',
      {
        approvalId: approval.id,
        toolUseId: call.id,
        toolName: call.name,
        args: approval.args,
        description: approval.description,
      },
      () => this.approvals.create(approval),
    );
    this.expiry.schedule(approval.id, approval.expires_at);
    const row =
      (await this.decisionOf(approval.id, signal)) ??
      (await this.resolve(approval.id, 'cancelled', 'Call cancelled', SERVER_ITSELF)) ??
      (await this.approvals.find(approval.id));
    if (row) {
      await sink.emit('approval_resolved', {
        approvalId: row.id,
        toolUseId: row.tool_use_id,
        approved: row.status === 'approved',
        reason: row.reason,
      });
    }
    if (signal.aborted) throw signal.reason;
    if (!row || row.status === 'pending' || row.status === 'cancelled') {
      throw new RunCancelledError();
    }
    return { status: row.status, reason: row.reason };
  }

  /** Wakes the call waiting for the approval, in this process or another. */
  decided(approvalId: string): void {
    this.waiting.get(approvalId)?.();
    this.bus.publish(DECIDED_CHANNEL, approvalId);
  }

  /**
   * Cancels the approvals still pending for a run that ended without its calls (interrupted):
   * no decision may reach a call that is gone. Within the caller's unit of work.
   */
  async cancelPending(runId: string, reason: string): Promise<ApprovalRow[]> {
    const cancelled: ApprovalRow[] = [];
    for (const { id, status } of await this.approvals.listByRun(runId)) {
      if (status !== 'pending') continue;
      const row = await this.resolve(id, 'cancelled', reason, SERVER_ITSELF);
      if (row) cancelled.push(row);
    }
    return cancelled;
  }

  private async resolve(
    id: string,
    status: 'cancelled',
    reason: string,
    by: AuditContext,
  ): Promise<ApprovalRow | undefined> {
    const row = await this.approvals.resolve(id, status, reason);
    if (row) await this.audit.record(decisionAuditOf(row, status, by));
    return row;
  }

  /**
   * The approval once decided; undefined when the signal aborts first. It is read at once too:
   * a decision may have come before the call began to wait.
   */
  private async decisionOf(id: string, signal: AbortSignal): Promise<ApprovalRow | undefined> {
    let woken = true;
    let wake = () => {};
    const notice = () => {
      woken = true;
      wake();
    };
    this.waiting.set(id, notice);
    signal.addEventListener('abort', notice, { once: true });
    try {
      while (!signal.aborted) {
        if (!woken) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        woken = false;
        const row = await this.approvals.find(id);
        if (row && row.status !== 'pending') return row;
      }
      return undefined;
    } finally {
      this.waiting.delete(id);
      signal.removeEventListener('abort', notice);
    }
  }
}
