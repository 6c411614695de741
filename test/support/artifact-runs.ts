/**
 * Runs for the artifact tests: an agent on the real Anthropic SDK (against the local
 * wire-format server) calls `produce {case}` on a content MCP server, or `load_artifact`; what
 * the run emitted, what the model was sent next, and what the session's artifacts hold.
 */
import { type ArtifactRange } from '../../src/artifacts/artifacts.service';
import { type ContentMcpServer, startContentMcpServer } from './content-mcp-server';
import { type FakeAnthropicServer, startFakeAnthropicServer } from './fake-anthropic-server';
import { type RuntimeUser, runtimeUser } from './runtime-client';
import { type SseFrame } from './sse-client';
import { SELECTED_ADAPTER, type TestApp, startTestApp } from './test-app';

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

/** A run in which the model called one tool, then ended its turn. */
export interface ToolCallRun {
  sessionId: string;
  frames: SseFrame[];
  /** The data of the run's one `tool_result` event. */
  toolResult: Record<string, unknown>;
  /** The text of the tool result the model was sent in its next request. */
  modelText: string;
  modelIsError: boolean;
  /** The system prompt of the model's next request. */
  nextSystem: string;
  /** The whole body of the model's next request, as JSON: everything in its context. */
  nextRequestJson: string;
  /** The tools the model was offered in the request it answered with the call. */
  offeredTools: string[];
}

/** A run calling `produce {case}`, and the session's artifacts after it. */
export interface CaseRun extends ToolCallRun {
  artifacts: StoredArtifact[];
}

/** The model's text of a tool_result block, whether sent as a string or as text blocks. */
export function textOf(block: ToolResultBlock): string {
  return typeof block.content === 'string'
    ? block.content
    : block.content.map((part) => part.text ?? '').join('');
}

/** A user's tool-calling agent: runs `produce {case}` or `load_artifact` and reads what became of it. */
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
    const run = await this.call(session, 'produce', { case: name });
    return { ...run, artifacts: await this.artifactsOf(session) };
  }

  /**
   * One run in `sessionId` whose model calls `load_artifact` with `input`; what the model was
   * given back, parsed (`range`) unless it was an error.
   */
  async load(
    sessionId: string,
    input: Record<string, unknown>,
  ): Promise<ToolCallRun & { range?: ArtifactRange }> {
    const run = await this.call(sessionId, 'load_artifact', input);
    return run.modelIsError ? run : { ...run, range: JSON.parse(run.modelText) as ArtifactRange };
  }

  /** One run in `sessionId` whose model calls `tool` with `input`, then says it is done. */
  async call(
    sessionId: string,
    tool: string,
    input: Record<string, unknown>,
  ): Promise<ToolCallRun> {
    const toolUseId = `toolu_${++this.calls}`;
    const before = this.anthropic.requests.length;
    this.anthropic.push({ toolCalls: [{ id: toolUseId, name: tool, input }] }, { text: 'Done.' });
    const stream = await this.user.stream(sessionId, { content: `Call ${tool}` });
    const frames = await stream.ended;
    const last = frames[frames.length - 1];
    if (last.data.type !== 'complete') throw new Error(`run ended: ${JSON.stringify(last.data)}`);
    const first = this.anthropic.requests[before].body as { tools?: { name: string }[] };
    const next = this.anthropic.requests[before + 1].body as {
      system?: string | { text: string }[];
      messages: { role: string; content: string | ToolResultBlock[] }[];
    };
    const results = next.messages[next.messages.length - 1].content as ToolResultBlock[];
    const block = results.find((candidate) => candidate.tool_use_id === toolUseId);
    if (!block) throw new Error('the model was not sent the tool result');
    const toolResult = frames.find((frame) => frame.event === 'tool_result')?.data ?? {};
    return {
      sessionId,
      frames,
      toolResult,
      modelText: textOf(block),
      modelIsError: block.is_error === true,
      nextSystem: systemText(next.system),
      nextRequestJson: JSON.stringify(next),
      offeredTools: (first.tools ?? []).map((offered) => offered.name),
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

export interface ArtifactServers {
  /** The fake Anthropic server the file's apps call (started before its tests). */
  anthropic(): FakeAnthropicServer;
  /**
   * The tests of `suite` against an app with `env` whose user `alice` has the MCP tool `produce`
   * (apps of one process share their configuration while open: one at a time).
   */
  describeWithApp(
    title: string,
    env: Record<string, string>,
    suite: (runs: () => ArtifactRuns, user: () => RuntimeUser, app: () => TestApp) => void,
  ): void;
}

/**
 * For the test file that calls it (at its top level): the fake Anthropic server, and an MCP
 * server whose `produce {case}` answers with `cases[case]`, both started before its tests.
 */
export function useArtifactServers(cases: Readonly<Record<string, unknown>>): ArtifactServers {
  let anthropic: FakeAnthropicServer;
  let tools: ContentMcpServer;

  beforeAll(async () => {
    anthropic = await startFakeAnthropicServer();
    tools = await startContentMcpServer(cases);
  });

  afterAll(async () => {
    await anthropic?.close();
    await tools?.close();
  });

  return {
    anthropic: () => anthropic,
    describeWithApp: (title, env, suite) =>
      describe(title, () => {
        let app: TestApp;
        let alice: RuntimeUser;
        let runs: ArtifactRuns;

        beforeAll(async () => {
          app = await startTestApp(SELECTED_ADAPTER, {
            env: {
              ...anthropic.env,
              ...env,
            },
          });
          alice = await runtimeUser(app, 'alice');
          const tool = await alice.post('/api/v1/tools', {
            name: 'produce',
            description: 'Answers with the content of a test case',
            parameters: {
              type: 'object',
              properties: { case: { type: 'string' } },
              required: ['case'],
            },
            implementation: { type: 'mcp', url: tools.url, tool_name: 'produce' },
            requires_approval: false,
          });
          if (tool.status !== 201) throw new Error(JSON.stringify(tool.body));
          runs = new ArtifactRuns(anthropic, alice, tool.body.id as string);
        });

        afterAll(async () => {
          await app?.close();
        });

        suite(
          () => runs,
          () => alice,
          () => app,
        );
      }),
  };
}

/** The `load_artifact` call a partial result tells the model to make to read the rest. */
export function readOnCall(modelText: string): { name: string; version?: number; offset: number } {
  const call = /load_artifact (\{"[^}]*\})/.exec(modelText);
  if (!call) throw new Error(`no load_artifact call in: ${modelText.slice(-500)}`);
  return JSON.parse(call[1]) as { name: string; version?: number; offset: number };
}

/** Nothing of the model's next request (system, history, tool results) holds these bytes' base64. */
export function expectNoBase64(run: ToolCallRun, ...payloads: Buffer[]): void {
  for (const payload of payloads) {
    expect(run.nextRequestJson).not.toContain(payload.toString('base64').replace(/=+$/, ''));
  }
}
