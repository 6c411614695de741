import { Injectable } from '@nestjs/common';
import { sha256OfJson } from '../audit/audit-entry';
import { type AuditTransport } from '../audit/audit-event';
import { AuditTrail } from '../audit/audit-trail';
import { type CatalogTool } from './tool-catalog.service';
import { type ToolCaller, type ToolOutcome } from './tool-outcome';
import { type ToolCallOrigin } from './tool.contract';

/** The audit log's name of each caller's transport. */
export const TRANSPORTS: Record<ToolCaller, AuditTransport> = {
  rest: 'rest',
  mcp: 'mcp',
  test: 'test_run',
  agent: 'run',
  workflow: 'workflow',
};

/**
 * Records each executed tool call in the audit log (`tool.called`): who, through which
 * transport, which tool, the SHA-256 of the arguments' canonical JSON (never the values), how
 * it ended and how long it took.
 */
@Injectable()
export class ToolCallAudit {
  constructor(private readonly audit: AuditTrail) {}

  async record(
    tool: CatalogTool,
    input: unknown,
    call: { caller: ToolCaller; origin: ToolCallOrigin },
    outcome: ToolOutcome,
  ): Promise<void> {
    const { origin } = call;
    const { name } = tool.definition;
    await this.audit.queue({
      type: 'tool.called',
      actor: { user: origin.user, ...(origin.keyId && { keyId: origin.keyId }) },
      transport: TRANSPORTS[call.caller],
      target: name,
      outcome: outcome.success ? 'ok' : 'error',
      ...(!outcome.success && { errorCode: outcome.error.code }),
      durationMs: outcome.execution_time_ms,
      details: {
        tool_name: name,
        ...(tool.id && { tool_id: tool.id }),
        ...(origin.run && { run_id: origin.run.id }),
        ...(origin.workflowRunId && { workflow_run_id: origin.workflowRunId }),
        args_sha256: sha256OfJson(input),
      },
    });
  }
}
