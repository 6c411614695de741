import { type Span, SpanKind } from '@opentelemetry/api';
import { executionPlacement, failSpan, inSpan, tracer } from '../../core/telemetry/tracing';
import { type RunStatus, type WorkflowRunStep } from '../../database/schema';
import { executionOutcomeOf } from '../execution-outcome';

/** The workflow a run runs, as its span names it. */
export interface TracedWorkflow {
  id: string;
  name: string;
}

/**
 * The span of a workflow run's execution, not yet active: `invoke_workflow {workflow}` in the
 * GenAI conventions (which have no workflow id: toolhub's own attribute carries it). A run
 * resumed after a restart continues the trace its first execution started (`traceParent`),
 * linked to what resumed it.
 */
export function startWorkflowRunSpan(
  workflow: TracedWorkflow,
  workflowRunId: string,
  traceParent?: string | null,
): Span {
  const { parent, links } = executionPlacement(traceParent);
  return tracer.startSpan(
    `invoke_workflow ${workflow.name}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'invoke_workflow',
        'gen_ai.workflow.name': workflow.name,
        'toolhub.workflow.id': workflow.id,
        'toolhub.workflow_run.id': workflowRunId,
        ...(traceParent && { 'toolhub.workflow_run.resumed': true }),
      },
      links,
    },
    parent,
  );
}

/**
 * Ends a workflow run's span with how its execution ended (`status`: what it ended with, or
 * still active when the server stopped and left it), failed if the run failed.
 */
export function endWorkflowRunSpan(
  span: Span,
  status: RunStatus,
  error?: { code: string; message: string } | null,
): void {
  span.setAttribute('toolhub.workflow_run.outcome', executionOutcomeOf(status));
  if (status === 'failed') {
    failSpan(span, Object.assign(new Error(error?.message), { code: error?.code }));
  }
  span.end();
}

/**
 * Runs a step in its span, under the workflow run's: an agent step's run and a tool step's call
 * make their spans inside it. A step stopped on purpose (cancelled, left at shutdown) has not
 * failed.
 */
export function inStepSpan<T>(
  step: WorkflowRunStep,
  index: number,
  work: () => Promise<T>,
  stoppedOnPurpose: (error: unknown) => boolean,
): Promise<T> {
  return inSpan(
    `workflow_step ${step.name}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        'toolhub.workflow_run.step.index': index,
        'toolhub.workflow_run.step.type': step.type,
        ...(step.key !== undefined && { 'toolhub.workflow_run.step.key': step.key }),
      },
    },
    work,
    { isFailure: (error) => !stoppedOnPurpose(error) },
  );
}
