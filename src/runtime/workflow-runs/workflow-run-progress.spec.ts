import { WorkflowRunProgress } from './workflow-run-progress';
import { type OwnWorkflowRunEvent } from './workflow-run-event.types';

/** An event of the workflow run itself, with made-up common fields. */
function own(fields: Partial<OwnWorkflowRunEvent> & Pick<OwnWorkflowRunEvent, 'type'>) {
  return {
    workflowRunId: 'wr',
    eventIndex: 0,
    timestamp: '2026-11-29T10:00:00.000Z',
    persistenceState: 'persisted',
    ...fields,
  } as OwnWorkflowRunEvent;
}

describe('WorkflowRunProgress', () => {
  it('tells a step’s start, its retries, a failure passed over and its completion', () => {
    const reported: string[] = [];
    const progress = new WorkflowRunProgress((message) => reported.push(message));
    const failure = { error: 'down', code: 'TOOL_EXECUTION_FAILED' };

    progress.deliver(
      own({ type: 'step_started', stepIndex: 0, stepKey: 'fetch', stepType: 'tool', refId: 't' }),
    );
    progress.deliver(
      own({ type: 'step_retrying', stepIndex: 0, attempt: 1, delayMs: 1500, ...failure }),
    );
    progress.deliver(own({ type: 'step_failed', stepIndex: 0, ...failure, continued: true }));
    progress.deliver(own({ type: 'step_completed', stepIndex: 1, output: null }));
    // A failure that fails the run is told by the run's own end, not as a step's progress.
    progress.deliver(own({ type: 'step_failed', stepIndex: 2, ...failure }));

    expect(reported).toEqual([
      'step 1 (fetch) started',
      'step 1 failed (TOOL_EXECUTION_FAILED), retrying in 1.5 s',
      'step 1 failed (TOOL_EXECUTION_FAILED), going on without it',
      'step 2 completed',
    ]);
  });
});
