import { type DomainError } from '../core/errors';
import { type ProgressReporter, type ToolCallOrigin } from './tool.contract';

/** Where a call's work stands, as clients that follow it as a task see it. */
export type ToolWorkStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** A tool call that the work waits on a human to approve. */
export interface ToolWorkApproval {
  id: string;
  toolName: string;
  arguments: Record<string, unknown>;
}

/** An artifact the work produced. */
export interface ToolWorkArtifact {
  id: string;
  name: string;
  version: number;
  mime_type: string;
  size_bytes: number;
}

/** The artifacts a call's answer says its work saved, for transports that link them. */
export type ArtifactsOfAnswer = (answer: unknown) => readonly ToolWorkArtifact[];

/** The state of a call's work now. */
export interface ToolWorkState {
  status: ToolWorkStatus;
  /** What the work does now, for people ("calling encodePlantUML"). */
  statusMessage: string;
  /** The approvals it waits for (`input_required`). */
  approvals: ToolWorkApproval[];
  /** The call's answer, as a direct call would have answered (`completed`). */
  answer?: unknown;
  /** Its final text for people, when it has one beside the answer (`completed`). */
  answerText?: string;
  /** The artifacts it produced (`completed`). */
  artifacts?: ToolWorkArtifact[];
  /** Why it failed, as a direct call would have failed (`failed`, `cancelled`). */
  error?: DomainError;
}

/**
 * A kind whose calls run as stored work of their own (a run, a workflow run) can hand a client
 * the work instead of waiting for it: started here, followed and steered by its id. The work
 * is stored, so any instance answers for it, after a restart too.
 */
export interface ToolWork {
  /** Starts the call's work and answers its id once it is stored; it runs on without a caller. */
  start(input: Record<string, unknown>, origin: ToolCallOrigin): Promise<string>;
}

/** Following and steering work started by `ToolWork.start`, by its id, for its owner. */
export interface ToolWorkControl {
  state(workId: string): Promise<ToolWorkState>;
  /**
   * Reports what the work does, from its start, exactly as a direct call's `reportProgress`
   * hears it, and resolves once it has ended; `signal` stops following it.
   */
  follow(workId: string, report: ProgressReporter, signal: AbortSignal): Promise<void>;
  /** Cancels the work, as its own REST cancel would; nothing if it has ended. */
  cancel(workId: string): Promise<void>;
  /**
   * Decides one of its approvals for `user`, exactly as `POST /api/v1/approvals/{id}` would:
   * the first decision wins.
   */
  decide(
    user: string,
    approvalId: string,
    decision: { approve: boolean; reason?: string },
  ): Promise<void>;
}
