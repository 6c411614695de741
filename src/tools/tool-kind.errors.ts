/**
 * A stored tool whose `implementation.type` no kind of this version handles: it can be neither
 * served nor shown, so the start stops, naming the tool, rather than serving a partial catalog.
 */
export class UnknownToolKindError extends Error {
  constructor(toolName: string, type: string, known: readonly string[]) {
    super(
      `The registered tool '${toolName}' has implementation type '${type}', which no tool kind ` +
        `of this version handles (known: ${known.join(', ')}); start the version that ` +
        'registered it, or delete the tool with it',
    );
  }
}
