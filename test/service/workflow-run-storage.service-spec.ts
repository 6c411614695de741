/**
 * A workflow run's start, each step's end with the next step's start, and (without a webhook)
 * its end are each one statement: the run, its steps, its first event and its first step's
 * start stored together; a step's end and the next one's start numbered in order with both
 * steps' changes; the event that tells its end stored with the run's end (and the last step's
 * end), or, if the run has ended meanwhile, neither. The workflow it runs is read with its steps
 * by one statement too.
 */
import { SERVER_ITSELF } from '../../src/audit/audit-event';
import { randomUUID } from 'node:crypto';
import { WorkflowsRepository } from '../../src/registry/workflows/workflows.repository';
import { WorkflowsService } from '../../src/registry/workflows/workflows.service';
import {
  type WorkflowRunEvent,
  type WorkflowRunEventFields,
  type WorkflowRunEventType,
} from '../../src/runtime/workflow-runs/workflow-run-event.types';
import { WorkflowRunEventStore } from '../../src/runtime/workflow-runs/workflow-run-events.repository';
import {
  type WorkflowRunEnding,
  type WorkflowRunRow,
  WorkflowRunsRepository,
} from '../../src/runtime/workflow-runs/workflow-runs.repository';
import { useServiceModule } from '../support/service-module';

describe('A workflow run stored by one statement at its start and its end', () => {
  const module = useServiceModule();
  const runs = () => module().get(WorkflowRunsRepository);
  const store = () => module().get(WorkflowRunEventStore);
  let workflowId: string;

  beforeAll(async () => {
    const workflow = await module()
      .get(WorkflowsService)
      .create({ name: `storage_${process.pid}`, steps: [] }, SERVER_ITSELF);
    workflowId = workflow.id;
  });

  /** A persisted event of the workflow run, at `eventIndex` of its stream. */
  const eventOf = <T extends WorkflowRunEventType>(
    workflowRunId: string,
    eventIndex: number,
    type: T,
    fields: WorkflowRunEventFields[T],
  ) =>
    ({
      type,
      workflowRunId,
      eventIndex,
      timestamp: new Date().toISOString(),
      persistenceState: 'persisted',
      ...fields,
    }) as WorkflowRunEvent;

  const started = (workflowRunId: string) =>
    eventOf(workflowRunId, 0, 'workflow_started', { input: { topic: 'ünïcode' } });

  const stepStarted = (row: WorkflowRunRow, stepIndex: number, eventIndex: number) =>
    eventOf(row.id, eventIndex, 'step_started', {
      stepIndex,
      stepKey: null,
      stepType: 'tool',
      refId: row.steps[stepIndex].ref_id ?? null,
    });

  const newRunOf = (stepCount: number) => ({
    workflowId,
    owner: 'alice',
    input: { topic: 'ünïcode' },
    steps: Array.from({ length: stepCount }, (_, index) => ({
      type: 'tool' as const,
      ref_id: randomUUID(),
      name: `step_${index}`,
    })),
    depth: 0,
    instanceId: 'this-instance',
  });

  /** A run stored with only its `workflow_started`, `first`. */
  const insert = async (stepCount: number) => {
    const { row, opening } = await runs().insert(newRunOf(stepCount), [started(randomUUID())]);
    return { row, first: opening[0] };
  };

  const newRun = async () => (await insert(0)).row;

  it("stores a step's end and the next step's start together, numbered in order, with their changes", async () => {
    const { row, first } = await insert(2);
    const [ended, started] = await store().appendAll(
      [
        eventOf(row.id, 3, 'step_completed', {
          stepIndex: 0,
          output: { url: 'https://example.test/ü' },
        }),
        stepStarted(row, 1, 4),
      ],
      [
        { index: 0, status: 'completed', output: { url: 'https://example.test/ü' } },
        { index: 1, status: 'running', runId: null },
      ],
    );

    expect([ended.sequenceNumber, started.sequenceNumber]).toEqual([
      Number(first.sequenceNumber) + 1,
      Number(first.sequenceNumber) + 2,
    ]);
    expect(
      (await store().listAfter(row.id, 0)).map(({ type, sequenceNumber }) => [
        type,
        sequenceNumber,
      ]),
    ).toEqual([
      ['step_completed', ended.sequenceNumber],
      ['step_started', started.sequenceNumber],
    ]);
    expect((await runs().steps(row.id)).map(({ status, output }) => ({ status, output }))).toEqual([
      { status: 'completed', output: { url: 'https://example.test/ü' } },
      { status: 'running', output: null },
    ]);
    expect((await runs().find(row.id))?.last_sequence_number).toBe(started.sequenceNumber);
  });

  it('changes only what a step change names, the other steps and columns kept', async () => {
    const { row } = await insert(3);
    const error = { code: 'TOOL_FAILED', message: 'Nöpe "quoted" \\ back' };
    await runs().changeStep(row.id, { index: 0, status: 'completed', output: 'a "string"' });
    await runs().changeStep(row.id, { index: 1, status: 'completed', output: null });
    await runs().changeStep(row.id, { index: 2, status: 'running' });
    await runs().changeStep(row.id, { index: 2, status: 'failed', error });
    await runs().changeStep(row.id, { index: 0, status: 'awaiting_approval' });

    expect(
      (await runs().steps(row.id)).map(({ status, output, error }) => ({ status, output, error })),
    ).toEqual([
      { status: 'awaiting_approval', output: 'a "string"', error: null },
      { status: 'completed', output: null, error: null },
      { status: 'failed', output: null, error },
    ]);
    const other = await insert(1);
    expect((await runs().steps(other.row.id)).map(({ status }) => status)).toEqual(['pending']);
  });

  it('starts with its steps pending and its first event numbered, the count going on from it', async () => {
    const { row, first } = await insert(2);

    expect(row).toMatchObject({
      id: first.workflowRunId,
      status: 'running',
      owner: 'alice',
      input: { topic: 'ünïcode' },
      instance_id: 'this-instance',
    });
    expect(row.created_at).toBeInstanceOf(Date);
    expect((await runs().steps(row.id)).map(({ index, status }) => ({ index, status }))).toEqual([
      { index: 0, status: 'pending' },
      { index: 1, status: 'pending' },
    ]);
    const next = await store().append(stepStarted(row, 0, 1));
    expect((await store().listAfter(row.id, -1)).map((event) => event.sequenceNumber)).toEqual([
      first.sequenceNumber,
      next.sequenceNumber,
    ]);
    expect(next.sequenceNumber).toBe(Number(first.sequenceNumber) + 1);
  });

  it("stores the first step's start with the run, numbered after its start, that step running", async () => {
    const run = newRunOf(2);
    const id = randomUUID();
    const firstStep = eventOf(id, 1, 'step_started', {
      stepIndex: 0,
      stepKey: null,
      stepType: 'tool',
      refId: run.steps[0].ref_id,
    });

    const { row, opening } = await runs().insert(run, [started(id), firstStep]);

    expect(opening.map(({ type, sequenceNumber }) => [type, sequenceNumber])).toEqual([
      ['workflow_started', 0],
      ['step_started', 1],
    ]);
    expect(row.last_sequence_number).toBe(1);
    expect(
      (await store().listAfter(id, -1)).map(({ type, sequenceNumber }) => [type, sequenceNumber]),
    ).toEqual([
      ['workflow_started', 0],
      ['step_started', 1],
    ]);
    expect((await runs().steps(id)).map(({ status }) => status)).toEqual(['running', 'pending']);
  });

  it('stores nothing of a run whose id is taken', async () => {
    const { row } = await insert(1);
    await expect(
      runs().insert(
        { workflowId, owner: 'bob', input: null, steps: [], depth: 0, instanceId: 'x' },
        [started(row.id)],
      ),
    ).rejects.toThrow();
    expect(await store().listAfter(row.id, -1)).toHaveLength(1);
    expect(await runs().find(row.id)).toMatchObject({ owner: 'alice' });
  });

  const endEvent = (workflowRunId: string, output: unknown) =>
    eventOf(workflowRunId, 1, 'workflow_completed', { output });

  const end = (workflowRunId: string, ending: WorkflowRunEnding, output: unknown = null) =>
    store()
      .appendChanging([endEvent(workflowRunId, output)], runs().ending(ending, 2))
      .then((stored) => stored?.[0]);

  it('stores the event, numbered, with the run completed and its output', async () => {
    const run = await newRun();
    const output = { url: 'https://example.test/x', nested: [1, null, 'ß'] };

    const stored = await end(run.id, { status: 'completed', output }, output);

    expect(stored?.sequenceNumber).toBe(run.last_sequence_number + 1);
    expect(stored?.sequenceNumber).toBe(1);
    const ended = await runs().find(run.id);
    expect(ended).toMatchObject({ status: 'completed', output, error: null, next_event_index: 2 });
    expect(ended?.finished_at).toBeInstanceOf(Date);
    const events = await store().listAfter(run.id, 0);
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
    expect(await store().listAfter(run.id, 0)).toEqual([]);
    expect(await runs().find(run.id)).toMatchObject({
      status: 'cancelled',
      output: null,
      next_event_index: 1,
    });
  });

  it("stores the last step's end with the run's end, numbered in order, by one statement", async () => {
    const { row, first } = await insert(1);
    const output = { url: 'https://example.test/ß' };

    const stored = await store().appendChanging(
      [
        eventOf(row.id, 2, 'step_completed', { stepIndex: 0, output }),
        eventOf(row.id, 3, 'workflow_completed', { output }),
      ],
      runs().ending({ status: 'completed', output }, 4),
      [{ index: 0, status: 'completed', output }],
    );

    expect(stored?.map(({ type, sequenceNumber }) => [type, sequenceNumber])).toEqual([
      ['step_completed', Number(first.sequenceNumber) + 1],
      ['workflow_completed', Number(first.sequenceNumber) + 2],
    ]);
    expect(await runs().find(row.id)).toMatchObject({ status: 'completed', output });
    expect((await runs().steps(row.id)).map(({ status }) => status)).toEqual(['completed']);
  });

  it('stores no event of a step ending with a run that has ended meanwhile', async () => {
    const { row } = await insert(1);
    await runs().finish(row.id, { status: 'cancelled' }, 2);

    const stored = await store().appendChanging(
      [
        eventOf(row.id, 2, 'step_completed', { stepIndex: 0, output: 'late' }),
        eventOf(row.id, 3, 'workflow_completed', { output: 'late' }),
      ],
      runs().ending({ status: 'completed', output: 'late' }, 4),
      [{ index: 0, status: 'completed', output: 'late' }],
    );

    expect(stored).toBeUndefined();
    expect(await store().listAfter(row.id, 0)).toEqual([]);
    expect(await runs().find(row.id)).toMatchObject({ status: 'cancelled', output: null });
  });

  it('reads a workflow to run by its id, with its steps; none for another id', async () => {
    const workflows = module().get(WorkflowsRepository);

    expect(await workflows.definitionOf(workflowId)).toEqual({
      id: workflowId,
      name: `storage_${process.pid}`,
      input_schema: expect.any(Object),
      steps: [],
    });
    expect(await workflows.definitionOf(randomUUID())).toBeUndefined();
    expect(await workflows.definitionOf('not-a-uuid')).toBeUndefined();
  });
});
