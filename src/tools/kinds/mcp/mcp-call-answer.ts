import { DomainError } from '../../../core/errors';
import { ToolContentResult } from '../../tool-content-result';
import { ToolExecutionFailedError, ToolReportedError } from '../../tool.errors';
import { excerptOf } from '../endpoint/remote-body-excerpt';

interface ContentBlock {
  type: string;
  text?: string;
}

/**
 * A `tools/call` result of a remote MCP server as toolhub answers it: its structured content,
 * else its text, else its content blocks; a result marked `isError` fails the call with its
 * text, an excerpt of it, in the message (MCP callers are shown the message only). `what` says
 * which tool of which server, for that message.
 */
export function mcpCallAnswer(result: Record<string, unknown>, what: string): ToolContentResult {
  // Read permissively: a malformed item is the agent's to skip, not a reason to drop the rest.
  const content = Array.isArray(result.content) ? (result.content as ContentBlock[]) : [];
  const answer = new ToolContentResult(result, result.structuredContent ?? valueOf(content));
  if (result.isError === true) {
    throw new ToolReportedError(`${what} failed: ${excerptOf(textOf(content))}`, answer);
  }
  return answer;
}

/**
 * A call of a remote MCP server that failed as toolhub reports it: a domain error as it is,
 * anything else (the SDK's, whose message of a failed POST holds the whole body the server
 * answered) as TOOL_EXECUTION_FAILED with an excerpt.
 */
export function mcpCallFailure(error: unknown, server: string): DomainError {
  if (error instanceof DomainError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new ToolExecutionFailedError(`MCP server ${server} failed: ${excerptOf(reason)}`);
}

function textOf(content: readonly ContentBlock[]): string {
  return content
    .filter((block) => block?.type === 'text')
    .map((block) => block.text)
    .join('\n');
}

/** Text-only results become their text; anything richer is returned as the content blocks. */
function valueOf(content: readonly ContentBlock[]): unknown {
  return content.every((block) => block?.type === 'text') ? textOf(content) : content;
}
