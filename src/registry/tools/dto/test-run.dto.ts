import { IsNumber, IsObject, Max, Min } from 'class-validator';
import { Omittable } from '../../../core/validation/omittable.decorator';

export class TestRunRequestDto {
  /** The tool's input, validated against its `parameters`. @example {"symbol": "005930"} */
  @Omittable()
  @IsObject()
  params: Record<string, unknown> = {};

  /**
   * Seconds to wait before aborting the run (fractions allowed). Default: 30, or for a tool that
   * runs an agent, `AGENT_TOOL_TIMEOUT_SECONDS`. @example 30
   */
  @Omittable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.001)
  @Max(300)
  timeout?: number;
}

/** The outcome of a test run; failures are reported here with 200, not as HTTP errors. */
export class TestRunResultDto {
  /** @example true */
  success!: boolean;
  /** The tool's output (on success). @example {"symbol": "005930", "price": 71200} */
  result?: unknown;
  /** Why the run failed. @example "Execution timeout" */
  error?: string;
  /** Stable code of the failure. @example "EXECUTION_TIMEOUT" */
  error_code?: string;
  /** Structured context of the failure, e.g. each parameter violation. */
  details?: unknown;
  /** Wall time of the run, in milliseconds. @example 12.5 */
  execution_time_ms!: number;
}
