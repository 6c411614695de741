import { Max, Min } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';

/** The environment variables of tool invocation. */
@VariableGroup('Tool calls')
export class ToolsConfig {
  @Describe(
    'Longest a tool call runs before it is aborted, in seconds (`504 EXECUTION_TIMEOUT` over REST)',
  )
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  TOOL_TIMEOUT_SECONDS = 30;

  /** Far beyond real results, far below what overflows serialisation. */
  @Describe(
    "Deepest nesting of arrays and objects in a tool's result; past it `502 TOOL_RESULT_TOO_DEEP`",
  )
  @IntegerVariable()
  @Min(1)
  @Max(1000)
  TOOL_RESULT_MAX_DEPTH = 256;
}
