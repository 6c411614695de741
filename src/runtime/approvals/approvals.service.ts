import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Principal } from '../../api-keys/principal';
import { type ApprovalStatus } from '../../database/schema';
import { Transactions } from '../../database/transactions';
import { type AuditContext, SERVER_ITSELF, type AuditTransport } from '../../audit/audit-event';
import { AuditTrail } from '../../audit/audit-trail';
import { type Page } from '../../core/api/page.dto';
import { EventStore } from '../events/event-store.repository';
import { RunsRepository } from '../runs/runs.repository';
import { RunsService } from '../runs/runs.service';
import { ApprovalNotFoundError, ApprovalResolvedError } from '../runtime.errors';
import { RunStreams } from '../streams/run-streams.service';
import { ApprovalExpiry } from './approval-expiry';
import { decisionAuditOf } from './approval-decision-audit';
import { CallApprovals } from './call-approvals';
import { type ApprovalRow, ApprovalsRepository } from './approvals.repository';
import {
  type ApprovalDto,
  type DecideApprovalDto,
  type ListApprovalsQueryDto,
} from './dto/approval.dto';

type Decision = Exclude<ApprovalStatus, 'pending'>;

/**
 * The user's decisions on paused tool calls. Each decision is stored with its
 * `approval_resolved` event; the last one resumes the run. Undecided approvals expire.
 */
@Injectable()
export class ApprovalsService implements OnApplicationBootstrap {
  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly runs: RunsRepository,
    private readonly runsService: RunsService,
    private readonly events: EventStore,
    private readonly streams: RunStreams,
    private readonly transactions: Transactions,
    private readonly expiry: ApprovalExpiry,
    private readonly audit: AuditTrail,
    private readonly calls: CallApprovals,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.expiry.onExpire((id) => this.resolve(id, 'expired', 'Approval expired', SERVER_ITSELF));
    for (const approval of await this.approvals.listPending()) {
      this.expiry.schedule(approval.id, approval.expires_at);
    }
  }

  async list(principal: Principal, query: ListApprovalsQueryDto): Promise<Page<ApprovalDto>> {
    const { rows, total } = await this.approvals.listOwned(principal.user, query.status, query);
    return { items: rows.map(toApprovalDto), total, limit: query.limit, offset: query.offset };
  }

  async get(principal: Principal, id: string): Promise<ApprovalDto> {
    return toApprovalDto(await this.find(principal, id));
  }

  /** Decides for `principal`, who reached the server through `transport` (for the audit log). */
  async decide(
    principal: Pick<Principal, 'user'> & Partial<Pick<Principal, 'keyId'>>,
    id: string,
    dto: DecideApprovalDto,
    transport?: AuditTransport,
  ): Promise<ApprovalDto> {
    const approval = await this.find(principal, id);
    const status = dto.decision === 'approve' ? 'approved' : 'rejected';
    const by = { actor: { user: principal.user, keyId: principal.keyId }, transport };
    const decided = await this.resolve(approval.id, status, dto.reason ?? null, by);
    if (!decided) {
      const current = await this.find(principal, id);
      throw new ApprovalResolvedError(id, current.status);
    }
    return toApprovalDto(decided);
  }

  /** Cancels a paused run: its approvals resolve as cancelled, and it ends `cancelled`. */
  async cancelPaused(runId: string): Promise<void> {
    for (const approval of await this.approvals.listByRun(runId)) {
      if (approval.status === 'pending')
        await this.resolve(approval.id, 'cancelled', 'Run cancelled', SERVER_ITSELF);
    }
  }

  /**
   * Decides a pending approval and records it in the run's log; when it was the run's last
   * pending one, the run resumes. Undefined when it was decided already. `by` decided it.
   */
  private async resolve(
    id: string,
    status: Decision,
    reason: string | null,
    by: AuditContext,
  ): Promise<ApprovalRow | undefined> {
    const resolved = await this.transactions.run(async () => {
      const approval = await this.approvals.resolve(id, status, reason);
      if (!approval) return undefined;
      await this.audit.record(decisionAuditOf(approval, status, by));
      // A run that is not paused goes on running: its approval is held by a tool call waiting
      // for it, which records the decision in the run's log (only its process knows the log's
      // next index).
      if ((await this.runs.find(approval.run_id))?.status !== 'awaiting_approval') {
        return { approval };
      }
      const event = await this.events.append({
        type: 'approval_resolved',
        sessionId: approval.session_id,
        runId: approval.run_id,
        eventIndex: await this.runs.takeEventIndex(approval.run_id),
        timestamp: new Date().toISOString(),
        persistenceState: 'persisted',
        approvalId: approval.id,
        toolUseId: approval.tool_use_id,
        approved: status === 'approved',
        reason,
      });
      return { approval, event };
    });
    if (!resolved) return undefined;
    if (!resolved.event) {
      this.calls.decided(resolved.approval.id);
      return resolved.approval;
    }
    this.streams.publish(resolved.event);
    if ((await this.approvals.countPending(resolved.approval.run_id)) === 0) {
      await this.runsService.resume(resolved.approval.run_id);
    }
    return resolved.approval;
  }

  private async find(principal: Pick<Principal, 'user'>, id: string): Promise<ApprovalRow> {
    const approval = await this.approvals.findOwned(id, principal.user);
    if (!approval) throw new ApprovalNotFoundError(id);
    return approval;
  }
}

function toApprovalDto(row: ApprovalRow): ApprovalDto {
  return {
    id: row.id,
    run_id: row.run_id,
    session_id: row.session_id,
    tool_use_id: row.tool_use_id,
    tool_name: row.tool_name,
    args: row.args,
    description: row.description,
    status: row.status,
    reason: row.reason,
    expires_at: row.expires_at,
    created_at: row.created_at,
    resolved_at: row.resolved_at,
  };
}
