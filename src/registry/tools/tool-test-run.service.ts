import { Injectable } from '@nestjs/common';
import { type CallerSignal } from '../../core/caller-signal';
import { type Principal } from '../../api-keys/principal';
import { ToolExecutor } from '../../tools/tool-executor.service';
import { BudgetExceededError } from '../../budgets/budget.errors';
import { type TestRunRequestDto, type TestRunResultDto } from './dto/test-run.dto';
import { RegisteredToolFactory } from './registered-tool-factory';
import { RegisteredToolsService } from './registered-tools.service';

/** A test run's time limit when the request sets none. */
const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * `POST /api/v1/tools/{id}/test`: runs a tool (active or not) once with the given params and
 * time limit. The outcome is always a 200 with `success`; failures (invalid params, a failing or
 * unreachable endpoint, the time limit passed) are reported, not thrown.
 */
@Injectable()
export class ToolTestRunService {
  constructor(
    private readonly tools: RegisteredToolsService,
    private readonly factory: RegisteredToolFactory,
    private readonly executor: ToolExecutor,
  ) {}

  /** `signal`: the caller went away, so nothing waits for the outcome (an agent run stops). */
  async run(
    caller: Principal,
    id: string,
    request: TestRunRequestDto,
    signal?: CallerSignal,
  ): Promise<TestRunResultDto> {
    const row = await this.tools.find(id);
    const tool = this.factory.build(row);
    if (!tool) {
      return {
        success: false,
        error: `Tool '${row.name}' has no implementation to run`,
        error_code: 'TOOL_NOT_RUNNABLE',
        execution_time_ms: 0,
      };
    }
    const outcome = await this.executor.execute(tool, request.params, {
      caller: 'test',
      origin: { user: caller.user, keyId: caller.keyId },
      signal,
      // A tool with a limit of its own (one running an agent) keeps it unless one is asked for.
      timeoutMs:
        request.timeout !== undefined
          ? request.timeout * 1000
          : (tool.timeLimitMs ?? DEFAULT_TIMEOUT_SECONDS * 1000),
    });
    if (outcome.success) return outcome;
    // Not the tool's outcome: the run was refused before the tool was called.
    if (outcome.error instanceof BudgetExceededError) throw outcome.error;
    const { error, execution_time_ms } = outcome;
    return {
      success: false,
      error: error.message,
      error_code: error.code,
      details: error.details,
      execution_time_ms,
    };
  }
}
