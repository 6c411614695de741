import { Injectable } from '@nestjs/common';
import { ToolExecutor } from '../../tools/tool-executor.service';
import { type TestRunRequestDto, type TestRunResultDto } from './dto/test-run.dto';
import { RegisteredToolFactory } from './registered-tool-factory';
import { RegisteredToolsService } from './registered-tools.service';

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

  async run(id: string, request: TestRunRequestDto): Promise<TestRunResultDto> {
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
      timeoutMs: request.timeout * 1000,
    });
    if (outcome.success) return outcome;
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
