import { Injectable } from '@nestjs/common';
import { type ToolImplementation } from '../../database/schema';
import { type StoredTool, type ToolKind, type ToolKindBuild } from '../../tools/tool-kind.contract';
import { ToolKindProvider } from '../../tools/tool-kind-provider.decorator';
import { ENDPOINT_FAILED_EXAMPLE } from '../../tools/tool-transport-errors';
import { ToolSourceCalls } from './tool-source-calls.service';

/** What a tool imported by a source runs: one of the upstream's tools, through the source. */
export interface SourceToolImplementation extends ToolImplementation {
  type: 'source';
  source_id: string;
  upstream_name: string;
}

export function sourceToolImplementation(
  sourceId: string,
  upstreamName: string,
): SourceToolImplementation {
  return { type: 'source', source_id: sourceId, upstream_name: upstreamName };
}

/**
 * `source` tools: the tools a tool source imports. They run through the one execution path as
 * any tool (validation, time limit, abort, approvals, artifacts, metrics); a call reaches the
 * upstream through the source's type, with the source's settings. Only sources make them: the
 * kind has no registration, so `POST /api/v1/tools` refuses the type.
 */
@ToolKindProvider()
@Injectable()
export class SourceToolKind implements ToolKind {
  readonly type = 'source';
  readonly errors = [ENDPOINT_FAILED_EXAMPLE];

  constructor(private readonly calls: ToolSourceCalls) {}

  build({ implementation }: StoredTool): ToolKindBuild {
    const { source_id, upstream_name } = implementation as SourceToolImplementation;
    const call = this.calls.callerOf(source_id, upstream_name);
    return { handler: { execute: (input, context) => call(input, context) } };
  }

  view(implementation: ToolImplementation) {
    const { source_id, upstream_name } = implementation as SourceToolImplementation;
    return { type: this.type, source_id, upstream_name };
  }
}
