import { type Attributes } from '@opentelemetry/api';
import { type CatalogTool } from './tool-catalog.service';

/**
 * `gen_ai.tool.type` of the GenAI conventions: `datastore` for a tool that reads stored data,
 * `function` for toolhub's own code, `extension` for what calls out (an endpoint, another
 * agent). The kind itself goes in `toolhub.tool.kind`.
 */
function toolTypeOf(tool: CatalogTool): string {
  if (tool.readsArtifacts) return 'datastore';
  return tool.kind === undefined || tool.kind === 'builtin' ? 'function' : 'extension';
}

/** The attributes of a tool call's `execute_tool` span. */
export function toolCallAttributes(tool: CatalogTool, callId: string | undefined): Attributes {
  return {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': tool.definition.name,
    'gen_ai.tool.type': toolTypeOf(tool),
    ...(tool.definition.description && {
      'gen_ai.tool.description': tool.definition.description,
    }),
    ...(tool.kind && { 'toolhub.tool.kind': tool.kind }),
    ...(callId && { 'gen_ai.tool.call.id': callId }),
  };
}
