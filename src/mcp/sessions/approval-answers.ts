import { Injectable, Logger } from '@nestjs/common';
import { type JSONRPCMessage } from '@modelcontextprotocol/server';
import { ApprovalsService } from '../../runtime/approvals/approvals.service';
import { ApprovalNotFoundError, ApprovalResolvedError } from '../../runtime/runtime.errors';
import { mcpServerSdk } from '../loaded-on-first-use';
import { approvalAnswerOf } from '../tasks/approval-elicitation';
import { approvalIdOf } from './approval-requests';

/**
 * Decides approvals with a session's answers to the elicitations `approvalAskerOn` sent, exactly
 * as `POST /api/v1/approvals/{id}` would for the session's user: the first decision wins, and
 * the call waiting for it hears of it through its run's events, on whichever instance holds it.
 */
@Injectable()
export class ApprovalAnswers {
  private readonly logger = new Logger('MCP');

  constructor(private readonly approvals: ApprovalsService) {}

  /**
   * Takes `messages` (responses only). A response cannot be answered, so one that decides
   * nothing leaves its approval open, to be decided elsewhere (REST, the console) before it
   * expires: an error, or an accepted form that does not fit. Responses to anything else are
   * dropped, as the server would drop them.
   */
  async take(user: string, messages: readonly JSONRPCMessage[]): Promise<void> {
    const { isJSONRPCErrorResponse, isJSONRPCResultResponse } = mcpServerSdk();
    for (const message of messages) {
      if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) continue;
      const approvalId = message.id === undefined ? undefined : approvalIdOf(message.id);
      if (approvalId === undefined) continue;
      if (isJSONRPCErrorResponse(message)) {
        this.logger.warn(
          `The client could not ask about approval ${approvalId}: ${message.error.message}`,
        );
        continue;
      }
      await this.decide(user, approvalId, message.result);
    }
  }

  private async decide(user: string, approvalId: string, result: unknown): Promise<void> {
    let answer;
    try {
      answer = approvalAnswerOf(approvalId, result);
    } catch (error) {
      this.logger.warn(`Approval ${approvalId} stays open: ${(error as Error).message}`);
      return;
    }
    await this.approvals
      .decide(
        { user },
        approvalId,
        { decision: answer.approve ? 'approve' : 'reject', reason: answer.reason },
        'mcp',
      )
      .catch((error: unknown) => {
        // Decided first elsewhere, or none of this user's: nothing left to decide.
        if (!(error instanceof ApprovalResolvedError || error instanceof ApprovalNotFoundError)) {
          throw error;
        }
      });
  }
}
