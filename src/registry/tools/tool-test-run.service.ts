import { Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../core/errors';
import { runWithTimeout } from '../../tools/run-with-timeout';
import { InvalidToolInputError } from '../../tools/tool.errors';
import { type TestRunRequestDto, type TestRunResultDto } from './dto/test-run.dto';
import { RegisteredToolFactory } from './registered-tool-factory';
import { RegisteredToolsService } from './registered-tools.service';

/**
 * `POST /api/v1/tools/{id}/test`: runs a tool (active or not) once with the given params and
 * time limit. The outcome is always a 200 with `success`; failures are reported, not thrown
 * (AC-011, AC-012, AC-024).
 */
@Injectable()
export class ToolTestRunService {
  private readonly logger = new Logger(ToolTestRunService.name);

  constructor(
    private readonly tools: RegisteredToolsService,
    private readonly factory: RegisteredToolFactory,
  ) {}

  async run(id: string, request: TestRunRequestDto): Promise<TestRunResultDto> {
    const row = await this.tools.find(id);
    const tool = this.factory.build(row);
    const started = performance.now();
    const elapsed = () => Math.max(0.001, Math.round((performance.now() - started) * 1000) / 1000);
    if (!tool) {
      return failure('TOOL_NOT_RUNNABLE', `Tool '${row.name}' has no implementation to run`, 0);
    }
    const issues = tool.check(request.params);
    if (issues.length > 0) {
      // The same error a call over REST or MCP gets: the tool's own, or INVALID_INPUT.
      const error =
        tool.handler.rejectInput?.(issues) ?? new InvalidToolInputError(row.name, issues);
      return { ...failure(error.code, error.message, elapsed()), details: error.details };
    }
    try {
      const result = await runWithTimeout(
        (signal) => tool.handler.execute(request.params, { signal }),
        request.timeout * 1000,
      );
      return { success: true, result, execution_time_ms: elapsed() };
    } catch (error) {
      if (error instanceof DomainError) {
        return { ...failure(error.code, error.message, elapsed()), details: error.details };
      }
      this.logger.error(error);
      return failure('INTERNAL_ERROR', 'The tool failed unexpectedly', elapsed());
    }
  }
}

function failure(code: string, error: string, executionTimeMs: number): TestRunResultDto {
  return { success: false, error, error_code: code, execution_time_ms: executionTimeMs };
}
