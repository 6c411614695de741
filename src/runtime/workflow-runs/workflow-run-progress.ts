import { type ProgressReporter } from '../../tools/tool.contract';
import { RunProgress } from '../agent-tools/run-progress';
import { type RunEvent } from '../events/run-event.types';
import { type StepPlace, type WorkflowRunEvent } from './workflow-run-event.types';

/**
 * Tells a caller that asked to hear progress what the workflow run it waits for does now: each
 * step started and completed (or failed, then retried or passed over), and within an agent step
 * what its run does (see `RunProgress`), named by its step.
 */
export class WorkflowRunProgress {
  /** Per agent step's run: each counts its own turns. */
  private readonly stepRuns = new Map<string, RunProgress>();

  constructor(private readonly report: ProgressReporter) {}

  deliver(event: WorkflowRunEvent): void {
    if ('runId' in event && 'stepPath' in event) {
      this.stepRunProgress(event.runId, event).deliver(event as unknown as RunEvent);
    } else if (event.type === 'step_started') {
      const key = event.stepKey === null ? '' : ` (${event.stepKey})`;
      this.report(`${stepName(event)}${key} started`);
    } else if (event.type === 'step_completed') {
      this.report(`${stepName(event)} completed`);
    } else if (event.type === 'step_retrying') {
      const seconds = (event.delayMs / 1000).toFixed(1);
      this.report(`${stepName(event)} failed (${event.code}), retrying in ${seconds} s`);
    } else if (event.type === 'step_failed' && event.continued) {
      this.report(`${stepName(event)} failed (${event.code}), going on without it`);
    }
  }

  private stepRunProgress(runId: string, place: StepPlace): RunProgress {
    let progress = this.stepRuns.get(runId);
    if (!progress) {
      progress = new RunProgress((message) => this.report(`${stepName(place)}: ${message}`));
      this.stepRuns.set(runId, progress);
    }
    return progress;
  }
}

/** A top-level step by its number, a nested one by its path. */
const stepName = (place: StepPlace) =>
  place.stepIndex === undefined ? `step ${place.stepPath}` : `step ${place.stepIndex + 1}`;
