/**
 * Runs for the artifact tests: an agent on the real Anthropic SDK (against the local
 * wire-format server) calls `produce {case}` on a content MCP server; what the run emitted,
 * what the model was sent next, and what the session's artifacts hold.
 */
import { type FakeAnthropicServer } from './fake-anthropic-server';
import { type RuntimeUser } from './runtime-client';
import { type SseFrame } from './sse-client';

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string | { type: string; text?: string }[];
  is_error?: boolean;
}

export interface StoredArtifact {
  id: string;
  name: string;
  latest: {
    version: number;
    mime_type: string;
    size_bytes: number;
    kind: string;
    metadata: Record<string, unknown>;
    user_only: boolean;
    content_url: string;
  };
}

export interface CaseRun {
  sessionId: string;
  frames: SseFrame[];
  /** The data of the run's one `tool_result` event. */
  toolResult: Record<string, unknown>;
  /** The text of the tool result the model was sent in its next request. */
  modelText: string;
  modelIsError: boolean;
  /** The system prompt of the model's next request. */
  nextSystem: string;
  artifacts: StoredArtifact[];
}

/** The model's text of a tool_result block, whether sent as a string or as text blocks. */
export function textOf(block: ToolResultBlock): string {
  return typeof block.content === 'string'
    ? block.content
    : block.content.map((part) => part.text ?? '').join('');
}

/** A user's tool-calling agent: runs `produce {case}` and reads what became of it. */
export class ArtifactRuns {
  private calls = 0;

  constructor(
    private readonly anthropic: FakeAnthropicServer,
    private readonly user: RuntimeUser,
    private readonly toolId: string,
  ) {}

  async newSession(): Promise<string> {
    const { sessionId } = await this.user.session({ provider: 'anthropic', model: 'claude-test' }, [
      this.toolId,
    ]);
    return sessionId;
  }

  /** One run in `sessionId` (a new session by default) calling `produce` with `name`. */
  async run(name: string, sessionId?: string): Promise<CaseRun> {
    const session = sessionId ?? (await this.newSession());
    const toolUseId = `toolu_${++this.calls}`;
    const before = this.anthropic.requests.length;
    this.anthropic.push(
      { toolCalls: [{ id: toolUseId, name: 'produce', input: { case: name } }] },
      { text: 'Done.' },
    );
    const stream = await this.user.stream(session, { content: `Run ${name}` });
    const frames = await stream.ended;
    const last = frames[frames.length - 1];
    if (last.data.type !== 'complete') throw new Error(`run ended: ${JSON.stringify(last.data)}`);
    const next = this.anthropic.requests[before + 1].body as {
      system?: string | { text: string }[];
      messages: { role: string; content: string | ToolResultBlock[] }[];
    };
    const results = next.messages[next.messages.length - 1].content as ToolResultBlock[];
    const block = results.find((candidate) => candidate.tool_use_id === toolUseId);
    if (!block) throw new Error('the model was not sent the tool result');
    const toolResult = frames.find((frame) => frame.event === 'tool_result')?.data ?? {};
    return {
      sessionId: session,
      frames,
      toolResult,
      modelText: textOf(block),
      modelIsError: block.is_error === true,
      nextSystem: systemText(next.system),
      artifacts: await this.artifactsOf(session),
    };
  }

  async artifactsOf(sessionId: string): Promise<StoredArtifact[]> {
    const listed = await this.user.get(`/api/v1/sessions/${sessionId}/artifacts`);
    if (listed.status !== 200) throw new Error(`artifacts: ${JSON.stringify(listed.body)}`);
    return (listed.body as { items: StoredArtifact[] }).items;
  }

  /** The bytes of an artifact version, as downloaded. */
  async bytesOf(artifact: StoredArtifact): Promise<Buffer> {
    const response = await this.user
      .get(artifact.latest.content_url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    if (response.status !== 200) throw new Error(`content: ${response.status}`);
    return response.body as Buffer;
  }
}

function systemText(system: string | { text: string }[] | undefined): string {
  if (system === undefined) return '';
  return typeof system === 'string' ? system : system.map((block) => block.text).join('');
}
