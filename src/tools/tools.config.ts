import { Max, Min } from 'class-validator';
import { IntegerVariable } from '../core/config';

/** The environment variables of tool invocation. */
export class ToolsConfig {
  /** Longest a tool call over REST or MCP may run before it is aborted with 504. */
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  TOOL_TIMEOUT_SECONDS = 30;

  /**
   * Deepest nesting of arrays and objects a tool's result may have; past it the call fails with
   * TOOL_RESULT_TOO_DEEP. Far beyond real results, far below what overflows serialisation.
   */
  @IntegerVariable()
  @Min(1)
  @Max(1000)
  TOOL_RESULT_MAX_DEPTH = 256;
}
