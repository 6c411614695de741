import { type ToolAnnotations } from '../../../../tools/tool.contract';
import { type JsonSchema } from '../../../../core/json-schema';
import { type UpstreamListing, type UpstreamTool } from '../../tool-source-type.contract';

/** What a `tools/list` answer holds that toolhub reads. */
interface ListedTools {
  tools: {
    name: string;
    description?: string;
    inputSchema: unknown;
    outputSchema?: unknown;
    annotations?: unknown;
  }[];
  ttlMs?: unknown;
}

/** More tools than a source may import: the sync fails, naming the limit. */
export class TooManyUpstreamToolsError extends Error {
  constructor(count: number, limit: number) {
    super(
      `the upstream lists ${count} tools, more than the ${limit} a source may import (TOOL_SOURCE_MAX_TOOLS)`,
    );
  }
}

/** The tools of a `tools/list` answer (the SDK checked their shape) as a source reads them. */
export function upstreamToolsOf(result: ListedTools, limit: number): UpstreamListing {
  if (result.tools.length > limit) throw new TooManyUpstreamToolsError(result.tools.length, limit);
  const tools = result.tools.map((tool): UpstreamTool => ({
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema as JsonSchema,
    ...(tool.outputSchema !== undefined && { outputSchema: tool.outputSchema as JsonSchema }),
    ...(tool.annotations !== undefined && {
      annotations: asJson(tool.annotations as ToolAnnotations),
    }),
  }));
  const ttlMs = typeof result.ttlMs === 'number' && result.ttlMs > 0 ? result.ttlMs : undefined;
  return { tools, ...(ttlMs !== undefined && { ttlMs }) };
}

/** Annotations as JSON holds them: a field the SDK left `undefined` is absent, as once stored. */
function asJson(annotations: ToolAnnotations): ToolAnnotations {
  return JSON.parse(JSON.stringify(annotations)) as ToolAnnotations;
}
