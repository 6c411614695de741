import { Injectable } from '@nestjs/common';
import { type ToolContext } from '../../tools/tool.contract';
import { ToolUnavailableError } from '../tools/registered-tool.errors';
import { type StoredToolSource } from './tool-source-type.contract';
import { ToolSourceTypes } from './tool-source-types.service';
import { ToolSourcesRepository } from './tool-sources.repository';

/** Runs one upstream tool with the given arguments. */
export type UpstreamToolCall = (
  args: Record<string, unknown>,
  context: ToolContext,
) => Promise<unknown>;

type SourceForCalls = StoredToolSource & { type: string };

/**
 * Calls imported tools' upstream tools through their sources' types. Each imported tool the
 * catalog builds reads its source once, on its first call, and keeps it: the catalog builds
 * its tools again after every committed change to a source or its tools, on every instance, so
 * a call uses the settings an admin saved last as soon as the catalog serves them.
 */
@Injectable()
export class ToolSourceCalls {
  constructor(
    private readonly sources: ToolSourcesRepository,
    private readonly types: ToolSourceTypes,
  ) {}

  /** The call of `upstreamName` through source `sourceId`, for one built tool. */
  callerOf(sourceId: string, upstreamName: string): UpstreamToolCall {
    let source: Promise<SourceForCalls> | undefined;
    return async (args, context) => {
      source ??= this.load(sourceId, upstreamName).catch((error: unknown) => {
        // A failed read (the source gone, the database away) is tried again on the next call.
        source = undefined;
        throw error;
      });
      const { type, ...stored } = await source;
      return this.types.typeOf(type).call(stored, upstreamName, args, context);
    };
  }

  private async load(sourceId: string, upstreamName: string): Promise<SourceForCalls> {
    const source = await this.sources.find(sourceId);
    if (!source) {
      throw new ToolUnavailableError(upstreamName, `its tool source ${sourceId} no longer exists`);
    }
    return { id: source.id, name: source.name, settings: source.settings, type: source.type };
  }
}
