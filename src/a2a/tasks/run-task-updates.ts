import { randomUUID } from 'node:crypto';
import type { Artifact, Message, Part, TaskStatusUpdateEvent } from '@a2a-js/sdk';
import type { AgentExecutionEvent } from '@a2a-js/sdk/server';
import { type SavedArtifact } from '../../artifacts/processing/tool-response';
import { type RunEvent } from '../../runtime/events/run-event.types';
import { type RunRow } from '../../runtime/runs/runs.repository';
import { a2aSdk, a2aServerSdk } from '../loaded-on-first-use';

/** The task a run is, as the protocol names it, and where the artifacts it links to are read. */
export interface TaskOfRun {
  taskId: string;
  contextId: string;
  /** The server's base URL, for the links to the run's artifacts. */
  origin: string;
}

/** The approval a paused task waits for, kept in its `input-required` status message. */
export interface AwaitedApproval {
  approvalId: string;
  /** The index of its `approval_requested` event: a follow-up follows the run from there. */
  eventIndex: number;
}

const APPROVAL_ID = 'toolhub_approval_id';
const EVENT_INDEX = 'toolhub_event_index';

/**
 * Turns a run's events into the task's updates as they happen: each model answer a `working`
 * status with its text, each artifact a tool result was saved as an artifact of the task with
 * a link its caller can fetch with its key; the end, the task's final status.
 */
export class RunTaskUpdates {
  private lastAnswer = '';

  constructor(private readonly task: TaskOfRun) {}

  get taskId(): string {
    return this.task.taskId;
  }

  get contextId(): string {
    return this.task.contextId;
  }

  updatesFor(event: RunEvent): AgentExecutionEvent[] {
    const { AgentEvent } = a2aServerSdk();
    switch (event.type) {
      case 'message':
        if (event.content === '') return [];
        this.lastAnswer = event.content;
        return [AgentEvent.statusUpdate(this.status('TASK_STATE_WORKING', event.content))];
      case 'tool_result':
        return (event.artifacts ?? []).map((artifact) =>
          AgentEvent.artifactUpdate({
            taskId: this.task.taskId,
            contextId: this.task.contextId,
            artifact: this.fileArtifact(artifact),
            append: false,
            lastChunk: true,
            metadata: undefined,
          }),
        );
      case 'user_message_sent':
      case 'thinking_chunk':
      case 'thinking_complete':
      case 'message_chunk':
      case 'thinking':
      case 'tool_use':
      case 'approval_requested':
      case 'approval_resolved':
      case 'error':
      case 'complete':
        // The answer is whole in `message`; approvals and the end are the executor's to read.
        return [];
    }
  }

  working(): AgentExecutionEvent {
    return a2aServerSdk().AgentEvent.statusUpdate(this.status('TASK_STATE_WORKING'));
  }

  failed(reason: string): AgentExecutionEvent {
    return a2aServerSdk().AgentEvent.statusUpdate(this.status('TASK_STATE_FAILED', reason));
  }

  canceled(): AgentExecutionEvent {
    return a2aServerSdk().AgentEvent.statusUpdate(
      this.status('TASK_STATE_CANCELED', 'The run was cancelled'),
    );
  }

  /** The task waits for the user's decision on a tool call, named with its arguments. */
  inputRequired(event: RunEvent<'approval_requested'>): AgentExecutionEvent {
    const text =
      `Approval needed before calling ${event.toolName}: ${event.description}. ` +
      'Answer in this task with a data part {"decision": "approve" | "reject", "reason"?: "..."}.';
    const message = this.agentMessage([
      textPart(text),
      dataPart({
        approval_id: event.approvalId,
        tool_name: event.toolName,
        arguments: event.args,
        description: event.description,
      }),
    ]);
    message.metadata = { [APPROVAL_ID]: event.approvalId, [EVENT_INDEX]: event.eventIndex };
    return a2aServerSdk().AgentEvent.statusUpdate(
      this.statusWith('TASK_STATE_INPUT_REQUIRED', message),
    );
  }

  /** How the run ended, as the task's last updates: its answer as an artifact, then its state. */
  ended(run: Pick<RunRow, 'status' | 'error'>): AgentExecutionEvent[] {
    const { AgentEvent } = a2aServerSdk();
    switch (run.status) {
      case 'completed':
        return [
          AgentEvent.artifactUpdate({
            taskId: this.task.taskId,
            contextId: this.task.contextId,
            artifact: {
              artifactId: 'response',
              name: 'response',
              description: "The agent's answer",
              parts: [textPart(this.lastAnswer)],
              metadata: undefined,
              extensions: [],
            },
            append: false,
            lastChunk: true,
            metadata: undefined,
          }),
          AgentEvent.statusUpdate(this.status('TASK_STATE_COMPLETED', this.lastAnswer)),
        ];
      case 'cancelled':
        return [this.canceled()];
      case 'failed':
      case 'running':
      case 'awaiting_approval': {
        const reason = run.error
          ? `${run.error.code}: ${run.error.message}`
          : `The run stopped while ${run.status}`;
        return [this.failed(reason)];
      }
    }
  }

  private fileArtifact({ id, name, version, mime_type }: SavedArtifact): Artifact {
    const url = `${this.task.origin}/api/v1/artifacts/${id}/content?version=${version}`;
    return {
      artifactId: `${id}@${version}`,
      name,
      description: 'Saved from a tool result; fetch it with the API key that started the task',
      parts: [
        {
          content: { $case: 'url', value: url },
          mediaType: mime_type,
          filename: name,
          metadata: undefined,
        },
      ],
      metadata: { toolhub_artifact_id: id, version },
      extensions: [],
    };
  }

  private status(state: StateName, text?: string): TaskStatusUpdateEvent {
    return this.statusWith(
      state,
      text === undefined ? undefined : this.agentMessage([textPart(text)]),
    );
  }

  private statusWith(state: StateName, message: Message | undefined): TaskStatusUpdateEvent {
    return {
      taskId: this.task.taskId,
      contextId: this.task.contextId,
      status: { state: a2aSdk().TaskState[state], message, timestamp: new Date().toISOString() },
      metadata: undefined,
    };
  }

  private agentMessage(parts: Part[]): Message {
    return {
      messageId: randomUUID(),
      taskId: this.task.taskId,
      contextId: this.task.contextId,
      role: a2aSdk().Role.ROLE_AGENT,
      parts,
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    };
  }
}

type StateName =
  | 'TASK_STATE_WORKING'
  | 'TASK_STATE_COMPLETED'
  | 'TASK_STATE_FAILED'
  | 'TASK_STATE_CANCELED'
  | 'TASK_STATE_INPUT_REQUIRED';

export function textPart(text: string): Part {
  return {
    content: { $case: 'text', value: text },
    mediaType: 'text/plain',
    filename: '',
    metadata: undefined,
  };
}

function dataPart(data: Record<string, unknown>): Part {
  return {
    content: { $case: 'data', value: data },
    mediaType: 'application/json',
    filename: '',
    metadata: undefined,
  };
}

/** The approval an `input-required` status waits for; undefined for any other status. */
export function awaitedApprovalOf(message: Message | undefined): AwaitedApproval | undefined {
  const approvalId = message?.metadata?.[APPROVAL_ID] as unknown;
  const eventIndex = message?.metadata?.[EVENT_INDEX] as unknown;
  if (typeof approvalId !== 'string' || typeof eventIndex !== 'number') return undefined;
  return { approvalId, eventIndex };
}
