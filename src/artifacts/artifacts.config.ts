import { Max, Min } from 'class-validator';
import { BooleanVariable, IntegerVariable } from '../core/config';
import { type ToolResponseSettings } from './processing/tool-response';

/** The environment variables of tool response handling and artifacts (seed 004). */
export class ArtifactsConfig {
  /** Tool results whose canonical JSON is larger are saved as artifacts, in bytes. */
  @IntegerVariable()
  @Min(0)
  @Max(2 ** 40)
  ARTIFACT_SAVE_THRESHOLD_BYTES = 2048;

  /** The most of a tool result the model is given, in bytes; larger results are truncated. */
  @IntegerVariable()
  @Min(256)
  @Max(2 ** 30)
  LLM_RETURN_MAX_BYTES = 4096;

  /** The largest artifact stored, in bytes; saving a larger piece fails (the model is told). */
  @IntegerVariable()
  @Min(1)
  @Max(2 ** 40)
  ARTIFACT_MAX_BYTES = 50 * 1024 * 1024;

  /** Off: results to save are stored whole, as one raw `.json` artifact, not typed pieces. */
  @BooleanVariable()
  ARTIFACT_INTELLIGENT_PROCESSING = true;

  /** Off: a result that cannot be processed saves nothing and the model gets an error. */
  @BooleanVariable()
  ARTIFACT_FALLBACK_TO_RAW_ON_ERROR = true;

  get settings(): ToolResponseSettings {
    return {
      saveThresholdBytes: this.ARTIFACT_SAVE_THRESHOLD_BYTES,
      returnMaxBytes: this.LLM_RETURN_MAX_BYTES,
      intelligentProcessing: this.ARTIFACT_INTELLIGENT_PROCESSING,
      fallbackToRawOnError: this.ARTIFACT_FALLBACK_TO_RAW_ON_ERROR,
    };
  }
}
