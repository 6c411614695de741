/**
 * A workflow run without a webhook ends by one statement: the event that tells its end is
 * stored with the run's end, or, if the run has ended meanwhile, neither is.
 */
import { WorkflowsService } from '../../src/registry/workflows/workflows.service';
import { type WorkflowRunEvent } from '../../src/runtime/workflow-runs/workflow-run-event.types';
import { WorkflowRunEventStore } from '../../src/runtime/workflow-runs/workflow-run-events.repository';
import {
  type WorkflowRunEnding,
  WorkflowRunsRepository,
} from '../../src/runtime/workflow-runs/workflow-runs.repository';
import { useServiceModule } from '../support/service-module';

describe('A workflow run ending with its last event', () => {
  const module = useServiceModule();
  const runs = () => module().get(WorkflowRunsRepository);
  const store = () => module().get(WorkflowRunEventStore);
  let workflowId: string;

  beforeAll(async () => {
    const workflow = await module()
      .get(WorkflowsService)
      .create({ name: `ending_${process.pid}`, steps: [] });
    workflowId = workflow.id;
  });

  const newRun = () =>
    runs().insert({
      workflowId,
      owner: 'alice',
      input: { topic: 'ünïcode' },
      steps: [],
      depth: 0,
      instanceId: 'this-instance',
    });

  const endEvent = (workflowRunId: string, output: unknown): WorkflowRunEvent => ({
    type: 'workflow_completed',
    workflowRunId,
    eventIndex: 1,
    timestamp: new Date().toISOString(),
    persistenceState: 'persisted',
    output,
  });

  const end = (workflowRunId: string, ending: WorkflowRunEnding, output: unknown = null) =>
    store().appendChanging(endEvent(workflowRunId, output), runs().ending(ending, 2));

  it('stores the event, numbered, with the run completed and its output', async () => {
    const run = await newRun();
    const output = { url: 'https://example.test/x', nested: [1, null, 'ß'] };

    const stored = await end(run.id, { status: 'completed', output }, output);

    expect(stored?.sequenceNumber).toBe(run.last_sequence_number + 1);
    const ended = await runs().find(run.id);
    expect(ended).toMatchObject({ status: 'completed', output, error: null, next_event_index: 2 });
    expect(ended?.finished_at).toBeInstanceOf(Date);
    const events = await store().listAfter(run.id, -1);
    expect(events).toEqual([
      {
        ...endEvent(run.id, output),
        timestamp: expect.any(String),
        sequenceNumber: stored?.sequenceNumber,
      },
    ]);
  });

  it('stores a failure with its error, and a null or absent output as none', async () => {
    const failed = await newRun();
    const error = { code: 'TOOL_FAILED', message: 'The step failed' };
    await end(failed.id, { status: 'failed', error });
    expect(await runs().find(failed.id)).toMatchObject({ status: 'failed', error, output: null });

    const empty = await newRun();
    await end(empty.id, { status: 'completed', output: undefined });
    expect(await runs().find(empty.id)).toMatchObject({ status: 'completed', output: null });
  });

  it('stores nothing, and changes nothing, once the run has ended', async () => {
    const run = await newRun();
    await runs().finish(run.id, { status: 'cancelled' }, 1);

    const stored = await end(run.id, { status: 'completed', output: 'late' }, 'late');

    expect(stored).toBeUndefined();
    expect(await store().listAfter(run.id, -1)).toEqual([]);
    expect(await runs().find(run.id)).toMatchObject({
      status: 'cancelled',
      output: null,
      next_event_index: 1,
    });
  });
});
