import { Max, Min } from 'class-validator';
import { BooleanVariable, Describe, IntegerVariable, VariableGroup } from '../../core/config';

/** The bounds on what one tool source can make the server read and hold. */
@VariableGroup('Tool sources')
export class ToolSourcesConfig {
  @Describe(
    "Most tools one source's upstream may list; a sync that finds more fails, naming the limit (1–100000)",
  )
  @IntegerVariable()
  @Min(1)
  @Max(100_000)
  TOOL_SOURCE_MAX_TOOLS = 1000;

  @Describe(
    "Seconds one read of a source's tools may take (connecting and every page) before the sync fails (1–600)",
  )
  @IntegerVariable()
  @Min(1)
  @Max(600)
  TOOL_SOURCE_SYNC_TIMEOUT_SECONDS = 60;

  @Describe(
    '`true`: admins may add `mcp_stdio` sources, each a program this server runs (off: such a source is refused with 422 `STDIO_SOURCES_DISABLED`)',
  )
  @BooleanVariable()
  TOOL_SOURCE_STDIO = false;
}
