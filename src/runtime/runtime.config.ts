import { Max, Min } from 'class-validator';
import { Describe, IntegerVariable, VariableGroup } from '../core/config';

/** The environment variables of the agent runtime. */
@VariableGroup('Agent runs')
export class RuntimeConfig {
  @Describe('Model calls per run before it ends with `MAX_TURNS`')
  @IntegerVariable()
  @Min(1)
  @Max(1000)
  AGENT_MAX_TURNS = 25;

  @Describe(
    "`max_tokens` of a model call when the agent's `model_config` sets none (plus the thinking budget)",
  )
  @IntegerVariable()
  @Min(1)
  AGENT_DEFAULT_MAX_TOKENS = 4096;

  @Describe("How long after its end a run's streamed-only events stay replayable, in seconds")
  @IntegerVariable()
  @Min(0)
  @Max(86_400)
  RUN_REPLAY_GRACE_SECONDS = 600;

  @Describe(
    'The most events of ended runs held for replay (about 1.5 KB each); beyond it the runs that ended first are dropped before their grace is over',
  )
  @IntegerVariable()
  @Min(0)
  @Max(10_000_000)
  RUN_REPLAY_MAX_EVENTS = 50_000;

  @Describe('Seconds between `: ping` comments on an idle event stream')
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  SSE_KEEPALIVE_SECONDS = 15;

  @Describe('Seconds an approval waits for a decision before it resolves as expired')
  @IntegerVariable()
  @Min(1)
  @Max(30 * 86_400)
  APPROVAL_TIMEOUT_SECONDS = 600;

  @Describe(
    'Time limit of a call of an `agent` tool, in seconds, on every transport (in place of `TOOL_TIMEOUT_SECONDS`); time waiting for an approval does not count',
  )
  @IntegerVariable()
  @Min(1)
  @Max(86_400)
  AGENT_TOOL_TIMEOUT_SECONDS = 300;

  @Describe(
    'How deep agents may delegate to agents: a call that would start a run deeper fails with `AGENT_DEPTH_EXCEEDED`',
  )
  @IntegerVariable()
  @Min(0)
  @Max(32)
  AGENT_TOOL_MAX_DEPTH = 3;
}
