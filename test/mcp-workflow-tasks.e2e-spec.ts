/**
 * Workflow tools as MCP tasks for a 2026-07-28 client with the tasks extension's official
 * client: the task is the workflow run, its running step says what it does, its agent steps'
 * approvals are asked as elicitations, its steps' artifacts are linked, and tasks/cancel stops it.
 */
import { HOLDING, answering, httpTool } from './support/agent-tool-fixtures';
import { McpClients, listeningUrl } from './support/mcp-clients';
import { openTaskSession } from './support/mcp-task-sessions';
import { type RuntimeUser, runtimeUser } from './support/runtime-client';
import { type TestApp, describeOnAdapter } from './support/test-app';
import { type ToolServer, startHttpToolServer } from './support/tool-servers';

let counter = 0;
const unique = (base: string) => `${base}_${++counter}`;

describeOnAdapter(
  'MCP tasks of workflow tools (2026-07-28, tasks extension)',
  (testApp: () => TestApp) => {
    const clients = new McpClients();
    let baseUrl: string;
    let alice: RuntimeUser;
    let big: ToolServer;

    beforeAll(async () => {
      baseUrl = await listeningUrl(testApp());
      alice = await runtimeUser(testApp(), 'alice');
      // Larger than ARTIFACT_SAVE_THRESHOLD_BYTES: the run saves it as an artifact.
      big = await startHttpToolServer(() => ({ json: { rows: 'r'.repeat(5000) } }));
    });

    afterEach(() => clients.closeAll());

    afterAll(() => big?.close());

    async function post(path: string, body: object): Promise<{ id: string; name: string }> {
      const created = await alice.post(path, body);
      expect(created.status).toBe(201);
      return created.body as { id: string; name: string };
    }

    /** A workflow of one agent step whose agent is `modelConfig` with `toolIds`, served as a tool. */
    async function workflowToolOf(modelConfig: object, toolIds: string[] = []) {
      const agent = await post('/api/v1/agents', {
        name: unique('agent'),
        system_prompt: 'You are a test agent.',
        model_config: modelConfig,
        tool_ids: toolIds,
      });
      const workflow = await post('/api/v1/workflows', {
        name: unique('workflow'),
        steps: [{ type: 'agent', id: agent.id, key: 'report' }],
      });
      const tool = await post('/api/v1/tools', {
        name: unique('run_workflow'),
        description: 'Runs a workflow',
        implementation: { type: 'workflow', workflow_id: workflow.id },
      });
      return { name: tool.name, workflowId: workflow.id };
    }

    /** A workflow tool whose one agent step calls `tool`, then answers "Report ready.". */
    const workflowToolCalling = async (tool: { id: string; name: string }) =>
      (await workflowToolOf(answering('Report ready.', [{ name: tool.name, args: {} }]), [tool.id]))
        .name;

    it('runs a workflow tool as a task: its step asks for approval, completes, and links its artifacts', async () => {
      const fetcher = await httpTool(alice, big, true);
      const name = await workflowToolCalling(fetcher);
      const statuses: string[] = [];
      const asked: string[] = [];
      const { session } = await openTaskSession(clients, baseUrl, alice.auth, (request) => {
        asked.push(request.params?.message as string);
        return Promise.resolve({ action: 'accept', content: { decision: 'approve' } } as never);
      });
      const execution = await session.callTool(name, {});
      expect(execution.kind).toBe('task');
      const { outcome } = await execution.settle({
        onEvent: (event) => {
          if (event.type === 'task')
            statuses.push(`${event.task.status} ${event.task.statusMessage}`);
        },
      });
      if (outcome.status === 'failed') throw outcome.error;
      expect(outcome).toMatchObject({ status: 'completed' });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(fetcher.name);
      expect(statuses).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^input_required step 1 of 1 \\(agent_\\d+\\): waiting for approval of ${fetcher.name}$`,
          ),
        ),
      );

      const result = (outcome as { result: Record<string, unknown> }).result as {
        content: Record<string, unknown>[];
        structuredContent: {
          output: unknown;
          workflow_run_id: string;
          steps: unknown[];
          artifacts: { id: string; version: number }[];
        };
      };
      const { output, workflow_run_id, steps, artifacts } = result.structuredContent;
      expect(output).toBe('Report ready.');
      expect(steps).toEqual([{ index: 0, key: 'report', status: 'completed' }]);
      const run = await alice.get(`/api/v1/workflow-runs/${workflow_run_id}`);
      expect(run.body.status).toBe('completed');
      expect(artifacts).toHaveLength(1);
      const link = result.content.find((block) => block.type === 'resource_link');
      expect(link).toMatchObject({
        uri: `toolhub://artifacts/${artifacts[0].id}?version=${artifacts[0].version}`,
      });
    });

    it('links the artifacts of a plain tools/call of a workflow tool too', async () => {
      const fetcher = await httpTool(alice, big, false);
      const name = await workflowToolCalling(fetcher);
      const { client } = await clients.connectHttp(baseUrl, 'old', { Authorization: alice.auth });
      const { tools } = await client.listTools();
      // Declared, so the client checks the answer below against it.
      expect(tools.find((tool) => tool.name === name)?.outputSchema).toMatchObject({
        anyOf: [
          expect.objectContaining({
            required: ['output', 'workflow_run_id', 'steps', 'artifacts'],
          }),
          expect.objectContaining({ required: ['error'] }),
        ],
      });
      const result = (await client.callTool({ name, arguments: {} })) as unknown as {
        content: { type: string; uri?: string }[];
        structuredContent: { artifacts: { id: string }[] };
      };
      const [artifact] = result.structuredContent.artifacts;
      expect(artifact).toBeDefined();
      expect(result.content.filter(({ type }) => type === 'resource_link')).toEqual([
        expect.objectContaining({
          uri: expect.stringContaining(`toolhub://artifacts/${artifact.id}`),
        }),
      ]);
    });

    it('cancels the workflow run with tasks/cancel', async () => {
      const tool = await workflowToolOf(HOLDING);
      const { session } = await openTaskSession(clients, baseUrl, alice.auth);
      const execution = await session.callTool(tool.name, {});
      if (execution.kind !== 'task') throw new Error('expected a task');
      const task = session.task(execution.handle.taskId);
      let view = await task.snapshot();
      while (!(view.raw.statusMessage as string).startsWith('step 1 of 1'))
        view = await task.snapshot();
      await task.cancel();
      while (view.status === 'working') view = await task.snapshot();
      expect(view.status).toBe('cancelled');
      const runs = await alice.get(`/api/v1/workflows/${tool.workflowId}/runs`);
      expect(runs.body.items[0].status).toBe('cancelled');
    });
  },
);
