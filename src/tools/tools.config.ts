import { Max, Min } from 'class-validator';
import { IntegerVariable } from '../core/config';

/** The environment variables of tool invocation. */
export class ToolsConfig {
  /** Longest a tool call over REST or MCP may run before it is aborted with 504. */
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  TOOL_TIMEOUT_SECONDS = 30;
}
