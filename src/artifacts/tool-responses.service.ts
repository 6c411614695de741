import { Injectable } from '@nestjs/common';
import { ArtifactsConfig } from './artifacts.config';
import { type ArtifactOrigin, ArtifactsService } from './artifacts.service';
import { processToolResponse } from './processing/process-tool-response';
import { type ModelToolResponse } from './processing/tool-response';

/**
 * The one path a tool result of a run takes before the model sees it: pieces worth keeping become
 * artifacts of the session, and the model gets the result, whole or truncated, with notes on what
 * was saved.
 */
@Injectable()
export class ToolResponses {
  constructor(
    private readonly artifacts: ArtifactsService,
    private readonly config: ArtifactsConfig,
  ) {}

  process(result: unknown, toolName: string, origin: ArtifactOrigin): Promise<ModelToolResponse> {
    return processToolResponse(result, {
      toolName,
      settings: this.config.settings,
      save: (draft) => this.artifacts.save(draft, origin),
    });
  }
}
