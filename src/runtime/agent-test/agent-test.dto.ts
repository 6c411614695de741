import { IsNumber, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Omittable } from '../../core/validation/omittable.decorator';

export class AgentTestRequestDto {
  /** @example "삼성전자의 RSI를 분석해주세요" */
  @IsString()
  @Matches(/\S/, { message: '$property must not be empty or blank' })
  @MaxLength(100_000)
  test_prompt!: string;

  /** Seconds before the run is cancelled and the test fails (fractions allowed). @example 60 */
  @Omittable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.001)
  @Max(3600)
  timeout: number = 60;
}

export class AgentTestToolCallDto {
  /** @example "toolu_01ABC" */
  tool_use_id!: string;
  /** @example "price_fetcher" */
  name!: string;
  /** @example {"symbol": "005930"} */
  args!: Record<string, unknown>;
  /** @example true */
  success!: boolean;
  /** The tool's result, or null when it failed. @example {"rsi": 61.2} */
  result!: unknown;
  /** Why it failed. @example "Execution timeout" */
  error?: string;
}

export class TokensUsedDto {
  /** @example 1250 */
  input!: number;
  /** @example 310 */
  output!: number;
}

/** The outcome of a test run; failures are reported here with 200, as tool test-runs are. */
export class AgentTestResultDto {
  /** @example true */
  success!: boolean;
  /** The agent's final answer. @example "RSI(14) is 61.2: neither overbought nor oversold." */
  response!: string;
  tool_calls!: AgentTestToolCallDto[];
  tokens_used!: TokensUsedDto;
  /** @example 2310.5 */
  execution_time_ms!: number;
  /** The run, for its full event log. @example "8c7b6a5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d" */
  run_id!: string;
  /** Why the test failed. @example "Execution timeout" */
  error?: string;
  /** Stable code of the failure. @example "EXECUTION_TIMEOUT" */
  error_code?: string;
}
