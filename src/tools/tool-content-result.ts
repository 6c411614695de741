/**
 * A tool's answer given as MCP content (an `mcp` tool's `CallToolResult`, read permissively:
 * items are not validated yet). REST and test-runs show its plain value; agent runs process the
 * content itself into artifacts.
 */
export class ToolContentResult {
  constructor(
    /** The result as the MCP server sent it. */
    readonly raw: Record<string, unknown>,
    /** What REST callers and test-runs see: the structured content, the text, or the items. */
    readonly plainValue: unknown,
  ) {}

  /** REST envelopes and events serialise the plain value. */
  toJSON(): unknown {
    return this.plainValue;
  }
}

/** A tool's answer as plain JSON: the plain value of MCP content, any other answer as it is. */
export function plainValueOf(answer: unknown): unknown {
  return answer instanceof ToolContentResult ? answer.plainValue : answer;
}
