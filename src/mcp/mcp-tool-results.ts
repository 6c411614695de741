import { type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import { DomainError, InternalError } from '../core/errors';
import { type JsonSchema } from '../core/json-schema';
import { type ToolDefinition } from '../tools/tool.contract';
import { plainValueOf } from '../tools/tool-content-result';

const ERROR_OUTPUT: JsonSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

/**
 * A tool as MCP `tools/list` shows it. Failures are tool results carrying `{ error }` as
 * structured content, and MCP clients check structured content against `outputSchema`
 * even on errors, so the advertised schema is "the tool's output, or an error".
 */
export function toMcpTool(definition: ToolDefinition, runsAsTask = false): Tool {
  return {
    name: definition.name,
    ...(definition.annotations?.title && { title: definition.annotations.title }),
    description: definition.description,
    // Stored schemas are JSON; the SDK's type says so with index signatures an interface lacks.
    inputSchema: definition.inputSchema as Tool['inputSchema'],
    ...(definition.outputSchema && {
      outputSchema: { type: 'object', anyOf: [definition.outputSchema, ERROR_OUTPUT] },
    }),
    ...(definition.annotations && { annotations: definition.annotations }),
    // Its calls start stored work (a run) that clients may follow as a task.
    ...(runsAsTask && { execution: { taskSupport: 'optional' } }),
  };
}

/**
 * Success: the result as structured content, and as text for clients that read text: a text
 * result as it is (an upstream MCP tool's text reaches the model unchanged), anything else as
 * its JSON.
 */
export function toolSuccess(answer: unknown): CallToolResult {
  // A proxied MCP tool's items are not re-served unchecked: its plain value is.
  const result = plainValueOf(answer);
  const structured = isRecord(result) ? result : { value: result };
  return {
    content: [{ type: 'text', text: typeof result === 'string' ? result : JSON.stringify(result) }],
    structuredContent: structured,
  };
}

/**
 * A failure the model can act on: the error code and message in the text and as structured
 * content. Anything that is not a domain error is reported as INTERNAL_ERROR, without details.
 */
export function toolFailure(error: unknown): CallToolResult {
  const failure = error instanceof DomainError ? error : new InternalError();
  const body = { code: failure.code, message: failure.message };
  return {
    isError: true,
    content: [{ type: 'text', text: `${body.code}: ${body.message}` }],
    structuredContent: { error: body },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
