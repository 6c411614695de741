/**
 * Tool calls of a run go the one way every tool call goes (`ToolExecutor`): builtin and `http`
 * tools, their failures as results the model reads, and calls that are cut short, by a cancel or
 * by `TOOL_TIMEOUT_SECONDS`, really stopped at the tool's end.
 */
import { type RunEvent } from '../../src/runtime/events/run-event.types';
import { RunsService } from '../../src/runtime/runs/runs.service';
import { useServiceModule } from '../support/service-module';
import { type ServiceRuntime, serviceRuntime } from '../support/service-runtime';
import {
  type ReceivedRequest,
  type ToolServer,
  startHttpToolServer,
} from '../support/tool-servers';

const resultOf = (events: readonly RunEvent[], toolUseId: string) =>
  events.find((event) => event.type === 'tool_result' && event.toolUseId === toolUseId);

/** An `http` tool whose endpoint never answers, and the next request it receives. */
async function startHangingTool() {
  let called: (request: ReceivedRequest) => void = () => undefined;
  const server = await startHttpToolServer((request) => {
    called(request);
    return 'hang';
  });
  return {
    server,
    nextRequest: () => new Promise<ReceivedRequest>((resolve) => (called = resolve)),
  };
}

/** A session whose agent calls the tool once (`toolu_slow`), then answers. */
function callingOnce(user: ServiceRuntime, tool: { id: string; name: string }): Promise<string> {
  return user.session(
    [{ tool_calls: [{ id: 'toolu_slow', name: tool.name, args: {} }] }, { text: 'Moving on.' }],
    [tool.id],
  );
}

describe('Tool calls of a run', () => {
  const module = useServiceModule();
  let echo: ToolServer;
  let hanging: Awaited<ReturnType<typeof startHangingTool>>;

  beforeAll(async () => {
    echo = await startHttpToolServer();
    hanging = await startHangingTool();
  });

  afterAll(async () => {
    await echo.close();
    await hanging.server.close();
  });

  test('builtin and http tools run from one turn; their failures reach the model as results', async () => {
    const alice = serviceRuntime(module());
    const quote = await alice.httpTool(echo.url, false);
    const sessionId = await alice.session(
      [
        {
          tool_calls: [
            { id: 'toolu_http', name: quote.name, args: { symbol: '005930' } },
            { id: 'toolu_empty', name: 'encodePlantUML', args: { plantumlCode: '' } },
            { id: 'toolu_unknown', name: 'noSuchTool', args: {} },
          ],
        },
        { text: 'Done.' },
      ],
      [quote.id, await alice.toolId('encodePlantUML')],
    );
    const before = echo.requests.length;
    const { run, follower } = await alice.start(sessionId, { content: 'Go' });
    const events = await follower.ended;

    expect(
      echo.requests.slice(before).map((request) => JSON.parse(request.body) as unknown),
    ).toEqual([{ symbol: '005930' }]);
    expect(resultOf(events, 'toolu_http')).toMatchObject({
      success: true,
      result: { received: { symbol: '005930' } },
    });
    expect(resultOf(events, 'toolu_empty')).toMatchObject({ success: false, code: 'EMPTY_CODE' });
    expect(resultOf(events, 'toolu_unknown')).toMatchObject({
      success: false,
      code: 'TOOL_NOT_FOUND',
    });
    expect(events.slice(-2)).toEqual([
      expect.objectContaining({ type: 'message', content: 'Done.' }),
      expect.objectContaining({ type: 'complete', reason: 'success' }),
    ]);
    const runs = module().get(RunsService);
    expect((await runs.find(alice.principal, run.id)).status).toBe('completed');
  });

  test('a cancel while an http tool runs aborts its request and answers the call "Run cancelled"', async () => {
    const alice = serviceRuntime(module());
    const slow = await alice.httpTool(hanging.server.url, false);
    const sessionId = await callingOnce(alice, slow);
    const requested = hanging.nextRequest();
    const { run, follower } = await alice.start(sessionId, { content: 'Slowly' });
    const request = await requested;

    await module().get(RunsService).cancel(alice.principal, run.id);
    const events = await follower.ended;

    expect(events.slice(-2)).toEqual([
      expect.objectContaining({
        type: 'tool_result',
        toolUseId: 'toolu_slow',
        success: false,
        code: 'RUN_CANCELLED',
        error: 'Run cancelled',
      }),
      expect.objectContaining({ type: 'complete', reason: 'cancelled' }),
    ]);
    // The tool's HTTP request was really aborted, not left running.
    await request.aborted;
  });
});

describe('Tool calls of a run past TOOL_TIMEOUT_SECONDS', () => {
  // The shortest limit there is: the test waits for the timeout to happen, not for a clock.
  const module = useServiceModule({ TOOL_TIMEOUT_SECONDS: '1' });

  test('are aborted at the tool and answered EXECUTION_TIMEOUT; the run goes on', async () => {
    const hanging = await startHangingTool();
    try {
      const alice = serviceRuntime(module());
      const slow = await alice.httpTool(hanging.server.url, false);
      const sessionId = await callingOnce(alice, slow);
      const requested = hanging.nextRequest();
      const { follower } = await alice.start(sessionId, { content: 'Slowly' });
      const request = await requested;
      const events = await follower.ended;

      expect(resultOf(events, 'toolu_slow')).toMatchObject({
        success: false,
        code: 'EXECUTION_TIMEOUT',
      });
      await request.aborted;
      expect(events.slice(-2)).toEqual([
        expect.objectContaining({ type: 'message', content: 'Moving on.' }),
        expect.objectContaining({ type: 'complete', reason: 'success' }),
      ]);
    } finally {
      await hanging.server.close();
    }
  });
});
