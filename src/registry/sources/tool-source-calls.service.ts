import { Injectable } from '@nestjs/common';
import { type ToolContext } from '../../tools/tool.contract';
import { ToolUnavailableError } from '../tools/registered-tool.errors';
import { ToolSourceTypes } from './tool-source-types.service';
import { ToolSourcesRepository } from './tool-sources.repository';

/**
 * Calls an imported tool's upstream tool through its source's type. The source is read afresh
 * for each call (one lookup by key), so a call always uses the settings an admin saved last, on
 * whichever instance they were saved.
 */
@Injectable()
export class ToolSourceCalls {
  constructor(
    private readonly sources: ToolSourcesRepository,
    private readonly types: ToolSourceTypes,
  ) {}

  async call(
    sourceId: string,
    upstreamName: string,
    args: Record<string, unknown>,
    context: ToolContext,
  ): Promise<unknown> {
    const source = await this.sources.find(sourceId);
    if (!source) {
      throw new ToolUnavailableError(upstreamName, `its tool source ${sourceId} no longer exists`);
    }
    return this.types
      .typeOf(source.type)
      .call(
        { id: source.id, name: source.name, settings: source.settings },
        upstreamName,
        args,
        context,
      );
  }
}
