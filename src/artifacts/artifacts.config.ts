import { Max, Min } from 'class-validator';
import { BooleanVariable, Describe, IntegerVariable, VariableGroup } from '../core/config';
import { type ToolResponseSettings } from './processing/tool-response';

/** The environment variables of tool response handling and artifacts. */
@VariableGroup('Tool results and artifacts')
export class ArtifactsConfig {
  @Describe(
    'Tool results of runs larger than this (canonical JSON, in bytes) are saved as artifacts',
  )
  @IntegerVariable()
  @Min(0)
  @Max(2 ** 40)
  ARTIFACT_SAVE_THRESHOLD_BYTES = 2048;

  @Describe(
    'The most of a tool result the model is given, in bytes; larger ones are saved and truncated',
  )
  @IntegerVariable()
  @Min(256)
  @Max(2 ** 30)
  LLM_RETURN_MAX_BYTES = 4096;

  @Describe('Largest artifact stored, in bytes; saving a larger one fails (the model is told)')
  @IntegerVariable()
  @Min(1)
  @Max(2 ** 40)
  ARTIFACT_MAX_BYTES = 50 * 1024 * 1024;

  @Describe(
    '`false`: results to save are stored whole, as one raw `.json` artifact, not typed pieces',
  )
  @BooleanVariable()
  ARTIFACT_INTELLIGENT_PROCESSING = true;

  @Describe('`false`: a result that cannot be processed saves nothing and the model gets an error')
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
