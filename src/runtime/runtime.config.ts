import { Max, Min } from 'class-validator';
import { IntegerVariable } from '../core/config';

/** The environment variables of the agent runtime. */
export class RuntimeConfig {
  /** Model calls one run may make before it is ended with a MAX_TURNS error. */
  @IntegerVariable()
  @Min(1)
  @Max(1000)
  AGENT_MAX_TURNS = 25;

  /** `max_tokens` of a model call when the agent's `model_config` sets none. */
  @IntegerVariable()
  @Min(1)
  AGENT_DEFAULT_MAX_TOKENS = 4096;

  /** How long after its end a run's streamed-only events stay replayable, in seconds. */
  @IntegerVariable()
  @Min(0)
  @Max(86_400)
  RUN_REPLAY_GRACE_SECONDS = 600;

  /** Seconds between `: ping` comments on an idle event stream. */
  @IntegerVariable()
  @Min(1)
  @Max(3600)
  SSE_KEEPALIVE_SECONDS = 15;

  /** Seconds an approval may wait for a decision before it resolves as not approved. */
  @IntegerVariable()
  @Min(1)
  @Max(30 * 86_400)
  APPROVAL_TIMEOUT_SECONDS = 600;
}
