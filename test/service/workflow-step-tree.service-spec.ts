/**
 * A workflow run's step runs are one row each at every depth, named by their path: a nested
 * step run is added once and kept as it stands when added again (so a resumed run finds the
 * items and branches that finished), changed by its path alone, shown under its parent, and
 * cancelled with its run.
 */
import { randomUUID } from 'node:crypto';
import { SERVER_ITSELF } from '../../src/audit/audit-event';
import { WorkflowsService } from '../../src/registry/workflows/workflows.service';
import { toWorkflowRunDto } from '../../src/runtime/workflow-runs/workflow-run-views';
import { WorkflowRunsRepository } from '../../src/runtime/workflow-runs/workflow-runs.repository';
import { useServiceModule } from '../support/service-module';

describe('The step runs of a workflow run, as a tree', () => {
  const module = useServiceModule();
  const runs = () => module().get(WorkflowRunsRepository);
  let workflowId: string;

  beforeAll(async () => {
    const workflow = await module()
      .get(WorkflowsService)
      .create({ name: `step_tree_${process.pid}`, steps: [] }, SERVER_ITSELF);
    workflowId = workflow.id;
  });

  /** A run of two tool steps, stored with its `workflow_started`. */
  const insert = async () => {
    const id = randomUUID();
    const { row } = await runs().insert(
      {
        workflowId,
        owner: 'alice',
        input: null,
        steps: [
          { type: 'tool', ref_id: randomUUID(), name: 'first', key: 'first' },
          { type: 'tool', ref_id: randomUUID(), name: 'second', key: 'second' },
        ],
        depth: 0,
        instanceId: 'this-instance',
      },
      [
        {
          type: 'workflow_started',
          workflowRunId: id,
          eventIndex: 0,
          timestamp: new Date().toISOString(),
          persistenceState: 'persisted',
          input: null,
        },
      ],
    );
    return row;
  };

  it('keeps a nested step run that finished when it is added again, and changes it by path alone', async () => {
    const run = await insert();
    const items = ['1/items/0/0', '1/items/1/0', '1/items/10/0', '1/items/2/0'];
    await runs().addStepRuns(run.id, items);
    await runs().changeStep(run.id, { path: '1/items/0/0', status: 'running', started: true });
    await runs().changeStep(run.id, { path: '1/items/0/0', status: 'completed', output: 'a' });
    await runs().changeStep(run.id, { path: '1/items/2/0', status: 'running', started: true });
    // A resumed execution adds the items again: the one done stays done, with its output.
    await runs().addStepRuns(run.id, items);

    expect(
      (await runs().stepRuns(run.id)).map(({ path, index, status, attempts, output }) => ({
        path,
        index,
        status,
        attempts,
        output,
      })),
    ).toEqual([
      { path: '0', index: 0, status: 'pending', attempts: 0, output: null },
      { path: '1', index: 1, status: 'pending', attempts: 0, output: null },
      { path: '1/items/0/0', index: null, status: 'completed', attempts: 1, output: 'a' },
      { path: '1/items/1/0', index: null, status: 'pending', attempts: 0, output: null },
      { path: '1/items/2/0', index: null, status: 'running', attempts: 1, output: null },
      { path: '1/items/10/0', index: null, status: 'pending', attempts: 0, output: null },
    ]);
    // The top-level steps are the runner's: the nested runs are not among them.
    expect((await runs().steps(run.id)).map(({ path }) => path)).toEqual(['0', '1']);
  });

  it('shows each nested step run under the step it is in, with its path', async () => {
    const run = await insert();
    await runs().changeStep(run.id, { index: 0, status: 'completed', output: 1 });
    await runs().changeStep(run.id, { index: 1, status: 'running', started: true });
    await runs().addStepRuns(run.id, ['1/items/0/0', '1/items/0/1', '1/items/1/0']);
    await runs().changeStep(run.id, { path: '1/items/0/0', status: 'completed', output: 'x' });

    const view = toWorkflowRunDto(run, await runs().stepRuns(run.id));
    expect(view.steps.map(({ path, key, type }) => ({ path, key, type }))).toEqual([
      { path: '0', key: 'first', type: 'tool' },
      { path: '1', key: 'second', type: 'tool' },
    ]);
    expect(view.steps[0].steps).toBeUndefined();
    expect(view.steps[1].steps).toEqual([
      { path: '1/items/0/0', index: 0, key: null, status: 'completed', attempts: 0, output: 'x' },
      { path: '1/items/0/1', index: 1, key: null, status: 'pending', attempts: 0 },
      { path: '1/items/1/0', index: 0, key: null, status: 'pending', attempts: 0 },
    ]);
  });

  it('cancels every step run at work with its run, at any depth, and leaves the finished ones', async () => {
    const run = await insert();
    await runs().changeStep(run.id, { index: 0, status: 'completed', output: null });
    await runs().changeStep(run.id, { index: 1, status: 'running', started: true });
    await runs().addStepRuns(run.id, ['1/branches/a/0', '1/branches/b/0', '1/branches/c/0']);
    await runs().changeStep(run.id, { path: '1/branches/a/0', status: 'completed', output: 2 });
    await runs().changeStep(run.id, { path: '1/branches/b/0', status: 'running', started: true });
    await runs().changeStep(run.id, { path: '1/branches/c/0', status: 'awaiting_approval' });

    expect(await runs().cancelSilent(run.id, 0)).toMatchObject({ stepRunId: null });
    expect((await runs().stepRuns(run.id)).map(({ path, status }) => `${path} ${status}`)).toEqual([
      '0 completed',
      '1 cancelled',
      '1/branches/a/0 completed',
      '1/branches/b/0 cancelled',
      '1/branches/c/0 cancelled',
    ]);
  });
});
